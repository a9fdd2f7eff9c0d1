import type { PublicArticle } from '@lede/shared';
import { toPublicArticle } from '../articles/index.js';
import type { FeedRow, RecommendationStatus } from './feed/feed.repository.js';
import { categoryTitle } from './ranker/index.js';

/** A recommendation as the spec's client reads it (section 7), plus why it was picked. */
export interface PublicRecommendation {
  _id: string;
  score: number;
  status: RecommendationStatus;
  article_id: PublicArticle;
  reasons: string[];
  category: string | null;
}

/**
 * The category a card shows: the one its first reason names ("Because you like Health" on a
 * Lifestyle and Health story), else the article's first.
 */
export function explainedCategory(reasons: readonly string[], categories: readonly string[]) {
  const first = reasons[0];
  const named = first && categories.find((c) => first.includes(categoryTitle(c)));
  return named || (categories[0] ?? null);
}

export const toRecommendation = (row: FeedRow): PublicRecommendation => ({
  _id: row.id,
  score: row.score,
  status: row.status,
  article_id: toPublicArticle(row.article),
  reasons: row.reasons,
  category: explainedCategory(row.reasons, row.article.categories),
});
