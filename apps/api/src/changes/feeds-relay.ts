import { listenToChannel } from '../db/channel-listener.js';
import type { Logger } from '../lib/logger.js';
import type { Changes } from './changes.js';

/**
 * Keeps this process's prepared feed answers (GET /api/recommendations/get) in step with the
 * `recommendations` table, whoever changes it:
 *
 * - triggers on `recommendations` (migration 0012) send `NOTIFY lede_feeds_changed` with the
 *   reader's id for every statement that changed their feed; PostgreSQL delivers it when the
 *   change commits, to every instance (this one's own changes included, which it has already
 *   announced to itself: hearing them again costs one more build of that answer);
 * - a connection of its own `LISTEN`s and marks that reader's feed changed;
 * - when that connection breaks (the database restarted) and when it listens again, every
 *   feed counts as changed, as notifications may have gone unheard; in between, an answer
 *   lives at most `PUBLIC_CACHE_SECONDS`.
 */
export const FEEDS_CHANNEL = 'lede_feeds_changed';

/** How the listening connection shows in pg_stat_activity. */
export const FEEDS_RELAY_APPLICATION_NAME = 'lede feeds-changed relay';

export interface FeedsChangedRelayOptions {
  connectionString: string;
  /** This process's change notices: every change heard marks that reader's feed changed. */
  changes: Changes;
  logger: Logger;
  /** Pause before listening again after the connection broke (default 1 s, doubling to 30 s). */
  reconnectMs?: number;
}

export async function startFeedsChangedRelay({
  connectionString,
  changes,
  logger,
  reconnectMs,
}: FeedsChangedRelayOptions): Promise<{ stop(): Promise<void> }> {
  const listener = await listenToChannel({
    connectionString,
    channel: FEEDS_CHANNEL,
    applicationName: FEEDS_RELAY_APPLICATION_NAME,
    logger,
    reconnectMs,
    lostMessage: "lost the connection that hears changes of readers' feeds",
    onNotification: (readerId) => changes.feedChanged(readerId),
    onListening: () => changes.feedChanged(),
    onLost: () => changes.feedChanged(),
  });
  return { stop: () => listener.stop() };
}
