/**
 * The recommendation ranker (pure: no database, no HTTP, no clock, no Math.random). The API
 * and the offline evaluation use what this file exports; README.md explains the pipeline.
 *
 *   types.ts          the contract (RankableArticle, RankUser, RankContext, RankedArticle)
 *   rank.ts           the pipeline: exclusion → signals → blend → diversity → reasons
 *   profile.ts        what the history teaches: content profile, learned and pushed-back topics
 *   subjects.ts       what the history teaches about subjects (story clusters of liked articles)
 *   subject-features.ts  an article's distinctive terms and named entities
 *   scoring.ts        candidate signals (interest, freshness, popularity) and push-back factors
 *   vectors.ts        TF-IDF article vectors, cached per CorpusStats
 *   duplicates.ts     near-duplicates and story clusters of disliked articles
 *   co-engagement.ts  "readers who liked what you liked"
 *   diversity.ts      MMR under category/source caps, composing each block of the page
 *   page-shares.ts    the declared floor and the learned share of each block
 *   explanations.ts   reasons
 *   tunables.ts       every number above
 */
export type {
  CorpusStats,
  HistoryAction,
  HistoryEvent,
  RankableArticle,
  RankContext,
  RankedArticle,
  RankUser,
  ReaderControls,
  SteeredSubject,
  Steering,
} from './types.js';
export { rank } from './rank.js';
export { buildCorpusStats } from './vectors.js';
export { coEngagementFor } from './co-engagement.js';
export { isNearDuplicate, notOnPageWith } from './duplicates.js';
export { learnedTopics, topicFeedback, type TopicFeedback } from './profile.js';
export { learnedReason } from './explanations.js';
export { featureLabel, learnedSubjects, subjectFeatures, subjectKey } from './steering.js';
export { interestOf, normaliseInterests } from './scoring.js';
export { learnedValue } from './profile.js';
export { engagementOf, freshnessOf, categoryTitle } from './scoring.js';
export { avalanche32, seededHash } from './hash.js';
export { tokenize } from './text.js';
export {
  ACTION_WEIGHTS,
  BLEND_EXPERIENCED,
  BLEND_NEW,
  CATEGORY_CAP_SHARE,
  HISTORY_PIVOT,
  LEARNED_MIN_POSITIVES,
  MMR_LAMBDA,
  SOURCE_CAP_SHARE,
} from './tunables.js';
