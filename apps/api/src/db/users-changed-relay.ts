import pg from 'pg';
import type { Logger } from '../lib/logger.js';
import type { SessionUsers } from '../modules/users/session-users.js';

/**
 * Keeps this process's session rows (../modules/users/session-users.ts) in step with the
 * `users` table, whoever changes it:
 *
 * - a trigger on `users` (migration 0010) sends `NOTIFY lede_users_changed` with the reader's
 *   id for every updated or deleted row, and an empty payload for a TRUNCATE; PostgreSQL
 *   delivers it when the change commits, to every instance (this one's own changes included);
 * - a connection of its own `LISTEN`s and drops the named row, or every row;
 * - while that connection is down (the database restarted) changes may go unheard, so the
 *   rows are not served at all until it listens again, and then start afresh.
 */
export const USERS_CHANNEL = 'lede_users_changed';

/** How the listening connection shows in pg_stat_activity. */
export const USERS_RELAY_APPLICATION_NAME = 'lede users-changed relay';

export interface UsersChangedRelayOptions {
  connectionString: string;
  sessionUsers: SessionUsers;
  logger: Logger;
  /** Pause before listening again after the connection broke (default 1 s, doubling to 30 s). */
  reconnectMs?: number;
}

export interface UsersChangedRelay {
  stop(): Promise<void>;
}

export async function startUsersChangedRelay({
  connectionString,
  sessionUsers,
  logger,
  reconnectMs = 1_000,
}: UsersChangedRelayOptions): Promise<UsersChangedRelay> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = reconnectMs;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== USERS_CHANNEL) return;
    if (message.payload) sessionUsers.forget(message.payload);
    else sessionUsers.forgetAll();
  };

  const scheduleListen = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, 30_000);
  };

  const listen = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString,
      application_name: USERS_RELAY_APPLICATION_NAME,
    });
    let failed = false;
    const lost = (err?: Error) => {
      if (failed) return;
      failed = true;
      sessionUsers.suspend();
      if (client === next) client = undefined;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (stopped) return;
      logger.warn(
        { error: err?.message ?? 'connection ended' },
        'lost the connection that hears changes of readers: listening again shortly',
      );
      scheduleListen();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      next.on('notification', onNotification);
      await next.query(`listen ${USERS_CHANNEL}`);
    } catch (err) {
      lost(err as Error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = reconnectMs;
    // Whatever was kept before may have changed unheard.
    sessionUsers.resume();
  };

  // Nothing is served until the first LISTEN is in place.
  sessionUsers.suspend();
  await listen();

  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      sessionUsers.suspend();
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
