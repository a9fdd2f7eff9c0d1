import {
  isCategoryId,
  type ArticleStory,
  type CategoryId,
  type PublicArticle,
} from '@lede/shared/constants';

/*
 * What a card says of its article, as plain functions: the React card and the card drawn before
 * React has loaded (article-card.draw.ts) say the same.
 */

/**
 * The article's own category (its label, colour and icon): its primary, `categories[0]`, the
 * same on a card, in the dialog, on its page, in Explore and in search. An answer whose first
 * category is not one of the 15 falls back to the first that is; none → null.
 */
export function categoryOf(article: Pick<PublicArticle, 'categories'>): CategoryId | null {
  const first = article.categories[0];
  if (first !== undefined && isCategoryId(first)) return first;
  return article.categories.find(isCategoryId) ?? null;
}

/**
 * What a card says of the article's story: "3 sources", or "2 articles" when one source wrote
 * them all; null for an article alone in its story.
 */
export function storyCountLabel(story: ArticleStory | undefined): string | null {
  if (!story) return null;
  if (story.source_count > 1) return `${story.source_count} sources`;
  if (story.size > 1) return `${story.size} articles`;
  return null;
}
