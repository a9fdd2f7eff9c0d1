import { Router, type RequestHandler } from 'express';
import {
  fewerLikeThisBody,
  forgetTopicBody,
  markAsReadBody,
  MESSAGES,
  RECOMMENDATION_CONTROL_MESSAGES as CONTROL,
  sourceControlBody,
  unmuteTopicBody,
} from '@lede/shared';
import { parseInput } from '../../lib/validate.js';
import { currentUser } from '../auth/session.js';
import type { Feed, RecommendationsService } from './recommendations.service.js';
import { toRecommendation } from './recommendations.serializer.js';
import type { ReaderControlsService } from './reader-controls.js';

export const REFRESHED_MESSAGE = MESSAGES.recommendations.refreshed;
export const MARKED_READ_MESSAGE = MESSAGES.recommendations.markedRead;

const feedBody = ({ items, interestCount }: Feed) => ({
  recommendations: items.map(toRecommendation),
  interestCount,
});

/** /api/recommendations/...: the signed-in reader's feed. */
export function recommendationsRouter(
  recommendations: RecommendationsService,
  controls: ReaderControlsService,
  signedIn: RequestHandler,
): Router {
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

  // Reader controls (issue 11): each answers the reader's controls as the profile page lists them.
  router.get('/controls', async (req, res) => {
    res.json(await controls.list(currentUser(req)));
  });

  router.post('/fewerlikethis', async (req, res) => {
    const { article_id } = parseInput(fewerLikeThisBody, req.body);
    const list = await controls.fewerLikeThis(currentUser(req), article_id);
    res.json({ message: CONTROL.fewerLikeThis, ...list });
  });

  router.post('/hidesource', async (req, res) => {
    const { source_name } = parseInput(sourceControlBody, req.body);
    const list = await controls.hideSource(currentUser(req), source_name);
    res.json({ message: CONTROL.sourceHidden, ...list });
  });

  router.post('/unhidesource', async (req, res) => {
    const { source_name } = parseInput(sourceControlBody, req.body);
    const list = await controls.unhideSource(currentUser(req), source_name);
    res.json({ message: CONTROL.sourceShown, ...list });
  });

  router.post('/unmutetopic', async (req, res) => {
    const { kind, value } = parseInput(unmuteTopicBody, req.body);
    const list = await controls.unmuteTopic(currentUser(req), kind, value);
    res.json({ message: CONTROL.topicUnmuted, ...list });
  });

  router.post('/forgettopic', async (req, res) => {
    const { category } = parseInput(forgetTopicBody, req.body);
    const list = await controls.forgetTopic(currentUser(req), category);
    res.json({ message: CONTROL.topicForgotten, ...list });
  });

  return router;
}
