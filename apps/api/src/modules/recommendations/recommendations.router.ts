import { Router, type RequestHandler } from 'express';
import { markAsReadBody, MESSAGES } from '@lede/shared';
import type { AppDeps } from '../../deps.js';
import { parseInput } from '../../lib/validate.js';
import { currentUser } from '../auth/session.js';
import { createRecommendationsService, type Feed } from './recommendations.service.js';
import { toRecommendation } from './recommendations.serializer.js';

export const REFRESHED_MESSAGE = MESSAGES.recommendations.refreshed;
export const MARKED_READ_MESSAGE = MESSAGES.recommendations.markedRead;

const feedBody = ({ items, interestCount }: Feed) => ({
  recommendations: items.map(toRecommendation),
  interestCount,
});

/** /api/recommendations/...: the signed-in reader's feed. */
export function recommendationsRouter(deps: AppDeps, signedIn: RequestHandler): Router {
  const recommendations = createRecommendationsService(deps);
  const router = Router();
  router.use(signedIn);

  router.get('/get', async (req, res) => {
    res.json(feedBody(await recommendations.get(currentUser(req))));
  });

  router.post('/refresh', async (req, res) => {
    const feed = await recommendations.refresh(currentUser(req));
    res.json({ message: REFRESHED_MESSAGE, ...feedBody(feed) });
  });

  router.post('/markasread', async (req, res) => {
    const { articleId } = parseInput(markAsReadBody, req.body);
    const { entry, streak } = await recommendations.markAsRead(currentUser(req), articleId);
    res.json({
      message: MARKED_READ_MESSAGE,
      ...(entry && { recommendation: toRecommendation(entry) }),
      streak,
    });
  });

  return router;
}
