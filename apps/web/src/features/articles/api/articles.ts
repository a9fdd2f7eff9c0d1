import { CLIENT_MESSAGES, MESSAGES, type PublicArticle } from '@lede/shared/constants';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { articleListRequests } from './list-requests';

export type Article = PublicArticle;

/** One page of a public list, and the cursor of the next (null at its end). */
interface ListPage {
  articles: PublicArticle[];
  nextCursor: string | null;
}

/**
 * A public list as pages, each asked for with the previous page's cursor. The first page's URL
 * has no cursor, so it is the one the boot script asks for early (app/first-requests).
 */
function pagedList(
  queryKey: readonly unknown[],
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<ListPage>,
) {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    getNextPageParam: (last: ListPage) => last.nextCursor ?? undefined,
  });
}

const ROOT = queryKeys.articles;
const keys = {
  all: ROOT,
  latest: () => [...ROOT, 'latest'] as const,
  trending: () => [...ROOT, 'trending'] as const,
  keyword: (keyword: string) => [...ROOT, 'keyword', keyword] as const,
  byId: (id: string) => [...ROOT, 'byId', id] as const,
  related: (id: string) => [...ROOT, 'related', id] as const,
};

/** The query options of each public list and of one article: for hooks, prefetching and tests. */
export const articleQueries = {
  keys,
  latest: () =>
    pagedList(keys.latest(), (cursor, signal) => {
      const { route, query } = articleListRequests.latest(cursor);
      return api(route, { query, signal, fallback: CLIENT_MESSAGES.data.latestFetch });
    }),
  trending: () =>
    pagedList(keys.trending(), (cursor, signal) => {
      const { route, query } = articleListRequests.trending(cursor);
      return api(route, { query, signal, fallback: CLIENT_MESSAGES.data.trendingFetch });
    }),
  /** A category id or label, or free text (ranked full-text search); `keyword` trimmed. */
  keyword: (keyword: string) =>
    pagedList(keys.keyword(keyword), (cursor, signal) => {
      const { route, query } = articleListRequests.keyword(keyword, cursor);
      return api(route, { query, signal, fallback: CLIENT_MESSAGES.data.unexpected });
    }),
  /** "More like this": the articles sharing the most names and phrases with article `id`. */
  related: (id: string) =>
    queryOptions({
      queryKey: keys.related(id),
      queryFn: ({ signal }) =>
        api('GET /api/articles/getrelatedarticles', {
          query: { article_id: id },
          signal,
          fallback: CLIENT_MESSAGES.data.unexpected,
        }).then((r) => r.articles),
    }),
  byId: (id: string) =>
    queryOptions({
      queryKey: keys.byId(id),
      queryFn: ({ signal }) =>
        api('GET /api/articles/getarticlebyid', {
          query: { article_id: id },
          signal,
          fallback: MESSAGES.articles.notFound,
        }).then((r) => r.article),
    }),
};

/**
 * A paged list as the screens use it: every article loaded so far (each once, in order), whether
 * more can be loaded, and `loadMore`.
 */
export interface PagedArticles {
  articles: PublicArticle[] | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

function usePagedArticles(options: ReturnType<typeof pagedList>, enabled: boolean): PagedArticles {
  const query = useInfiniteQuery({ ...options, enabled });
  const pages = query.data?.pages;
  const articles = useMemo(() => {
    if (!pages) return undefined;
    const seen = new Set<string>();
    return pages.flatMap((p) => p.articles).filter((a) => !seen.has(a._id) && !!seen.add(a._id));
  }, [pages]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return {
    articles,
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMore,
    isPending: query.isPending,
    isError: query.isError && !pages,
    error: query.error,
    refetch: query.refetch,
  };
}

export function useLatestArticles(enabled = true) {
  return usePagedArticles(articleQueries.latest(), enabled);
}

export function useTrendingArticles(enabled = true) {
  return usePagedArticles(articleQueries.trending(), enabled);
}

/** A category id or label, or free text (ranked full-text search). */
export function useKeywordArticles(keyword: string, enabled = true) {
  const kw = keyword.trim();
  return usePagedArticles(articleQueries.keyword(kw), enabled && kw !== '');
}

export function useRelatedArticles(id: string) {
  return useQuery(articleQueries.related(id));
}

export function useArticle(id: string | undefined) {
  return useQuery({ ...articleQueries.byId(id ?? ''), enabled: !!id });
}
