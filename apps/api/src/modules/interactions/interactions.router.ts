import { Router, type RequestHandler } from 'express';
import { articleActionBody, MESSAGES, recentActivityQuery, savedArticlesQuery } from '@lede/shared';
import { parseInput } from '../../lib/validate.js';
import { currentUser } from '../auth/session.js';
import type { ReactionKind } from './interactions.repository.js';
import type { InteractionsService } from './interactions.service.js';
import {
  toActivityEntry,
  toReactionResult,
  toSavedArticleEntry,
  toSaveResult,
} from './interactions.serializer.js';

/** /api/userinteractions/...: like, dislike, save, share and the reader's recent activity. */
export function interactionsRouter(
  interactions: InteractionsService,
  signedIn: RequestHandler,
): Router {
  const router = Router();

  const reactionRoute =
    (kind: ReactionKind): RequestHandler =>
    async (req, res) => {
      const { article_id } = parseInput(articleActionBody, req.body);
      const outcome = await interactions.toggleReaction(currentUser(req), article_id, kind);
      res.json(toReactionResult(kind, outcome));
    };
  router.post('/like', signedIn, reactionRoute('like'));
  router.post('/dislike', signedIn, reactionRoute('dislike'));

  router.post('/save', signedIn, async (req, res) => {
    const { article_id } = parseInput(articleActionBody, req.body);
    res.json(toSaveResult(await interactions.toggleSave(currentUser(req), article_id)));
  });

  router.post('/share', signedIn, async (req, res) => {
    const { article_id } = parseInput(articleActionBody, req.body);
    const counts = await interactions.share(currentUser(req), article_id);
    res.json({ message: MESSAGES.interactions.shared, shares: counts.shares });
  });

  router.get('/recentactivity', signedIn, async (req, res) => {
    const { limit } = parseInput(recentActivityQuery, req.query);
    const rows = await interactions.recentActivity(currentUser(req), limit);
    res.json({ data: rows.map(toActivityEntry) });
  });

  return router;
}

/**
 * The reader's own lists and reading, under /api/articles/... beside the public routes, so
 * `signedIn` guards each route rather than the whole mount.
 */
export function readerArticlesRouter(
  interactions: InteractionsService,
  signedIn: RequestHandler,
): Router {
  const router = Router();

  router.get('/getlikedarticleids', signedIn, async (req, res) => {
    res.json({ likedArticleIds: await interactions.likedArticleIds(currentUser(req)) });
  });
  router.get('/getdislikedarticleids', signedIn, async (req, res) => {
    res.json({ dislikedArticleIds: await interactions.dislikedArticleIds(currentUser(req)) });
  });
  router.get('/getsavedarticleids', signedIn, async (req, res) => {
    res.json({ savedArticleIds: await interactions.savedArticleIds(currentUser(req)) });
  });
  router.get('/getsavedarticles', signedIn, async (req, res) => {
    const { limit } = parseInput(savedArticlesQuery, req.query);
    const rows = await interactions.savedArticles(currentUser(req), limit);
    res.json({ savedArticles: rows.map(toSavedArticleEntry) });
  });

  /** Opening an article while signed in: the one thing that counts as reading for the streak. */
  router.post('/markviewed', signedIn, async (req, res) => {
    const { article_id } = parseInput(articleActionBody, req.body);
    res.json({ streak: await interactions.markViewed(currentUser(req), article_id) });
  });

  return router;
}
