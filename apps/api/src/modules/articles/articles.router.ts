import { Router } from 'express';
import { articleByIdQuery, articleByKeywordQuery, pageQuery } from '@lede/shared';
import type { AppDeps } from '../../deps.js';
import type { Dependency } from '../../http/articles-changed.js';
import { createPreparedCache } from '../../http/prepared-response.js';
import { parseInput } from '../../lib/validate.js';
import type { ArticlesPage, ArticlesService } from './articles.service.js';

/** A list shows its articles' counts; nothing else in it depends on counters. */
const showsPage = (page: ArticlesPage): Dependency => ({
  articleIds: page.articles.map((a) => a._id),
});
/** Trending's order depends on every candidate's counts. */
const rankedByCounts = (): Dependency => ({ allCounts: true });
/**
 * Lists (latest, trending, search) are rebuilt at most about twice a second under a stream of
 * likes: until then the previous body is served, its counts (and trending's order) at most this
 * old. A change to which articles exist is never served stale, and neither is one article's own
 * answer. Before, every like dropped the lists that showed the article, and under load the
 * search rebuilds alone took 62 % of the database's time (`pnpm bench load`).
 */
export const LIST_STALE_MS = 1_000;

/**
 * Public browsing and search: /api/articles/... (see ./README.md). Answers come from
 * prepared bytes keyed by route and parsed query ("Prepared responses" in the README).
 */
export function articlesRouter(deps: AppDeps, articles: ArticlesService): Router {
  const prepared = createPreparedCache({ ttlMs: deps.config.publicCacheSeconds * 1000 });
  const router = Router();

  router.get('/getlatestarticles', async (req, res) => {
    const page = parseInput(pageQuery, req.query);
    const key = `latest\n${page.limit}\n${page.cursor ?? ''}`;
    await prepared.respond(req, res, key, () => articles.latest(page), showsPage, {
      staleMs: LIST_STALE_MS,
    });
  });

  router.get('/getlatesttrendingarticles', async (req, res) => {
    const page = parseInput(pageQuery, req.query);
    const key = `trending\n${page.limit}\n${page.cursor ?? ''}`;
    await prepared.respond(req, res, key, () => articles.trending(page), rankedByCounts, {
      staleMs: LIST_STALE_MS,
    });
  });

  router.get('/getarticlebyid', async (req, res) => {
    const { article_id } = parseInput(articleByIdQuery, req.query);
    await prepared.respond(
      req,
      res,
      `article\n${article_id}`,
      async () => ({ article: await articles.byId(article_id) }),
      ({ article }) => ({ articleIds: [article._id] }),
    );
  });

  router.get('/getarticlebykeyword', async (req, res) => {
    const query = parseInput(articleByKeywordQuery, req.query);
    const key = `keyword\n${query.limit}\n${query.cursor ?? ''}\n${query.keyword}`;
    await prepared.respond(req, res, key, () => articles.byKeyword(query), showsPage, {
      staleMs: LIST_STALE_MS,
    });
  });

  return router;
}
