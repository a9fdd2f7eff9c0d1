import type { PublicArticle } from '@lede/shared';
import { toPublicArticle } from '../articles/index.js';
import type { FeedRow, RecommendationStatus } from './stored/feed.repository.js';

/** A recommendation as the spec's client reads it (section 7), plus why it was picked. */
export interface PublicRecommendation {
  _id: string;
  score: number;
  status: RecommendationStatus;
  article_id: PublicArticle;
  reasons: string[];
  category: string | null;
}

/** The category a card shows: the article's primary, whatever its reason names. */
export const primaryCategory = (categories: readonly string[]) => categories[0] ?? null;

export const toRecommendation = (row: FeedRow): PublicRecommendation => ({
  _id: row.id,
  score: row.score,
  status: row.status,
  article_id: toPublicArticle(row.article),
  reasons: row.reasons,
  category: primaryCategory(row.article.categories),
});
