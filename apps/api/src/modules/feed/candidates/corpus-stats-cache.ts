import type { DbExecutor } from '../../../db/client.js';
import { buildCorpusStats, type CorpusStats } from '../ranker/index.js';
import { signalsRepository as repo, type CorpusWindow } from './signals.repository.js';
import { STATS_MAX_ARTICLES } from '../feed.settings.js';

/** Identifies a candidate window's contents: same newest article, same count, same newest ingestion. */
export const corpusWindowKey = (window: CorpusWindow) =>
  `${window.anchor.getTime()}|${window.articles}|${window.lastIngestedMs}`;

/**
 * The ranker's IDF statistics, kept while the candidate window stays the same (same newest
 * article, same count, same newest ingestion). Reusing one CorpusStats object matters: the
 * ranker caches article vectors per stats object, so a warm refresh tokenises nothing.
 */
export function createCorpusStatsCache() {
  let current: { key: string; stats: Promise<CorpusStats> } | undefined;

  return function statsFor(
    db: DbExecutor,
    window: CorpusWindow,
    bounds: { since: Date; now: Date },
  ): Promise<CorpusStats> {
    const key = corpusWindowKey(window);
    if (current?.key !== key) {
      const entry = {
        key,
        stats: repo
          .windowTexts(db, bounds.since, bounds.now, STATS_MAX_ARTICLES)
          .then((texts) => buildCorpusStats(texts)),
      };
      // A failed build must not stay cached.
      entry.stats.catch(() => {
        if (current === entry) current = undefined;
      });
      current = entry;
    }
    return current.stats;
  };
}

export type CorpusStatsCache = ReturnType<typeof createCorpusStatsCache>;
