import { z } from 'zod';
import {
  ACTIVITY_ACTIONS,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  SAVED_ARTICLES_MAX,
} from '../constants.js';
import { publicArticleSchema } from './articles.js';
import { MESSAGES } from '../messages.js';
import { articleIdSchema, safeString, withAccessToken } from './common.js';

const v = MESSAGES.validation;

/** The reader's own state: reactions, saves, shares, activity and streak (routes/reader-actions.ts). */

export const articleActionBody = z.object({ article_id: articleIdSchema });

/**
 * The toggles' bodies. Without the state field the request toggles; with it, the reader's
 * state becomes that whatever it was, so sending it again changes nothing (an offline queue
 * replays the intended state, never a blind toggle).
 */
export const likeBody = articleActionBody.extend({
  liked: z.boolean({ error: v.invalidInput }).optional(),
});
export const dislikeBody = articleActionBody.extend({
  disliked: z.boolean({ error: v.invalidInput }).optional(),
});
export const saveBody = articleActionBody.extend({
  saved: z.boolean({ error: v.invalidInput }).optional(),
});

export type LikeBody = z.infer<typeof likeBody>;
export type DislikeBody = z.infer<typeof dislikeBody>;
export type SaveBody = z.infer<typeof saveBody>;

export const activityEntrySchema = z.object({
  _id: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  timestamp: z.string(),
  updatedAt: z.string(),
  article_id: z.string(),
  article_title: z.string(),
});

export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** Newest first; `limit` defaults to one page. */
export const recentActivityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** Newest saved first, `limit` at a time (by default SAVED_ARTICLES_MAX, as before paging). */
export const savedArticlesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(SAVED_ARTICLES_MAX).default(SAVED_ARTICLES_MAX),
  cursor: safeString().max(200).optional(),
});

export const savedArticleEntrySchema = z.object({
  _id: z.string(),
  article_id: publicArticleSchema,
  savedAt: z.string(),
});

export type SavedArticleEntry = z.infer<typeof savedArticleEntrySchema>;

/** Answer to like and dislike: the reader's reaction after the toggle and the article's counts. */
export const reactionResultSchema = z.object({
  message: z.string(),
  liked: z.boolean(),
  disliked: z.boolean(),
  likes: z.number(),
  dislikes: z.number(),
});

export type ReactionResult = z.infer<typeof reactionResultSchema>;

export const saveResultSchema = z.object({
  message: z.string(),
  saved: z.boolean(),
  saves: z.number(),
});

export type SaveResult = z.infer<typeof saveResultSchema>;

/** Reading streak in days (see the API README). */
export const streakSchema = z.object({ streak: z.number().int().min(0) });

export const likedIdsResponse = withAccessToken(z.object({ likedArticleIds: z.array(z.string()) }));

export const dislikedIdsResponse = withAccessToken(
  z.object({ dislikedArticleIds: z.array(z.string()) }),
);

export const savedIdsResponse = withAccessToken(z.object({ savedArticleIds: z.array(z.string()) }));

export const savedArticlesResponse = withAccessToken(
  z.object({
    savedArticles: z.array(savedArticleEntrySchema),
    /** The next page's cursor; null after the oldest saved article. */
    nextCursor: z.string().nullable(),
  }),
);

export const streakResponse = withAccessToken(streakSchema);

export const reactionResponse = withAccessToken(reactionResultSchema);

export const saveResponse = withAccessToken(saveResultSchema);

export const shareResponse = withAccessToken(z.object({ message: z.string(), shares: z.number() }));

export const recentActivityResponse = withAccessToken(
  z.object({ data: z.array(activityEntrySchema) }),
);
