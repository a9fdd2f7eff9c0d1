import { z } from 'zod';
import { publicArticleSchema } from './articles.js';
import { withOptionalAccessToken } from './common.js';

/** One story across sources (routes/stories.ts). */

export const storyIdSchema = z.string({ error: 'story_id is required' }).uuid('Invalid story id');

export const storyByIdQuery = z.object({ story_id: storyIdSchema });

/** Why an article is in its story: the rule, the similarity and the terms that weighed most. */
export const storyJoinSchema = z.object({
  rule: z.enum(['new', 'similar', 'same-title', 'merged']),
  score: z.number(),
  shared_terms: z.array(z.string()),
});

export const storyArticleSchema = publicArticleSchema.extend({ joined: storyJoinSchema });

export const storySourceSchema = z.object({
  source_name: z.string(),
  source_url: z.string().nullable(),
  source_icon: z.string().nullable(),
  /** When this source first reported the story, and with which article. */
  first_reported: z.string(),
  article_id: z.string(),
  articles: z.number().int().min(1),
});

export const storySchema = z.object({
  _id: z.string(),
  title: z.string(),
  size: z.number().int().min(1),
  source_count: z.number().int().min(1),
  first_published: z.string(),
  last_published: z.string(),
  /** Newest first. */
  articles: z.array(storyArticleSchema),
  /** In order of first report. */
  sources: z.array(storySourceSchema),
});

export type Story = z.infer<typeof storySchema>;
export type StoryMemberArticle = z.infer<typeof storyArticleSchema>;
export type StorySource = z.infer<typeof storySourceSchema>;

export const storyResponse = withOptionalAccessToken(z.object({ story: storySchema }));
