import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.js';
import { SEARCH_MAX_LENGTH } from '../limits.js';
import { MESSAGES } from '../messages.js';
import { articleIdSchema, safeString, withOptionalAccessToken } from './common.js';

/** Public browsing and search (routes/articles.ts): the public article and its lists. */

export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** Opaque; returned as `nextCursor` by the previous page. */
  cursor: safeString().max(200).optional(),
});

/**
 * Lists show one card per story unless `collapse=false`, which lists every article. A cursor
 * belongs to the way its list was asked for.
 */
export const storyListQuery = pageQuery.extend({
  collapse: z
    .enum(['true', 'false'], { error: 'collapse must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
});

export const articleByIdQuery = z.object({ article_id: articleIdSchema });

/** "More like this": how many related articles one article page shows, at most. */
export const RELATED_MAX = 12;
export const relatedArticlesQuery = z.object({
  article_id: articleIdSchema,
  limit: z.coerce.number().int().min(1).max(RELATED_MAX).default(6),
});

export const articleByKeywordQuery = storyListQuery.extend({
  keyword: safeString({ error: 'keyword is required' })
    .trim()
    .min(1, 'keyword is required')
    .max(SEARCH_MAX_LENGTH, MESSAGES.articles.searchTooLong),
});

export const articleStorySchema = z.object({
  _id: z.string(),
  size: z.number().int().min(1),
  source_count: z.number().int().min(1),
});

export type ArticleStory = z.infer<typeof articleStorySchema>;

export const publicArticleSchema = z.object({
  _id: z.string(),
  title: z.string(),
  creator: z.array(z.string()),
  description: z.string(),
  pubDate: z.string(),
  image_url: z.string(),
  link: z.string(),
  source_name: z.string(),
  source_url: z.string().nullable(),
  source_icon: z.string().nullable(),
  keywords: z.array(z.string()),
  categories: z.array(z.string()),
  likes: z.number(),
  /** The story the article belongs to: how many articles it holds, from how many sources. */
  story: articleStorySchema,
});

export type PublicArticle = z.infer<typeof publicArticleSchema>;

export const articlesPageSchema = z.object({
  articles: z.array(publicArticleSchema),
  nextCursor: z.string().nullable(),
});

export const articlesListResponse = withOptionalAccessToken(articlesPageSchema);

export const articleResponse = withOptionalAccessToken(z.object({ article: publicArticleSchema }));

export const relatedArticlesResponse = withOptionalAccessToken(
  z.object({ articles: z.array(publicArticleSchema) }),
);
