/**
 * Plain constants of the contract, free of zod: a client that needs only these (a default image
 * path, the themes) does not pull the schema library into its bundle.
 */

export const DEFAULT_PAGE_SIZE = 50;

export const MAX_PAGE_SIZE = 100;

export const DEFAULT_ARTICLE_IMAGE_PATH = '/media/default-article.svg';

export const ACTIVITY_ACTIONS = ['like', 'dislike', 'save', 'share'] as const;

export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The most saved articles one page holds (newest saved first), and the page without `limit`. */
export const SAVED_ARTICLES_MAX = 200;

export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** The picture of a reader who has none; choosing it removes the picture. */
export const DEFAULT_AVATAR_PATH = '/media/default-avatar.svg';

export const THEMES = ['light', 'dark'] as const;

export const RECOMMENDATION_CONTROL_MESSAGES = {
  fewerLikeThis: 'You will see fewer stories like this',
  fewerUndone: 'Story back in your feed',
  sourceHidden: 'Source hidden from your feed',
  sourceShown: 'Source shown in your feed again',
  topicUnmuted: 'Topic no longer muted',
  topicForgotten: 'Topic removed from what your feed learned',
  steered: 'Your feed is updated',
} as const;

/**
 * The "Reset Interests" dialog: exactly what the reset clears and what it keeps
 * (apps/api profile.service resetInterests, recommendations resetLearning).
 */
export const RESET_INTERESTS_DIALOG = {
  title: 'Reset your interests?',
  description:
    'This clears your chosen categories, your current recommendations, what your feed learned ' +
    'from your likes, saves, shares and reads, and how you steered it. Your saved articles, ' +
    'likes, dislikes, hidden sources and muted topics stay. Then you choose your interests again.',
} as const;

export const MUTED_TOPIC_KINDS = ['category', 'keyword'] as const;

export type MutedTopicKind = (typeof MUTED_TOPIC_KINDS)[number];

/** How often the edition by e-mail leaves (schemas/edition.ts). */
export const EDITION_FREQUENCIES = ['off', 'daily', 'weekly'] as const;

/** Monday first, as ISO 8601 numbers the days (1 to 7). */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
