import { listenToChannel } from '../db/channel-listener.js';
import type { Logger } from '../lib/logger.js';

/**
 * What the relay keeps in step: the session rows a process keeps (the auth module's
 * `SessionUsers`), by reader id and by session id.
 */
export interface KeptSessionRows {
  forget(readerId: string): void;
  forgetAll(): void;
  /** Serve nothing until `resume()`: changes may go unheard meanwhile. */
  suspend(): void;
  resume(): void;
  sessions: { forget(sessionId: string): void };
}

/**
 * Keeps this process's session rows (the auth module's `SessionUsers`) in step with the
 * `users` table, whoever changes it:
 *
 * - a trigger on `users` (migration 0010) sends `NOTIFY lede_users_changed` with the reader's
 *   id for every updated or deleted row, and an empty payload for a TRUNCATE; PostgreSQL
 *   delivers it when the change commits, to every instance (this one's own changes included);
 * - a trigger on `sessions` (migration 0017) sends `session:<id>` when a session ends, so its
 *   access tokens are refused from the next request on, here as on the instance that ended it;
 * - a connection of its own `LISTEN`s and drops the named row, or every row;
 * - while that connection is down (the database restarted) changes may go unheard, so the
 *   rows are not served at all until it listens again, and then start afresh.
 */
export const USERS_CHANNEL = 'lede_users_changed';
/** A session that ended or was deleted (migration 0017) comes as `session:<id>`. */
const SESSION_PREFIX = 'session:';

/** How the listening connection shows in pg_stat_activity. */
export const USERS_RELAY_APPLICATION_NAME = 'lede users-changed relay';

export interface UsersChangedRelayOptions {
  connectionString: string;
  sessionUsers: KeptSessionRows;
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
  reconnectMs,
}: UsersChangedRelayOptions): Promise<UsersChangedRelay> {
  // Nothing is served until the first LISTEN is in place.
  sessionUsers.suspend();
  const listener = await listenToChannel({
    connectionString,
    channel: USERS_CHANNEL,
    applicationName: USERS_RELAY_APPLICATION_NAME,
    logger,
    reconnectMs,
    lostMessage: 'lost the connection that hears changes of readers',
    onNotification: (payload) => {
      if (!payload) sessionUsers.forgetAll();
      else if (payload.startsWith(SESSION_PREFIX)) {
        sessionUsers.sessions.forget(payload.slice(SESSION_PREFIX.length));
      } else sessionUsers.forget(payload);
    },
    // Whatever was kept before may have changed unheard.
    onListening: () => sessionUsers.resume(),
    onLost: () => sessionUsers.suspend(),
  });
  return {
    async stop() {
      sessionUsers.suspend();
      await listener.stop();
    },
  };
}
