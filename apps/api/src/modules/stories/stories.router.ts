import type { RouteRegistrar } from '../../http/route.js';
import type { StoriesService } from './stories.service.js';

/** /api/stories/... (see ./README.md). */
export function storiesRoutes(routes: RouteRegistrar, stories: StoriesService): void {
  routes.json('GET /api/stories/getstorybyid', async ({ query }) => ({
    story: await stories.byId(query.story_id),
  }));
}
