import { articlesSetChangedSince, articlesVersion } from '../../http/articles-changed.js';

/**
 * Search rankings (the ids of one page, in order) remembered by query. A search's order
 * depends on the text and dates of the articles held, never on their counters, so a like
 * leaves it valid: the page's body is then rebuilt from these ids (a primary-key read)
 * instead of ranking again. Under `pnpm bench load`, re-ranking after likes took 59 % of the
 * database's time. A ranking is dropped when the set of articles changes (ingestion, seeding)
 * or after `ttlMs` (which also bounds the freshness factor's drift with the clock).
 */
export function createSearchRankings({
  ttlMs,
  maxEntries = 500,
  now = () => performance.now(),
}: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}) {
  const entries = new Map<string, { ids: string[]; version: number; expiresAt: number }>();

  return {
    async get(key: string, rank: () => Promise<string[]>): Promise<string[]> {
      const held = entries.get(key);
      if (held && held.expiresAt > now() && !articlesSetChangedSince(held.version)) return held.ids;
      const version = articlesVersion();
      const ids = await rank();
      if (ttlMs > 0) {
        entries.delete(key);
        entries.set(key, { ids, version, expiresAt: now() + ttlMs });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      return ids;
    },
  };
}
