import { MESSAGES, type PublicArticle } from '@lede/shared';
import { and } from 'drizzle-orm';
import type { Dependency } from '../../changes/index.js';
import { poolOf } from '../../db/client.js';
import { createPublicReads } from '../../db/public-reads.js';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../lib/errors.js';
import { JsonText } from '../../lib/json-text.js';
import { articlesRepository, type ChronologicalRow } from './articles.repository.js';
import {
  publicArticleJson,
  toPublicArticle,
  type PublicArticleJsonSource,
  type PublicArticleSource,
} from './articles.serializer.js';
import { categoryNamedBy } from './category-lookup.js';
import {
  decodeKeysetCursor,
  decodeOffsetCursor,
  encodeKeysetCursor,
  encodeOffsetCursor,
} from './page-cursor.js';
import { createFreshnessAnchor } from './freshness-anchor.js';
import { buildPrefixTsQuery, searchKeyword } from './search-query.js';
import { lookupTerms, pickRelated, RELATED_CANDIDATES, type RelatedArticle } from './related.js';
import { createSearchRankings } from './search-rankings.js';
import { SEARCH_CANDIDATES, searchRepository } from './search.repository.js';
import { trendingRepository } from './trending.repository.js';

export interface ArticlesPage {
  articles: PublicArticle[];
  nextCursor: string | null;
}

export interface PageRequest {
  limit: number;
  cursor?: string;
  /** One card per story (the default) or every article. */
  collapse?: boolean;
}

/**
 * A page already serialised (a search's, from each article's stored JSON), with the ids of the
 * articles it shows.
 */
export class ArticlesPageJson extends JsonText<ArticlesPage> {
  constructor(
    readonly articleIds: string[],
    pieces: readonly string[],
  ) {
    super(pieces);
  }
}

const emptyPage: ArticlesPage = { articles: [], nextCursor: null };

/** Fetching one row more than asked tells whether a next page exists. */
function chronologicalPage(rows: ChronologicalRow[], limit: number): ArticlesPage {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    articles: shown.map(toPublicArticle),
    nextCursor:
      rows.length > limit && last
        ? encodeKeysetCursor({ pubDate: last.pubDateKey, id: last.id })
        : null,
  };
}

function nextOffsetCursor(rows: unknown[], offset: number, limit: number): string | null {
  return rows.length > limit ? encodeOffsetCursor(offset + limit) : null;
}

function rankedPage(rows: PublicArticleSource[], offset: number, limit: number): ArticlesPage {
  return {
    articles: rows.slice(0, limit).map(toPublicArticle),
    nextCursor: nextOffsetCursor(rows, offset, limit),
  };
}

/** rankedPage's JSON, written from the articles' stored JSON (the same bytes). */
function rankedPageJson(
  rows: PublicArticleJsonSource[],
  offset: number,
  limit: number,
): ArticlesPageJson {
  const shown = rows.slice(0, limit);
  const nextCursor = JSON.stringify(nextOffsetCursor(rows, offset, limit));
  return new ArticlesPageJson(
    shown.map((row) => row.id),
    articlesJson(shown, `,"nextCursor":${nextCursor}}`),
  );
}

/** `{"articles":[…]` written from the articles' stored JSON, then `end`. */
function articlesJson(rows: readonly PublicArticleJsonSource[], end: string): string[] {
  const pieces = ['{"articles":['];
  rows.forEach((row, index) => {
    if (index > 0) pieces.push(',');
    pieces.push(publicArticleJson(row));
  });
  pieces.push(`]${end}`);
  return pieces;
}

/** The related articles, written from their stored JSON, with their ids. */
export class RelatedJson extends JsonText<{ articles: PublicArticle[] }> {
  constructor(
    readonly articleIds: string[],
    pieces: readonly string[],
  ) {
    super(pieces);
  }
}

function relatedJson(rows: PublicArticleJsonSource[]): RelatedJson {
  return new RelatedJson(
    rows.map((row) => row.id),
    articlesJson(rows, '}'),
  );
}

type ArticlesDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'changes'>;

