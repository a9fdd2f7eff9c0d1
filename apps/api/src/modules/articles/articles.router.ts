import { Router } from 'express';
import { articleByIdQuery, articleByKeywordQuery, pageQuery } from '@lede/shared';
import type { AppDeps } from '../../deps.js';
import { createPreparedCache } from '../../http/prepared-response.js';
import { parseInput } from '../../lib/validate.js';
import type { ArticlesService } from './articles.service.js';

/**
 * Public browsing and search: /api/articles/... (see ./README.md). Answers come from
 * prepared bytes keyed by route and parsed query ("Prepared responses" in the README).
 */
export function articlesRouter(deps: AppDeps, articles: ArticlesService): Router {
  const prepared = createPreparedCache({ ttlMs: deps.config.publicCacheSeconds * 1000 });
  const router = Router();

  router.get('/getlatestarticles', async (req, res) => {
    const page = parseInput(pageQuery, req.query);
    await prepared.respond(req, res, `latest\n${page.limit}\n${page.cursor ?? ''}`, () =>
      articles.latest(page),
    );
  });

  router.get('/getlatesttrendingarticles', async (req, res) => {
    const page = parseInput(pageQuery, req.query);
    await prepared.respond(req, res, `trending\n${page.limit}\n${page.cursor ?? ''}`, () =>
      articles.trending(page),
    );
  });

  router.get('/getarticlebyid', async (req, res) => {
    const { article_id } = parseInput(articleByIdQuery, req.query);
    await prepared.respond(req, res, `article\n${article_id}`, async () => ({
      article: await articles.byId(article_id),
    }));
  });

  router.get('/getarticlebykeyword', async (req, res) => {
    const query = parseInput(articleByKeywordQuery, req.query);
    await prepared.respond(
      req,
      res,
      `keyword\n${query.limit}\n${query.cursor ?? ''}\n${query.keyword}`,
      () => articles.byKeyword(query),
    );
  });

  return router;
}
