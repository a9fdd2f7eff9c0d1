import { z } from 'zod';
import {
  ACTIVITY_ACTIONS,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  SAVED_ARTICLES_MAX,
} from '../constants.js';
import { CATEGORY_IDS, MIN_INTERESTS } from '../categories.js';
import { MESSAGES } from '../messages.js';
import {
  challengeHandleSchema,
  emailSchema,
  nameSchema,
  otpSchema,
  passwordInputSchema,
  safeString,
  timezoneSchema,
} from './common.js';
import { themeSchema } from './user.js';

const articleId = z.string({ error: 'article_id is required' }).uuid('Invalid article id');

export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** Opaque; returned as `nextCursor` by the previous page. */
  cursor: safeString().max(200).optional(),
});
export const articleByIdQuery = z.object({ article_id: articleId });
export const articleByKeywordQuery = pageQuery.extend({
  keyword: safeString({ error: 'keyword is required' })
    .trim()
    .min(1, 'keyword is required')
    .max(200),
});
export const articleActionBody = z.object({ article_id: articleId });

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
});
export type PublicArticle = z.infer<typeof publicArticleSchema>;

export const articlesPageResponse = z.object({
  articles: z.array(publicArticleSchema),
  nextCursor: z.string().nullable(),
});

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
export const savedArticlesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(SAVED_ARTICLES_MAX).default(SAVED_ARTICLES_MAX),
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
export const streakResponseSchema = z.object({ streak: z.number().int().min(0) });

// Profile.
export const editNameBody = z.object({ name: nameSchema });
/**
 * A verified e-mail change: `{ email }` sends a code to the new address; the same call with
 * the code and its `hash` applies the change.
 */
/**
 * The current password, for a sensitive change asked for outside the re-authentication window
 * (`REAUTH_WINDOW_SECONDS` after the session's own sign-in); 403 REAUTH_REQUIRED asks for it.
 */
const currentPassword = passwordInputSchema.optional();
export const changeEmailBody = z
  .object({
    email: emailSchema,
    otp: otpSchema.optional(),
    hash: challengeHandleSchema.optional(),
    password: currentPassword,
  })
  .refine((b) => (b.otp === undefined) === (b.hash === undefined), {
    message: MESSAGES.validation.otpIncomplete,
    path: ['otp'],
  });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;
/** The body may be left out (the spec's client sends none); `password` re-authenticates. */
export const deleteAccountBody = z.object({ password: currentPassword });
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;
export const toggleThemeBody = z.object({ theme: themeSchema });
export const updateProfilePictureBody = z.object({
  // Relative paths are allowed: the app's own avatars and the default one ("remove picture").
  // Which hosts and paths are acceptable is decided by the API.
  profile_url: safeString({ error: 'profile_url is required' })
    .trim()
    .min(1, 'profile_url is required')
    .max(2048),
});
export const setInterestsBody = z.object({
  interests: z
    .array(z.enum(CATEGORY_IDS, { error: 'Unknown category' }), {
      error: MESSAGES.validation.minInterests,
    })
    .min(MIN_INTERESTS, MESSAGES.validation.minInterests)
    .max(CATEGORY_IDS.length)
    .refine((list) => new Set(list).size === list.length, 'Categories must not repeat'),
});
export const timezoneBody = z.object({ timezone: timezoneSchema });

// Recommendations.
export const markAsReadBody = z.object({
  articleId: z.string({ error: 'articleId is required' }).uuid('Invalid article id'),
});
