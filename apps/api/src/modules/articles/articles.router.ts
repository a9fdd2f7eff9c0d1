import type { ResultOf } from '@lede/shared';
import type { AppDeps } from '../../deps.js';
import { LIST_STALE_MS } from '../../changes/index.js';
import type { FastLane } from '../../http/fast-lane.js';
import { publicPreparedCache } from '../../http/prepared-cache.js';
import type { RouteRegistrar } from '../../http/route.js';
import {
  pageShows,
  rankedByCounts,
  type ArticlesPage,
  type ArticlesPageJson,
  type ArticlesService,
  type RelatedJson,
} from './articles.service.js';

/** A list's answer (its `AccessToken`, when the caller has a session, is added on the way out). */
type ListAnswer = ResultOf<'GET /api/articles/getlatestarticles'>;
type ArticleAnswer = ResultOf<'GET /api/articles/getarticlebyid'>;
type RelatedAnswer = ResultOf<'GET /api/articles/getrelatedarticles'>;

/**
 * Public browsing and search: /api/articles/... (see ./README.md). Answers come from
 * prepared bytes keyed by route and parsed query (the context's `preparedKey()`: every field
 * of the query, never a key written by hand; "Prepared responses" in the README), so the
 * routes answer by themselves; the type argument of `respond` checks each body.
 */
export function articlesRoutes(
  routes: RouteRegistrar,
  deps: Pick<AppDeps, 'config' | 'changes'>,
  articles: ArticlesService,
  lane?: FastLane,
): void {
  const prepared = publicPreparedCache(deps, { lane });
  const list = { staleMs: LIST_STALE_MS };

  routes.custom('GET /api/articles/getlatestarticles', async ({ query, req, res, preparedKey }) => {
    const load = () => articles.latest(query);
    await prepared.respond<ListAnswer>(req, res, preparedKey(), load, pageShows, list);
  });

  routes.custom(
    'GET /api/articles/getlatesttrendingarticles',
    async ({ query, req, res, preparedKey }) => {
      const load = () => articles.trending(query);
      await prepared.respond<ListAnswer>(req, res, preparedKey(), load, rankedByCounts, list);
    },
  );

  routes.custom('GET /api/articles/getarticlebyid', async ({ query, req, res, preparedKey }) => {
    await prepared.respond<ArticleAnswer>(
      req,
      res,
      preparedKey(),
      async () => ({ article: await articles.byId(query.article_id) }),
      ({ article }) => ({ articleIds: [article._id] }),
    );
  });

  routes.custom(
    'GET /api/articles/getrelatedarticles',
    async ({ query, req, res, preparedKey }) => {
      await prepared.respond<RelatedAnswer, RelatedJson>(
        req,
        res,
        preparedKey(),
        () => articles.related(query.article_id, query.limit),
        (page) => ({ articleIds: page.articleIds }),
        list,
      );
    },
  );

  routes.custom(
    'GET /api/articles/getarticlebykeyword',
    async ({ query, req, res, preparedKey }) => {
      const load = () => articles.byKeyword(query);
      await prepared.respond<ListAnswer, ArticlesPage | ArticlesPageJson>(
        req,
        res,
        preparedKey(),
        load,
        pageShows,
        list,
      );
    },
  );
}
