import type { ResultOf } from '@lede/shared';
import type { AppDeps } from '../../deps.js';
import { LIST_STALE_MS } from '../../changes/index.js';
import type { FastLane } from '../../http/fast-lane.js';
import { publicPreparedCache } from '../../http/prepared-cache.js';
import type { RouteRegistrar } from '../../http/route.js';
import type { StoriesService } from './stories.service.js';

type StoryAnswer = ResultOf<'GET /api/stories/getstorybyid'>;

/**
 * /api/stories/... (see ./README.md). Answers come from prepared bytes, as the article reads'
 * do: a story changes only when articles do, and its counts lag as a list's.
 */
export function storiesRoutes(
  routes: RouteRegistrar,
  deps: Pick<AppDeps, 'config' | 'changes'>,
  stories: StoriesService,
  lane?: FastLane,
): void {
  const prepared = publicPreparedCache(deps, { lane });
  routes.custom('GET /api/stories/getstorybyid', async ({ query, req, res, preparedKey }) => {
    await prepared.respond<StoryAnswer>(
      req,
      res,
      preparedKey(),
      async () => ({ story: await stories.byId(query.story_id) }),
      ({ story }) => ({ articleIds: story.articles.map((a) => a._id) }),
      { staleMs: LIST_STALE_MS },
    );
  });
}
