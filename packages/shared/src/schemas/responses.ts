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
import {
  errorResponse,
  loginResponse,
  messageResponse,
  otpSentResponse,
  refreshResponse,
  signupResponse,
  verifyOtpResponse,
  verifyPasswordResetOtpResponse,
} from './auth.js';
import { publicUserSchema } from './user.js';
import { readerControlChangeResponse, readerControlsResponse } from './recommendations.js';

/**
 * The response contract of every route (spec section 7 plus our own). The API's tests check
 * each response they receive against `RESPONSES`; the web client types its calls from it.
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
});

/** Every error body: `{ message }` plus the fields a particular refusal adds. */
export const apiErrorResponse = errorResponse.extend({
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

type Route = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /api/${string}`;
/** Success schema by status code (2xx). Any other status answers `apiErrorResponse`. */
type RouteContract = Partial<Record<200 | 201 | 304, z.ZodType>>;

export const RESPONSES = {
  'GET /api/health': { 200: healthResponse },
  'GET /api/health/live': { 200: healthResponse },
  'GET /api/health/ready': { 200: healthReadyResponse },
  'POST /api/auth/send-otp': { 200: otpSentResponse },
  'POST /api/auth/verify-credentials-send-otp': { 200: otpSentResponse },
  'POST /api/auth/verify-otp': { 200: verifyOtpResponse },
  'POST /api/auth/signup': { 201: signupResponse },
  'POST /api/auth/login': { 200: loginResponse },
  'POST /api/auth/forgot-password': { 200: otpSentResponse },
  'POST /api/auth/verify-password-reset-otp': { 200: verifyPasswordResetOtpResponse },
  'POST /api/auth/reset-password': { 200: messageResponse },
  'POST /api/auth/refresh': { 200: refreshResponse },
  'POST /api/auth/logout': { 200: messageResponse },
  'GET /api/auth/me': { 200: meResponse },

  'GET /api/articles/getlatestarticles': { 200: articlesListResponse },
  'GET /api/articles/getlatesttrendingarticles': { 200: articlesListResponse },
  'GET /api/articles/getarticlebykeyword': { 200: articlesListResponse },
  'GET /api/articles/getarticlebyid': { 200: articleResponse },
  'GET /api/articles/getlikedarticleids': { 200: likedIdsResponse },
  'GET /api/articles/getdislikedarticleids': { 200: dislikedIdsResponse },
  'GET /api/articles/getsavedarticleids': { 200: savedIdsResponse },
  'GET /api/articles/getsavedarticles': { 200: savedArticlesResponse },
  'POST /api/articles/markviewed': { 200: streakResponse },

  'POST /api/userinteractions/like': { 200: reactionResponse },
  'POST /api/userinteractions/dislike': { 200: reactionResponse },
  'POST /api/userinteractions/save': { 200: saveResponse },
  'POST /api/userinteractions/share': { 200: shareResponse },
  'GET /api/userinteractions/recentactivity': { 200: recentActivityResponse },

  'GET /api/recommendations/get': { 200: feedResponse },
  'POST /api/recommendations/refresh': { 200: refreshFeedResponse },
  'POST /api/recommendations/markasread': { 200: markAsReadResponse },
  // Reader controls (issue 11; schemas in ./recommendations.ts).
  'GET /api/recommendations/controls': { 200: signedIn(readerControlsResponse) },
  'POST /api/recommendations/fewerlikethis': { 200: signedIn(readerControlChangeResponse) },
  'POST /api/recommendations/hidesource': { 200: signedIn(readerControlChangeResponse) },
  'POST /api/recommendations/unhidesource': { 200: signedIn(readerControlChangeResponse) },
  'POST /api/recommendations/unmutetopic': { 200: signedIn(readerControlChangeResponse) },
  'POST /api/recommendations/forgettopic': { 200: signedIn(readerControlChangeResponse) },

  'PUT /api/profile/editname': { 200: profileUserResponse },
  'PUT /api/profile/changeemail': { 200: changeEmailResponse },
  'PUT /api/profile/toggletheme': { 200: profileUserResponse },
  'PUT /api/profile/timezone': { 200: timezoneResponse },
  'POST /api/profile/setinterests': { 200: profileUserResponse },
  'PUT /api/profile/resetinterests': { 200: profileUserResponse },
  'PUT /api/profile/updateprofilepicture': { 200: profileUserResponse },
  'POST /api/profile/uploadpicture': { 200: uploadPictureResponse },
  'DELETE /api/profile/deleteaccount': { 200: deleteAccountResponse },
  'GET /api/profile/getstreak': { 200: streakResponse },
} satisfies Record<Route, RouteContract>;

export type ApiRoute = keyof typeof RESPONSES;
/** The success body of a route, for typing clients. */
export type ResponseOf<
  R extends ApiRoute,
  S extends keyof (typeof RESPONSES)[R] = 200 & keyof (typeof RESPONSES)[R],
> = (typeof RESPONSES)[R][S] extends z.ZodType ? z.infer<(typeof RESPONSES)[R][S]> : never;

/** The success schema for a method, a path (query string ignored) and a status, if one is known. */
export function responseSchemaFor(
  method: string,
  path: string,
  status: number,
): z.ZodType | undefined {
  const route = `${method.toUpperCase()} ${path.split('?')[0]}`;
  const contract = (RESPONSES as Record<string, RouteContract>)[route];
  if (status >= 400) return apiErrorResponse;
  return contract?.[status as 200 | 201 | 304];
}