/** The public article reads on one database (the primary or a replica), with its own memos. */
function articlesReadsOn({ db, clock, config, changes }: ArticlesDeps) {
  const searchRankings = createSearchRankings({ ttlMs: config.publicCacheSeconds * 1000, changes });
  const freshnessAnchor = createFreshnessAnchor({
    ttlMs: config.publicCacheSeconds * 1000,
    changes,
  });
  return {
    async latest({ limit, cursor, collapse = true }: PageRequest): Promise<ArticlesPage> {
      const after = decodeKeysetCursor(cursor);
      const filter = collapse ? articlesRepository.newestOfItsStory() : undefined;
      return chronologicalPage(
        await articlesRepository.newestFirst(db, { filter, after, limit: limit + 1 }),
        limit,
      );
    },

    async trending({ limit, cursor, collapse = true }: PageRequest): Promise<ArticlesPage> {
      const offset = decodeOffsetCursor(cursor);
      const ids = await trendingRepository.rankedIds(db, {
        now: clock.now(),
        offset,
        limit: limit + 1,
        collapse,
      });
      return rankedPage(await articlesRepository.findByIdsInOrder(db, ids), offset, limit);
    },

    async byId(id: string): Promise<PublicArticle> {
      const row = await articlesRepository.findById(db, id);
      if (!row) throw ApiError.notFound(MESSAGES.articles.notFound);
      return toPublicArticle(row);
    },

    /**
     * "More like this": other stories sharing article `id`'s salient names and phrases, the
     * closest first, never of its own event; fewer or none rather than filler (related.ts).
     */
    async related(id: string, limit: number): Promise<RelatedJson> {
      const row = await articlesRepository.findById(db, id);
      if (!row) throw ApiError.notFound(MESSAGES.articles.notFound);
      const article: RelatedArticle = {
        id,
        titleKey: row.titleKey,
        storyId: row.storyId,
        terms: row.terms,
        termWeights: row.termWeights,
        categories: row.categories,
        pubDate: row.pubDate,
      };
      const candidates = await articlesRepository.relatedCandidates(db, {
        id,
        titleKey: row.titleKey,
        storyId: row.storyId ?? null,
        terms: lookupTerms(article),
        limit: RELATED_CANDIDATES,
      });
      const ids = pickRelated(article, candidates, limit).map((m) => m.article.id);
      return relatedJson(await articlesRepository.publicJsonByIdsInOrder(db, ids));
    },

    /** A category id or label lists that category, newest first; anything else is a ranked search. */
    async byKeyword({
      keyword,
      limit,
      cursor,
      collapse = true,
    }: PageRequest & { keyword: string }): Promise<ArticlesPage | ArticlesPageJson> {
      const category = categoryNamedBy(keyword);
      if (category) {
        const after = decodeKeysetCursor(cursor);
        const filter = and(
          articlesRepository.inCategory(category),
          collapse ? articlesRepository.newestOfItsStory(category) : undefined,
        );
        return chronologicalPage(
          await articlesRepository.newestFirst(db, { filter, after, limit: limit + 1 }),
          limit,
        );
      }
      const offset = decodeOffsetCursor(cursor);
      const tsQuery = buildPrefixTsQuery(keyword);
      if (!tsQuery || offset >= SEARCH_CANDIDATES) return emptyPage;
      // Ranked afresh, the page's articles come with the ranking (one statement); a remembered
      // ranking has only their ids, read by primary key.
      let rows: PublicArticleJsonSource[] | undefined;
      const ids = await searchRankings.get(
        `${tsQuery}\n${keyword}\n${offset}\n${limit}\n${collapse}`,
        async () => {
          rows = await searchRepository.rankedPage(db, {
            tsQuery,
            keyword: searchKeyword(keyword),
            anchor: await freshnessAnchor.get(() =>
              searchRepository.freshnessAnchor(db, clock.now()),
            ),
            offset,
            limit: limit + 1,
            collapse,
          });
          return rows.map((row) => row.id);
        },
      );
      rows ??= await articlesRepository.publicJsonByIdsInOrder(db, ids);
      return rankedPageJson(rows, offset, limit);
    },
  };
}

type ArticlesReads = ReturnType<typeof articlesReadsOn>;

/** A list shows its articles' counts; nothing else in it depends on counters. */
export const pageShows = (page: ArticlesPage | ArticlesPageJson): Dependency => ({
  articleIds: page instanceof ArticlesPageJson ? page.articleIds : page.articles.map((a) => a._id),
});
/** Trending's order depends on every candidate's counts. */
export const rankedByCounts = (): Dependency => ({ allCounts: true });

/**
 * The public article reads, from the replica (`readDb`) when it holds what an answer shows,
 * else from the primary (db/public-reads.ts).
 */
export function createArticlesService(deps: ArticlesDeps & Pick<AppDeps, 'readDb' | 'pool'>) {
  const primary = articlesReadsOn(deps);
  if (!deps.readDb) return primary;
  const reads = createPublicReads<ArticlesReads>({
    primary: { source: primary, pool: deps.pool },
    replica: { source: articlesReadsOn({ ...deps, db: deps.readDb }), pool: poolOf(deps.readDb) },
    changes: deps.changes,
  });
  return {
    latest: (page: PageRequest) => reads.read((on) => on.latest(page), pageShows),
    trending: (page: PageRequest) => reads.read((on) => on.trending(page), rankedByCounts),
    byId: (id: string) =>
      reads.read(
        (on) => on.byId(id),
        (article) => ({ articleIds: [article._id] }),
      ),
    related: (id: string, limit: number) =>
      reads.read(
        (on) => on.related(id, limit),
        (page) => ({ articleIds: page.articleIds }),
      ),
    byKeyword: (request: PageRequest & { keyword: string }) =>
      reads.read((on) => on.byKeyword(request), pageShows),
  } satisfies ArticlesReads;
}

export type ArticlesService = ReturnType<typeof createArticlesService>;
