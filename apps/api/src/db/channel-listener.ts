import pg from 'pg';
import type { Logger } from '../lib/logger.js';

export interface ChannelListenerOptions {
  connectionString: string;
  channel: string;
  /** How the listening connection shows in pg_stat_activity. */
  applicationName: string;
  logger: Logger;
  /** What the warning says when the connection is lost ("... : listening again shortly"). */
  lostMessage: string;
  onNotification: (payload: string | undefined) => void;
  /** LISTEN is in place; `again` after a lost connection (notifications may have been missed). */
  onListening?: (again: boolean) => void;
  /** The connection broke: notifications go unheard until the next onListening. */
  onLost?: () => void;
  /** Pause before listening again after the connection broke (default 1 s, doubling to 30 s). */
  reconnectMs?: number;
}

export interface ChannelListener {
  stop(): Promise<void>;
}

/**
 * `LISTEN`s on `channel` over a connection of its own, and listens again (with a growing pause)
 * whenever that connection breaks, e.g. when the database restarts. Resolves once the first
 * attempt is over, listening or not.
 */
export async function listenToChannel(options: ChannelListenerOptions): Promise<ChannelListener> {
  const { connectionString, channel, applicationName, logger, reconnectMs = 1_000 } = options;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = reconnectMs;

  const onNotification = (message: pg.Notification) => {
    if (message.channel === channel) options.onNotification(message.payload || undefined);
  };

  const scheduleListen = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void listen(true);
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, 30_000);
  };

  const listen = async (again: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: applicationName });
    let failed = false;
    const lost = (err?: Error) => {
      if (failed) return;
      failed = true;
      options.onLost?.();
      if (client === next) client = undefined;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (stopped) return;
      logger.warn(
        { error: err?.message ?? 'connection ended' },
        `${options.lostMessage}: listening again shortly`,
      );
      scheduleListen();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      next.on('notification', onNotification);
      await next.query(`listen ${channel}`);
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
    options.onListening?.(again);
  };

  await listen(false);

  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      retry = undefined;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
