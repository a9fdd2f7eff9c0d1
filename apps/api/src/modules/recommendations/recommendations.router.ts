import { MESSAGES, RECOMMENDATION_CONTROL_MESSAGES as CONTROL } from '@lede/shared';
import type { RouteRegistrar } from '../../http/route.js';
import { toPublicArticle } from '../articles/articles.serializer.js';
import type { FeedProfileService } from './feed-profile.js';
import type { Feed, RecommendationsService } from './recommendations.service.js';
import { toRecommendation } from './recommendations.serializer.js';
import type { ReaderControlsService } from './reader-controls.js';

export const REFRESHED_MESSAGE = MESSAGES.recommendations.refreshed;
export const MARKED_READ_MESSAGE = MESSAGES.recommendations.markedRead;

const feedBody = ({ items, interestCount }: Feed) => ({
  recommendations: items.map(toRecommendation),
  interestCount,
});

/**
 * /api/recommendations/...: the signed-in reader's feed, its controls and "Your feed" (what it
 * learned, the steering and its preview). Registered through the route table, which parses
 * every input with the shared schemas and requires a session.
 */
export function recommendationsRoutes(
  routes: RouteRegistrar,
  recommendations: RecommendationsService,
  controls: ReaderControlsService,
  feedProfile: FeedProfileService,
): void {
  routes.json('GET /api/recommendations/get', async ({ user }) =>
    feedBody(await recommendations.get(user)),
  );

  routes.json('POST /api/recommendations/refresh', async ({ user }) => ({
    message: REFRESHED_MESSAGE,
    ...feedBody(await recommendations.refresh(user)),
  }));

  routes.json('POST /api/recommendations/markasread', async ({ body, user }) => {
    const { entry, streak } = await recommendations.markAsRead(user, body.articleId);
    return {
      message: MARKED_READ_MESSAGE,
      ...(entry && { recommendation: toRecommendation(entry) }),
      streak,
    };
  });

  // Reader controls (issue 11): each answers the reader's controls as the profile page lists them.
  routes.json('GET /api/recommendations/controls', ({ user }) => controls.list(user));

  routes.json('POST /api/recommendations/fewerlikethis', async ({ body, user }) => ({
    message: CONTROL.fewerLikeThis,
    ...(await controls.fewerLikeThis(user, body.article_id)),
  }));

  routes.json('POST /api/recommendations/hidesource', async ({ body, user }) => ({
    message: CONTROL.sourceHidden,
    ...(await controls.hideSource(user, body.source_name)),
  }));

  routes.json('POST /api/recommendations/unhidesource', async ({ body, user }) => ({
    message: CONTROL.sourceShown,
    ...(await controls.unhideSource(user, body.source_name)),
  }));

  routes.json('POST /api/recommendations/unmutetopic', async ({ body, user }) => ({
    message: CONTROL.topicUnmuted,
    ...(await controls.unmuteTopic(user, body.kind, body.value)),
  }));

  routes.json('POST /api/recommendations/forgettopic', async ({ body, user }) => ({
    message: CONTROL.topicForgotten,
    ...(await controls.forgetTopic(user, body.category)),
  }));

  // "Your feed" (issue 18).
  routes.json('GET /api/recommendations/profile', ({ user }) => feedProfile.profile(user));

  routes.json('POST /api/recommendations/steer', ({ body, user }) =>
    feedProfile.steer(user, body.changes),
  );

  routes.json('POST /api/recommendations/preview', async ({ body, user }) => ({
    recommendations: (await recommendations.preview(user, body.changes)).map((item) => ({
      article_id: toPublicArticle(item.article),
      score: item.score,
      reasons: item.reasons,
    })),
  }));
}
