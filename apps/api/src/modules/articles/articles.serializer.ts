import { DEFAULT_ARTICLE_IMAGE_PATH, type PublicArticle } from '@lede/shared';
import type { articles } from '../../db/schema.js';

export type ArticleRow = typeof articles.$inferSelect;

/**
 * What the public shape is made of. `pubDate` may come as the ISO text PostgreSQL wrote
 * (`publicArticleSelect`), which is what `toISOString` would give for it.
 */
export type PublicArticleSource = Pick<
  ArticleRow,
  | 'id'
  | 'title'
  | 'creator'
  | 'description'
  | 'imageUrl'
  | 'link'
  | 'sourceName'
  | 'sourceUrl'
  | 'sourceIcon'
  | 'keywords'
  | 'categories'
  | 'likes'
> & { pubDate: Date | string };

/** Every article leaves the API in this shape (spec section 3), whichever feature sends it. */
export function toPublicArticle(a: PublicArticleSource): PublicArticle {
  return {
    _id: a.id,
    title: a.title,
    creator: a.creator,
    description: a.description,
    pubDate: typeof a.pubDate === 'string' ? a.pubDate : a.pubDate.toISOString(),
    image_url: a.imageUrl ?? DEFAULT_ARTICLE_IMAGE_PATH,
    link: a.link,
    source_name: a.sourceName,
    source_url: a.sourceUrl,
    source_icon: a.sourceIcon,
    keywords: a.keywords,
    categories: a.categories,
    likes: a.likes,
  };
}
