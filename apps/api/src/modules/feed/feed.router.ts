import { MESSAGES, RECOMMENDATION_CONTROL_MESSAGES as CONTROL, type ResultOf } from '@lede/shared';
import type { AppDeps } from '../../deps.js';
import { publicPreparedCache } from '../../http/prepared-cache.js';
import type { RouteRegistrar } from '../../http/route.js';
import type { WriteLimits } from '../../http/write-limits.js';
import { LIST_STALE_MS } from '../../changes/index.js';
import { toPublicArticle } from '../articles/index.js';
import { decodeFeedCursor, encodeFeedCursor } from './stored/feed-cursor.js';
import { staleFrom } from './stored/feed-freshness.js';
import type { FeedProfileService } from './controls/feed-profile.js';
import type { Feed, FeedService } from './feed.service.js';
import { primaryCategory, toRecommendation } from './feed.serializer.js';
import type { ReaderControlsService } from './controls/reader-controls.js';

export const REFRESHED_MESSAGE = MESSAGES.recommendations.refreshed;
export const MARKED_READ_MESSAGE = MESSAGES.recommendations.markedRead;

const feedBody = ({ items, interestCount, next }: Feed) => ({
  recommendations: items.map(toRecommendation),
  interestCount,
  nextCursor: next && encodeFeedCursor(next),
});

/** The feed's answer (its `AccessToken` is added on the way out). */
type FeedAnswer = Omit<ResultOf<'GET /api/recommendations/get'>, 'AccessToken'>;

/**
 * Readers whose prepared feed answers are kept (the least recently built go first). An answer
 * holds about 26 kB of JSON and twice about 7 kB of gzip, so at most about 20 MB in all; an
 * expired one stays until it is asked for again or pushed out.
 */
const KEPT_FEEDS = 500;

/**
 * /api/recommendations/...: the signed-in reader's feed, its controls and "Your feed" (what it
 * learned, the steering and its preview). Registered through the route table, which parses
 * every input with the shared schemas and requires a session.
 */
export function feedRoutes(
  routes: RouteRegistrar,
  deps: Pick<AppDeps, 'config' | 'clock' | 'changes'>,
  feedService: FeedService,
  controls: ReaderControlsService,
  feedProfile: FeedProfileService,
  limits: WriteLimits,
): void {
  const actionLimit = [limits.actions];
  const feedLimit = [limits.feeds];
  // A reader's feed answer, prepared once and served until the feed changes (see
  // ./README.md, "Prepared feed answers"): its likes may lag as a public list's do.
  const now = () => deps.clock.now().getTime();
  const feeds = publicPreparedCache(deps, { maxEntries: KEPT_FEEDS, now, clock: now });
  routes.custom('GET /api/recommendations/get', async ({ query, user, req, res, preparedKey }) => {
    // Only the first page is prepared: the next ones are each asked for once, as the reader
    // scrolls.
    const after = decodeFeedCursor(query.cursor);
    if (after) {
      res.json(feedBody(await feedService.next(user, after)));
      return;
    }
    let staleAt = -Infinity;
    const load = async () => {
      const feed = await feedService.get(user);
      staleAt = staleFrom(feed.items);
      return feedBody(feed);
    };
    // The reader's own answer: their id scopes the key of the route and its query.
    await feeds.respond<FeedAnswer>(
      req,
      res,
      preparedKey(user.id),
      load,
      (body) => ({
        articleIds: body.recommendations.map((r) => r.article_id._id),
        feedOf: user.id,
      }),
      { staleMs: LIST_STALE_MS, until: () => staleAt },
    );
  });

  routes.json('POST /api/recommendations/refresh', feedLimit, async ({ user }) => ({
    message: REFRESHED_MESSAGE,
    ...feedBody(await feedService.refresh(user)),
  }));

  routes.json('POST /api/recommendations/markasread', actionLimit, async ({ body, user }) => {
    const { entry, streak } = await feedService.markAsRead(user, body.articleId);
    return {
      message: MARKED_READ_MESSAGE,
      ...(entry && { recommendation: toRecommendation(entry) }),
      streak,
    };
  });

  // Reader controls: each answers the reader's controls as the profile page lists them.
  routes.json('GET /api/recommendations/controls', ({ user }) => controls.list(user));

  routes.json('POST /api/recommendations/fewerlikethis', actionLimit, async ({ body, user }) => ({
    message: CONTROL.fewerLikeThis,
    ...(await controls.fewerLikeThis(user, body.article_id)),
  }));

  routes.json('POST /api/recommendations/undofewer', actionLimit, async ({ body, user }) => ({
    message: CONTROL.fewerUndone,
    ...(await controls.undoFewer(user, body.undo)),
  }));

  routes.json('POST /api/recommendations/hidesource', actionLimit, async ({ body, user }) => ({
    message: CONTROL.sourceHidden,
    ...(await controls.hideSource(user, body.source_name)),
  }));

  routes.json('POST /api/recommendations/unhidesource', actionLimit, async ({ body, user }) => ({
    message: CONTROL.sourceShown,
    ...(await controls.unhideSource(user, body.source_name)),
  }));

  routes.json('POST /api/recommendations/unmutetopic', actionLimit, async ({ body, user }) => ({
    message: CONTROL.topicUnmuted,
    ...(await controls.unmuteTopic(user, body.kind, body.value)),
  }));

  routes.json('POST /api/recommendations/forgettopic', actionLimit, async ({ body, user }) => ({
    message: CONTROL.topicForgotten,
    ...(await controls.forgetTopic(user, body.category)),
  }));

  // "Your feed": what the feed learned, and steering it.
  routes.json('GET /api/recommendations/profile', ({ user }) => feedProfile.profile(user));

  routes.json('POST /api/recommendations/steer', actionLimit, ({ body, user }) =>
    feedProfile.steer(user, body.changes),
  );

  routes.json('POST /api/recommendations/preview', feedLimit, async ({ body, user }) => ({
    recommendations: (await feedService.preview(user, body.changes)).map((item) => ({
      article_id: toPublicArticle(item.article),
      score: item.score,
      reasons: item.reasons,
      category: primaryCategory(item.article.categories),
    })),
  }));
}
