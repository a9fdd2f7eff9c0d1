import crypto from 'node:crypto';
import type pg from 'pg';
import { listenToChannel } from '../db/channel-listener.js';
import { errorMessageForLog } from '../lib/database-error-log.js';
import type { Logger } from '../lib/logger.js';
import type { Changes } from './changes.js';

/**
 * Carries the article changes of ./changes.ts between instances on one database,
 * so a like through one instance shows in another's prepared bodies at once instead of
 * after `PUBLIC_CACHE_SECONDS`:
 *
 * - every change announced here is sent with `NOTIFY lede_articles_changed` (changes of one
 *   event-loop turn go as one notification);
 * - a connection of its own `LISTEN`s, and replays the other instances' changes here;
 * - when that connection breaks (the database restarted), it comes back after a pause and
 *   then treats everything as changed, as notifications may have been missed meanwhile.
 *
 * PostgreSQL delivers a notification to every listening session of the database, the
 * sender's included: each instance signs its own and ignores them.
 */
export const ARTICLES_CHANNEL = 'lede_articles_changed';

/** How the listening connection shows in pg_stat_activity. */
export const RELAY_APPLICATION_NAME = 'lede articles-changed relay';

/** More articles than this in one notification become "the set changed" (payloads are < 8 kB). */
const MAX_IDS = 100;

interface Payload {
  from: string;
  /** The articles whose counters changed; absent when the set of articles changed. */
  ids?: string[];
}

export interface ArticlesChangedRelayOptions {
  connectionString: string;
  /** For sending (NOTIFY): any pooled connection will do. */
  pool: pg.Pool;
  /** This process's change notices: what they announce is sent, what others send is replayed. */
  changes: Changes;
  logger: Logger;
  /** Pause before listening again after the connection broke (default 1 s, doubling to 30 s). */
  reconnectMs?: number;
}

export interface ArticlesChangedRelay {
  stop(): Promise<void>;
}

export async function startArticlesChangedRelay({
  connectionString,
  pool,
  changes,
  logger,
  reconnectMs = 1_000,
}: ArticlesChangedRelayOptions): Promise<ArticlesChangedRelay> {
  const self = crypto.randomUUID();
  let stopped = false;
  /** True while replaying another instance's change: it is not sent back. */
  let replaying = false;

  // Sending.
  let pending: Set<string> | 'all' | undefined;
  const flush = () => {
    const ids = pending;
    pending = undefined;
    if (!ids || stopped) return;
    const payload: Payload =
      ids === 'all' || ids.size > MAX_IDS ? { from: self } : { from: self, ids: [...ids] };
    pool
      .query('select pg_notify($1, $2)', [ARTICLES_CHANNEL, JSON.stringify(payload)])
      .catch((err: unknown) =>
        logger.warn(
          { error: errorMessageForLog(err) },
          'could not tell the other instances about changed articles',
        ),
      );
  };
  changes.onArticlesChanged((articleId) => {
    if (replaying || stopped) return;
    if (pending === undefined) setImmediate(flush);
    if (articleId === undefined || pending === 'all') pending = 'all';
    else if (pending) pending.add(articleId);
    else pending = new Set([articleId]);
  });

  const replay = (change: () => void) => {
    replaying = true;
    try {
      change();
    } finally {
      replaying = false;
    }
  };

  // Listening.
  const onNotification = (raw: string | undefined) => {
    if (!raw) return;
    let payload: Payload;
    try {
      payload = JSON.parse(raw) as Payload;
    } catch {
      return;
    }
    if (payload.from === self) return;
    const { ids } = payload;
    replay(() => {
      if (!Array.isArray(ids)) changes.articlesChanged();
      else for (const id of ids) if (typeof id === 'string') changes.articleCountsChanged(id);
    });
  };
  const listener = await listenToChannel({
    connectionString,
    channel: ARTICLES_CHANNEL,
    applicationName: RELAY_APPLICATION_NAME,
    logger,
    reconnectMs,
    lostMessage: 'lost the connection that hears other instances',
    onNotification,
    // Changes made while nobody listened were not heard: whatever was prepared may be stale.
    onListening: (again) => {
      if (again) replay(changes.articlesChanged);
    },
  });

  return {
    async stop() {
      stopped = true;
      changes.onArticlesChanged(undefined);
      await listener.stop();
    },
  };
}
