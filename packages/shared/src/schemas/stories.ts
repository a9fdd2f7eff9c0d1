import { z } from 'zod';
import { publicArticleSchema } from './articles.js';
import { withOptionalAccessToken } from './common.js';

/** One story across sources (routes/stories.ts). */

export const storyIdSchema = z.string({ error: 'story_id is required' }).uuid('Invalid story id');

export const storyByIdQuery = z.object({ story_id: storyIdSchema });

/**
 * Why an article is in its story: the rule, the similarity and what it shared with the story,
 * both as the clustering's features (`shared_terms`: lowercase stems and phrases, heaviest
 * first) and as the headlines write them (`shared_words`: "Turks and Caicos", not "turk caico";
 * a feature no headline shows is left out).
 */
export const storyJoinSchema = z.object({
  rule: z.enum(['new', 'similar', 'same-title', 'merged']),
  score: z.number(),
  shared_terms: z.array(z.string()),
  shared_words: z.array(z.string()),
});

export const storyArticleSchema = publicArticleSchema.extend({
  joined: storyJoinSchema,
  /**
   * Whether the source gave a time of day with the date: false for a date only (the bundled
   * corpus), whose `pubDate` then holds noon UTC of that day and is shown as a date.
   */
  pub_date_has_time: z.boolean(),
});

export const storySourceSchema = z.object({
  source_name: z.string(),
  source_url: z.string().nullable(),
  source_icon: z.string().nullable(),
  /** When this source first reported the story, and with which article. */
  first_reported: z.string(),
  /** Whether that article's source gave a time of day (else `first_reported` is a date). */
  first_reported_has_time: z.boolean(),
  article_id: z.string(),
  articles: z.number().int().min(1),
});

export const storySchema = z.object({
  _id: z.string(),
  /** The headline of its most representative report (`title_article_id`). */
  title: z.string(),
  /**
   * The report whose headline is the title: the one nearest the story's centre, preferring the
   * source that reported first and the one with most reports; it changes as the story grows.
   */
  title_article_id: z.string(),
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
