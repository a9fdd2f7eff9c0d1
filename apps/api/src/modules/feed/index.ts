/** The feed module's public surface: what other features and the composition root use. */
export { clearRecommendations, createFeedService } from './feed.service.js';
export type { RankFn } from './stored/feed-builder.js';
export { feedRoutes } from './feed.router.js';
export { createReaderControlsService } from './controls/reader-controls.js';
export { createFeedProfileService } from './controls/feed-profile.js';
export type { PublicRecommendation } from './feed.serializer.js';
