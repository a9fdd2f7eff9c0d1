import { z } from 'zod';
import { CATEGORY_IDS } from '../categories.js';
import { MUTED_TOPIC_KINDS } from '../constants.js';
import { publicArticleSchema } from './articles.js';
import { articleIdSchema, safeString, withAccessToken } from './common.js';

/** The feed, the reader controls and steering (routes/feed.ts). */

// Recommendations.
export const markAsReadBody = z.object({
  articleId: z.string({ error: 'articleId is required' }).uuid('Invalid article id'),
});

const sourceName = safeString({ error: 'source_name is required' })
  .trim()
  .min(1, 'source_name is required')
  .max(200);

/** POST /api/recommendations/fewerlikethis */
export const fewerLikeThisBody = z.object({ article_id: articleIdSchema });

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
export const readerControlsSchema = z.object({
  hiddenSources: z.array(hiddenSourceSchema),
  mutedTopics: z.array(mutedTopicSchema),
  learnedTopics: z.array(learnedTopicSchema),
  /**
   * How many sources the feed draws from now (hidden ones left out): with one, hiding it is
   * not offered (the API refuses to leave the feed without a page of stories).
   */
  feedSources: z.number().int().min(0),
});

export type ReaderControlLists = z.infer<typeof readerControlsSchema>;

export const readerControlChangeSchema = readerControlsSchema.extend({ message: z.string() });

/**
 * "Your feed": what the feed has learned (subjects and categories, with their
 * weight and where each came from) and how the reader steers each: `up`, `down`, `off`, or
 * `none` (back to neutral). Under /api/recommendations, signed in.
 */
export const STEERING_STATES = ['up', 'down', 'off', 'none'] as const;

export type SteeringState = (typeof STEERING_STATES)[number];

export const STEERING_KINDS = ['subject', 'category'] as const;

export type SteeringKind = (typeof STEERING_KINDS)[number];

/** A subject's key: up to 8 of its features (words, or `@` + a name), sorted, joined by `|`. */
export const SUBJECT_KEY_PATTERN =
  /^@?[\p{L}\p{N}][\p{L}\p{N} '.-]{0,59}(\|@?[\p{L}\p{N}][\p{L}\p{N} '.-]{0,59}){0,7}$/u;

export const steeringChangeSchema = z
  .object({
    kind: z.enum(STEERING_KINDS, { error: 'kind must be subject or category' }),
    key: z.string({ error: 'key is required' }).min(1, 'key is required').max(400),
    state: z.enum(STEERING_STATES, { error: 'state must be up, down, off or none' }),
  })
  .superRefine((change, ctx) => {
    const ok =
      change.kind === 'category'
        ? (CATEGORY_IDS as readonly string[]).includes(change.key)
        : SUBJECT_KEY_PATTERN.test(change.key);
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['key'],
        message: change.kind === 'category' ? 'Unknown category' : 'Invalid subject key',
      });
    }
  });

export type SteeringChange = z.infer<typeof steeringChangeSchema>;

/** POST /api/recommendations/steer: applied together, in one transaction. */
export const steerBody = z.object({
  changes: z
    .array(steeringChangeSchema, { error: 'changes is required' })
    .min(1, 'changes is required')
    .max(20, 'At most 20 changes at a time'),
});

/** POST /api/recommendations/preview: the changes are not saved. */
export const steeringPreviewBody = z.object({
  changes: z
    .array(steeringChangeSchema, { error: 'changes is required' })
    .max(20, 'At most 20 changes at a time'),
});

/** One article a learned subject comes from. */
export const subjectSourceSchema = z.object({
  article_id: z.string(),
  title: z.string(),
  /** The strongest thing the reader did with it. */
  action: z.enum(['liked', 'saved', 'shared', 'read']),
});

export const learnedSubjectSchema = z.object({
  /** What `steer` takes as `key`. */
  key: z.string(),
  /** The words and names it is made of, as shown ("Mars rover · water ice"). */
  label: z.string(),
  terms: z.array(z.string()),
  /** In [0, 1]: how much the feed leans on it (its recency-weighted evidence, saturating). */
  weight: z.number().min(0).max(1),
  /** Where it came from, in words ("From 3 articles you liked"). */
  source: z.string(),
  sources: z.array(subjectSourceSchema),
  steering: z.enum(STEERING_STATES),
});

export const feedCategorySchema = z.object({
  category: z.enum(CATEGORY_IDS),
  label: z.string(),
  /** In [0, 1]: the category's interest value for the ranker (declared by position, or learned). */
  weight: z.number().min(0).max(1),
  /** One of the reader's declared interests. */
  declared: z.boolean(),
  /** Articles of it liked, saved or shared (since any removal); articles of it disliked. */
  positives: z.number().int().min(0),
  dislikes: z.number().int().min(0),
  /** Where it came from, in words: "Your interests", "Learned from 3 likes", "You disliked 2". */
  source: z.string(),
  steering: z.enum(STEERING_STATES),
});

