/** The stories module's public surface. */
export {
  DEFAULT_CLUSTERING,
  sharedThings,
  StoryClusterer,
  type Assignment,
  type ClusteringOptions,
  type MergePass,
  type StoryMerge,
  type StorySummary,
} from './clustering/clusterer.js';
export { articleFeatures, type Features, type StoryArticle } from './clustering/features.js';
export {
  clusterPending,
  clusterPendingStories,
  createStoryIndex,
  mergeDueStories,
  storyOptions,
  type ClusterResult,
  type StoryIndex,
} from './cluster-pending.js';
export { storeInStories, writeInStories, type StoredInStories } from './store-in-stories.js';
export { createStoriesService, type StoriesService } from './stories.service.js';
export { storiesRoutes } from './stories.router.js';
