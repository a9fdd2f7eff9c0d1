/** The recommendations module's public surface: what other features and the composition root use. */
export { clearRecommendations, createRecommendationsService } from './recommendations.service.js';
export type { RankFn } from './feed/feed-builder.js';
export { recommendationsRoutes } from './recommendations.router.js';
export { createReaderControlsService } from './controls/reader-controls.js';
export { createFeedProfileService } from './controls/feed-profile.js';
export type { PublicRecommendation } from './recommendations.serializer.js';
