import { Router } from 'express';
import { articleByIdQuery, articleByKeywordQuery, pageQuery } from '@lede/shared';
import type { AppDeps } from '../../deps.js';
import { parseInput } from '../../lib/validate.js';
import { createArticlesService } from './articles.service.js';

/** Public browsing and search: /api/articles/... (see ./README.md). */
export function articlesRouter(deps: AppDeps): Router {
  const articles = createArticlesService(deps);
  const router = Router();

  router.get('/getlatestarticles', async (req, res) => {
    res.json(await articles.latest(parseInput(pageQuery, req.query)));
  });

  router.get('/getlatesttrendingarticles', async (req, res) => {
    res.json(await articles.trending(parseInput(pageQuery, req.query)));
  });

  router.get('/getarticlebyid', async (req, res) => {
    const { article_id } = parseInput(articleByIdQuery, req.query);
    res.json({ article: await articles.byId(article_id) });
  });

  router.get('/getarticlebykeyword', async (req, res) => {
    res.json(await articles.byKeyword(parseInput(articleByKeywordQuery, req.query)));
  });

  return router;
}