export type SubjectSource = z.infer<typeof subjectSourceSchema>;

export type LearnedSubject = z.infer<typeof learnedSubjectSchema>;

export type FeedCategory = z.infer<typeof feedCategorySchema>;

/** GET /api/recommendations/profile */
export const feedProfileSchema = z.object({
  subjects: z.array(learnedSubjectSchema),
  categories: z.array(feedCategorySchema),
});

export type FeedProfile = z.infer<typeof feedProfileSchema>;

/** POST /api/recommendations/steer: the new state, and the changes that undo it. */
export const steerResultSchema = feedProfileSchema.extend({
  message: z.string(),
  applied: z.array(
    z.object({ kind: z.enum(STEERING_KINDS), key: z.string(), state: z.enum(STEERING_STATES) }),
  ),
  /** Post these to `steer` to undo: each target's state before. */
  undo: z.array(
    z.object({ kind: z.enum(STEERING_KINDS), key: z.string(), state: z.enum(STEERING_STATES) }),
  ),
});

export type SteerResult = z.infer<typeof steerResultSchema>;

/**
 * What one "Fewer like this" changed, to post back to `undofewer`: the article, the
 * time of the change (the rows it wrote carry it) and each steered subject's state before.
 */
export const fewerUndoSchema = z.object({
  article_id: articleIdSchema,
  at: z.iso.datetime({ error: 'at must be the time of the change' }),
  steering: z
    .array(
      z.object({
        kind: z.literal('subject', { error: 'kind must be subject' }),
        key: z
          .string({ error: 'key is required' })
          .max(400)
          .regex(SUBJECT_KEY_PATTERN, 'Invalid subject key'),
        state: z.enum(STEERING_STATES, { error: 'state must be up, down, off or none' }),
      }),
      { error: 'steering is required' },
    )
    .max(1, 'At most one subject'),
});

export type FewerUndo = z.infer<typeof fewerUndoSchema>;

/** POST /api/recommendations/undofewer */
export const undoFewerBody = z.object({ undo: fewerUndoSchema });

/** POST /api/recommendations/fewerlikethis: the controls, the subject turned down, and `undo`. */
export const fewerLikeThisResultSchema = readerControlChangeSchema.extend({
  /** The story's subject, now `down` (null when the article names none specific enough). */
  subject: z.object({ key: z.string(), label: z.string(), terms: z.array(z.string()) }).nullable(),
  undo: fewerUndoSchema,
});

export type FewerLikeThisResult = z.infer<typeof fewerLikeThisResultSchema>;

export const RECOMMENDATION_STATUSES = ['new', 'read'] as const;

export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];

export const recommendationSchema = z.object({
  _id: z.string(),
  score: z.number(),
  status: z.enum(RECOMMENDATION_STATUSES),
  article_id: publicArticleSchema,
  /** Why the article was picked, in plain words ("Because you like Science"). */
  reasons: z.array(z.string()),
  /** The category the card shows: the article's primary (`categories[0]`), whatever the reason. */
  category: z.string().nullable(),
});

export type Recommendation = z.infer<typeof recommendationSchema>;

/** GET /api/recommendations/get: the feed a page at a time (`cursor`: a page's `nextCursor`). */
export const feedQuery = z.object({ cursor: safeString().max(200).optional() });

export const feedResponse = withAccessToken(
  z.object({
    recommendations: z.array(recommendationSchema),
    interestCount: z.number().int().min(0),
    /** The next page's cursor; null when the feed has nothing more to show. */
    nextCursor: z.string().nullable(),
  }),
);

export const refreshFeedResponse = feedResponse.extend({ message: z.string() });

export const markAsReadResponse = withAccessToken(
  z.object({
    message: z.string(),
    recommendation: recommendationSchema.optional(),
    streak: z.number().int().min(0),
  }),
);

// Reader controls (schemas in ./recommendations.ts).
export const readerControlsResponse = withAccessToken(readerControlsSchema);

export const readerControlChangeResponse = withAccessToken(readerControlChangeSchema);

export const fewerLikeThisResponse = withAccessToken(fewerLikeThisResultSchema);

// "Your feed" (schemas in ./recommendations.ts).
export const feedProfileResponse = withAccessToken(feedProfileSchema);

export const steerResponse = withAccessToken(steerResultSchema);

/** The next top 10 as they would be with the changes; nothing is saved. */
export const steeringPreviewResponse = withAccessToken(
  z.object({
    recommendations: z.array(
      z.object({
        article_id: publicArticleSchema,
        score: z.number(),
        reasons: z.array(z.string()),
        /** As on the feed: the category its first reason names. */
        category: z.string().nullable(),
      }),
    ),
  }),
);

export type SteeringPreviewResponse = z.infer<typeof steeringPreviewResponse>;
