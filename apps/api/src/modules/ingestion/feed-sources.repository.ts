import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CategoryId } from '@lede/shared';
import type { DbExecutor } from '../../db/client.js';
import { feedSources } from '../../db/schema.js';
import type { FeedSpec } from './default-feeds.js';
import type { Validators } from './fetch-text.js';
import type { SourceKind } from './ingestion.types.js';

/** All SQL on `feed_sources`: each source's fetch state, and the feeds imported from OPML. */

export type FeedSourceRow = typeof feedSources.$inferSelect;

/** What a source is, as its state row repeats it (so the status needs no list to read it). */
export interface SourceIdentity {
  url: string;
  kind: SourceKind;
  publisher?: string;
  category?: CategoryId;
}

const identity = (source: SourceIdentity) => ({
  url: source.url,
  kind: source.kind,
  publisher: source.publisher ?? null,
  category: source.category ?? null,
});

export const feedSourcesRepository = {
  /** The feeds imported from OPML files, oldest first. */
  async imported(db: DbExecutor): Promise<FeedSpec[]> {
    const rows = await db
      .select({
        url: feedSources.url,
        publisher: feedSources.publisher,
        category: feedSources.category,
      })
      .from(feedSources)
      .where(eq(feedSources.imported, true))
      .orderBy(feedSources.createdAt, feedSources.url);
    return rows.map((row) => ({
      url: row.url,
      ...(row.publisher ? { publisher: row.publisher } : {}),
      ...(row.category ? { category: row.category as CategoryId } : {}),
    }));
  },

  /** The state rows of these sources, by URL (a source never fetched has none). */
  async states(db: DbExecutor, urls: readonly string[]): Promise<Map<string, FeedSourceRow>> {
    if (urls.length === 0) return new Map();
    const rows = await db
      .select()
      .from(feedSources)
      .where(inArray(feedSources.url, [...new Set(urls)]));
    return new Map(rows.map((row) => [row.url, row]));
  },

  /** A read (`ok`, with the answer's validators) or a 304 (`not-modified`): failures reset. */
  async recordSuccess(
    db: DbExecutor,
    source: SourceIdentity,
    result: {
      at: Date;
      /** Absent for a 304: the validators held still hold. */
      validators?: Validators;
      /** Items in the document; absent for a 304. */
      items?: number;
      inserted: number;
    },
  ): Promise<void> {
    const read = result.validators !== undefined;
    const values = {
      ...identity(source),
      lastFetchAt: result.at,
      lastSuccessAt: result.at,
      lastOutcome: read ? ('ok' as const) : ('not-modified' as const),
      lastInserted: result.inserted,
      failures: 0,
      retryAt: null,
      ...(read
        ? {
            etag: result.validators?.etag ?? null,
            lastModified: result.validators?.lastModified ?? null,
            lastItems: result.items ?? 0,
          }
        : {}),
    };
    await db
      .insert(feedSources)
      .values({ ...values, insertedTotal: result.inserted })
      .onConflictDoUpdate({
        target: feedSources.url,
        set: {
          ...values,
          insertedTotal: sql`${feedSources.insertedTotal} + ${result.inserted}`,
        },
      });
  },

  /** A failed fetch: the error kept, the failures counted, not fetched again before `retryAt`. */
  async recordFailure(
    db: DbExecutor,
    source: SourceIdentity,
    result: { at: Date; error: string; failures: number; retryAt: Date },
  ): Promise<void> {
    const values = {
      ...identity(source),
      lastFetchAt: result.at,
      lastOutcome: 'error' as const,
      lastInserted: 0,
      lastError: result.error,
      lastErrorAt: result.at,
      failures: result.failures,
      retryAt: result.retryAt,
    };
    await db
      .insert(feedSources)
      .values(values)
      .onConflictDoUpdate({ target: feedSources.url, set: values });
  },

  /** Adds the feeds to those every run reads (or updates their publisher and category). */
  async importFeeds(db: DbExecutor, feeds: readonly FeedSpec[]): Promise<void> {
    for (const feed of feeds) {
      const values = {
        publisher: feed.publisher ?? null,
        category: feed.category ?? null,
        imported: true,
      };
      await db
        .insert(feedSources)
        .values({ url: feed.url, kind: 'rss', ...values })
        .onConflictDoUpdate({ target: feedSources.url, set: values });
    }
  },

  /** Stops reading an imported feed (its state is kept); whether it was imported. */
  async forgetImported(db: DbExecutor, url: string): Promise<boolean> {
    const rows = await db
      .update(feedSources)
      .set({ imported: false })
      .where(and(eq(feedSources.url, url), eq(feedSources.imported, true)))
      .returning({ url: feedSources.url });
    return rows.length > 0;
  },
};
