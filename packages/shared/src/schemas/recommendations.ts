import { z } from 'zod';
import { MUTED_TOPIC_KINDS } from '../constants.js';
import { CATEGORY_IDS } from '../categories.js';
import { safeString } from './common.js';

/**
 * Reader controls of the recommendation feed (beyond the product spec, issue 11): "Fewer like
 * this", "Hide this source" with undo, and the profile page's lists of hidden sources, muted
 * topics and learned topics. All under /api/recommendations, signed in.
 */

const articleId = z.string({ error: 'article_id is required' }).uuid('Invalid article id');
const sourceName = safeString({ error: 'source_name is required' })
  .trim()
  .min(1, 'source_name is required')
  .max(200);

/** POST /api/recommendations/fewerlikethis */
export const fewerLikeThisBody = z.object({ article_id: articleId });
/** POST /api/recommendations/hidesource and /unhidesource */
export const sourceControlBody = z.object({ source_name: sourceName });

/** POST /api/recommendations/unmutetopic */
export const unmuteTopicBody = z.object({
  kind: z.enum(MUTED_TOPIC_KINDS, { error: 'kind must be category or keyword' }),
  value: safeString({ error: 'value is required' }).trim().min(1, 'value is required').max(100),
});
/** POST /api/recommendations/forgettopic */
export const forgetTopicBody = z.object({
  category: z.enum(CATEGORY_IDS, { error: 'Unknown category' }),
});

export const hiddenSourceSchema = z.object({ source_name: z.string(), hiddenAt: z.string() });
export const mutedTopicSchema = z.object({
  kind: z.enum(MUTED_TOPIC_KINDS),
  value: z.string(),
  /** What to show: the category label or the word. */
  label: z.string(),
  /** How many times the reader asked for fewer (each one pushes the topic further back). */
  count: z.number().int().min(1),
  mutedAt: z.string(),
});
export const learnedTopicSchema = z.object({
  category: z.enum(CATEGORY_IDS),
  label: z.string(),
  /** Articles of the topic the reader liked, saved or shared (since any earlier removal). */
  count: z.number().int().min(1),
  /** Whether it is also one of the reader's declared interests. */
  declared: z.boolean(),
  /** The sentence the feed shows on its articles ("Because you liked 3 Environment stories"). */
  reason: z.string(),
});
export type HiddenSource = z.infer<typeof hiddenSourceSchema>;
export type MutedTopic = z.infer<typeof mutedTopicSchema>;
export type LearnedTopic = z.infer<typeof learnedTopicSchema>;

/** GET /api/recommendations/controls; every control route answers this plus `message`. */
export const readerControlsResponse = z.object({
  hiddenSources: z.array(hiddenSourceSchema),
  mutedTopics: z.array(mutedTopicSchema),
  learnedTopics: z.array(learnedTopicSchema),
});
export type ReaderControlsResponse = z.infer<typeof readerControlsResponse>;
export const readerControlChangeResponse = readerControlsResponse.extend({ message: z.string() });
