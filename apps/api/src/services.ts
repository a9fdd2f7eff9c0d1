import type { AppDeps } from './deps.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createArticlesService } from './modules/articles/articles.service.js';
import { createEditionService } from './modules/edition/index.js';
import { createReaderActionsService } from './modules/reader-actions/reader-actions.service.js';
import { createStoriesService } from './modules/stories/index.js';
import { createMediaStorage, createProfileService } from './modules/profile/index.js';
import {
  createFeedProfileService,
  createReaderControlsService,
  createFeedService,
} from './modules/feed/index.js';

/**
 * Every service of one instance, built once: the app's routers and server.ts's timed jobs share
 * them, so one process keeps one candidate pool and one set of feed caches.
 */
export function createServices(deps: AppDeps) {
  const readerActions = createReaderActionsService(deps);
  const feed = createFeedService(deps, { readerActions });
  return {
    auth: createAuthService(deps),
    articles: createArticlesService(deps),
    stories: createStoriesService(deps),
    readerActions,
    profile: createProfileService(deps, createMediaStorage(deps.config), readerActions),
    feed,
    readerControls: createReaderControlsService(deps),
    feedProfile: createFeedProfileService(deps),
    editions: createEditionService(deps, feed),
  };
}

export type Services = ReturnType<typeof createServices>;
