/** The recommendations module's public surface: what other features and the composition root use. */
export { clearRecommendations } from './recommendations.service.js';
export { createRecommendationsService } from './recommendations.service.js';
export { recommendationsRoutes } from './recommendations.router.js';
export { createReaderControlsService } from './reader-controls.js';
export { createFeedProfileService } from './feed-profile.js';
