import type { Changes } from '../../changes/index.js';

interface MemoOptions {
  ttlMs: number;
  changes: Changes;
  maxEntries?: number;
  now?: () => number;
}

/**
 * Values read from the articles and remembered by key until the set of articles changes
 * (ingestion, seeding) or `ttlMs` passes; never kept when `ttlMs` is 0. The oldest key goes
 * first past `maxEntries`.
 */
export function createArticlesSetMemo<T>({
  ttlMs,
  maxEntries = 500,
  now = () => performance.now(),
  changes: { articlesSetChangedSince, articlesVersion },
}: MemoOptions) {
  const entries = new Map<string, { value: T; version: number; expiresAt: number }>();

  return {
    async get(key: string, read: () => Promise<T>): Promise<T> {
      const held = entries.get(key);
      if (held && held.expiresAt > now() && !articlesSetChangedSince(held.version))
        return held.value;
      const version = articlesVersion();
      const value = await read();
      if (ttlMs > 0) {
        entries.delete(key);
        entries.set(key, { value, version, expiresAt: now() + ttlMs });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      return value;
    },
  };
}

/**
 * Search rankings (the ids of one page, in order) remembered by query. A search's order
 * depends on the text and dates of the articles held, never on their counters, so a like
 * leaves it valid: the page's body is then rebuilt from these ids (a primary-key read)
 * instead of ranking again. Under `pnpm bench load`, re-ranking after likes took 59 % of the
 * database's time. A ranking is dropped when the set of articles changes (ingestion, seeding)
 * or after `ttlMs` (which also bounds the freshness factor's drift with the clock).
 */
export function createSearchRankings(options: MemoOptions) {
  return createArticlesSetMemo<string[]>(options);
}
