import { CATEGORY_IDS } from '@lede/shared';
import { ACTION_WEIGHTS, type HistoryEvent } from '../ranker/index.js';

const CATEGORY_KEYWORDS: ReadonlySet<string> = new Set(CATEGORY_IDS);

/**
 * The keywords the reader engages with most (action-weighted; dislikes do not count), for the
 * keyword candidate source. Category ids are left out: every article carries its categories
 * as keywords, and the interest source already covers them. Ties go alphabetically.
 */
export function topProfileKeywords(history: readonly HistoryEvent[], limit: number): string[] {
  const weights = new Map<string, number>();
  for (const event of history) {
    const weight = ACTION_WEIGHTS[event.action];
    if (weight <= 0) continue;
    for (const keyword of new Set(event.article.keywords)) {
      if (CATEGORY_KEYWORDS.has(keyword)) continue;
      weights.set(keyword, (weights.get(keyword) ?? 0) + weight);
    }
  }
  return [...weights]
    .sort(([a, wa], [b, wb]) => wb - wa || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([keyword]) => keyword);
}
