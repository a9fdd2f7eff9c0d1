import { z } from 'zod';
import {
  activityEntrySchema,
  articlesPageResponse,
  publicArticleSchema,
  reactionResultSchema,
  savedArticleEntrySchema,
  saveResultSchema,
  streakResponseSchema,
} from './articles.js';
import { errorResponse, messageResponse } from './auth.js';
import { publicUserSchema } from './user.js';
import { ERROR_CODES } from '../error-codes.js';
import {
  feedProfileResponse,
  readerControlChangeResponse,
  readerControlsResponse,
  steerResponse,
} from './recommendations.js';

/**
 * The response bodies of every route (spec section 7 plus our own); the route table
 * (../routes) says which route answers which. The API's tests check every answer against it.
 */

/** Present whenever the caller has a valid session (spec: "most success responses carry AccessToken"). */
// Generic over the shape (not the object type), so the declared types keep every field.
const signedIn = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  schema.extend({ AccessToken: z.string().min(1) });
/** Public routes: a visitor gets no token, a signed-in reader gets one. */
const maybeSignedIn = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  schema.extend({ AccessToken: z.string().min(1).optional() });

export const RECOMMENDATION_STATUSES = ['new', 'read'] as const;
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];

export const recommendationSchema = z.object({
  _id: z.string(),
  score: z.number(),
  status: z.enum(RECOMMENDATION_STATUSES),
  article_id: publicArticleSchema,
  /** Why the article was picked, in plain words ("Because you like Science"). */
  reasons: z.array(z.string()),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const healthResponse = z.object({ status: z.literal('ok') });
export const healthReadyResponse = z.object({ status: z.literal('ready') });
export const healthDownResponse = z.object({
  status: z.literal('unavailable'),
  message: z.string(),
  code: z.literal('DATABASE_UNREACHABLE'),
});

/**
 * Every error body: `{ message, code }` plus the fields a particular refusal adds. Clients
 * decide by `code` (stable); `message` is the text to show.
 */
export const apiErrorResponse = errorResponse.extend({
  code: z.enum(ERROR_CODES),
  attemptsLeft: z.number().int().min(0).optional(),
  retryAfter: z.number().optional(),
  needsPreferences: z.literal(true).optional(),
});
export type ApiErrorResponse = z.infer<typeof apiErrorResponse>;

export const meResponse = signedIn(z.object({ user: publicUserSchema }));

export const articlesListResponse = maybeSignedIn(articlesPageResponse);
export const articleResponse = maybeSignedIn(z.object({ article: publicArticleSchema }));
export const likedIdsResponse = signedIn(z.object({ likedArticleIds: z.array(z.string()) }));
export const dislikedIdsResponse = signedIn(z.object({ dislikedArticleIds: z.array(z.string()) }));
export const savedIdsResponse = signedIn(z.object({ savedArticleIds: z.array(z.string()) }));
export const savedArticlesResponse = signedIn(
  z.object({ savedArticles: z.array(savedArticleEntrySchema) }),
);
export const streakResponse = signedIn(streakResponseSchema);

export const reactionResponse = signedIn(reactionResultSchema);
export const saveResponse = signedIn(saveResultSchema);
export const shareResponse = signedIn(z.object({ message: z.string(), shares: z.number() }));
export const recentActivityResponse = signedIn(z.object({ data: z.array(activityEntrySchema) }));

export const feedResponse = signedIn(
  z.object({
    recommendations: z.array(recommendationSchema),
    interestCount: z.number().int().min(0),
  }),
);
export const refreshFeedResponse = feedResponse.extend({ message: z.string() });
export const markAsReadResponse = signedIn(
  z.object({
    message: z.string(),
    recommendation: recommendationSchema.optional(),
    streak: z.number().int().min(0),
  }),
);

/** Every profile change answers with the updated reader, in login's shape. */
export const profileUserResponse = signedIn(
  z.object({ message: z.string(), user: publicUserSchema }),
);
export const timezoneResponse = signedIn(
  z.object({ message: z.string().optional(), user: publicUserSchema }),
);
/** Step 1 of a verified e-mail change: a code went to `pendingEmail`; nothing changed yet. */
export const changeEmailPendingResponse = signedIn(
  z.object({
    message: z.string(),
    hash: z.string(),
    expiresIn: z.number(),
    pendingEmail: z.string(),
    user: publicUserSchema,
  }),
);
export const changeEmailResponse = z.union([changeEmailPendingResponse, profileUserResponse]);
export const uploadPictureResponse = signedIn(
  z.object({ message: z.string(), url: z.string(), user: publicUserSchema }),
);
export const deleteAccountResponse = messageResponse;

// Reader controls (issue 11; schemas in ./recommendations.ts).
export const readerControlsAnswer = signedIn(readerControlsResponse);
export const readerControlChangeAnswer = signedIn(readerControlChangeResponse);

// "Your feed" (issue 18; schemas in ./recommendations.ts).
export const feedProfileAnswer = signedIn(feedProfileResponse);
export const steerAnswer = signedIn(steerResponse);
/** The next top 10 as they would be with the changes; nothing is saved. */
export const steeringPreviewAnswer = signedIn(
  z.object({
    recommendations: z.array(
      z.object({
        article_id: publicArticleSchema,
        score: z.number(),
        reasons: z.array(z.string()),
      }),
    ),
  }),
);
export type SteeringPreviewResponse = z.infer<typeof steeringPreviewAnswer>;
