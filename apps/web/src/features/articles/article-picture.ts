import { DEFAULT_ARTICLE_IMAGE_PATH, type PublicArticle } from '@lede/shared/constants';

/** The article's own picture, or null: for an article without one the API sends the default. */
export function pictureOf(article: Pick<PublicArticle, 'image_url'>): string | null {
  const url = article.image_url.trim();
  return url && url !== DEFAULT_ARTICLE_IMAGE_PATH ? url : null;
}
