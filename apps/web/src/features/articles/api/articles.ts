import { CLIENT_MESSAGES, MESSAGES, type PublicArticle } from '@lede/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type Article = PublicArticle;

/** The query options of each public list and of one article: for hooks, prefetching and tests. */
export const articleQueries = {
  latest: () =>
    queryOptions({
      queryKey: queryKeys.articles.latest(),
      queryFn: ({ signal }) =>
        api('GET /api/articles/getlatestarticles', {
          signal,
          fallback: CLIENT_MESSAGES.data.latestFetch,
        }).then((r) => r.articles),
    }),
  trending: () =>
    queryOptions({
      queryKey: queryKeys.articles.trending(),
      queryFn: ({ signal }) =>
        api('GET /api/articles/getlatesttrendingarticles', {
          signal,
          fallback: CLIENT_MESSAGES.data.trendingFetch,
        }).then((r) => r.articles),
    }),
  /** A category id or label, or free text (ranked full-text search); `keyword` trimmed. */
  keyword: (keyword: string) =>
    queryOptions({
      queryKey: queryKeys.articles.keyword(keyword),
      queryFn: ({ signal }) =>
        api('GET /api/articles/getarticlebykeyword', {
          query: { keyword },
          signal,
          fallback: CLIENT_MESSAGES.data.unexpected,
        }).then((r) => r.articles),
    }),
  byId: (id: string) =>
    queryOptions({
      queryKey: queryKeys.articles.byId(id),
      queryFn: ({ signal }) =>
        api('GET /api/articles/getarticlebyid', {
          query: { article_id: id },
          signal,
          fallback: MESSAGES.articles.notFound,
        }).then((r) => r.article),
    }),
};

export function useLatestArticles(enabled = true) {
  return useQuery({ ...articleQueries.latest(), enabled });
}

export function useTrendingArticles(enabled = true) {
  return useQuery({ ...articleQueries.trending(), enabled });
}

/** A category id or label, or free text (ranked full-text search). */
export function useKeywordArticles(keyword: string, enabled = true) {
  const kw = keyword.trim();
  return useQuery({ ...articleQueries.keyword(kw), enabled: enabled && kw !== '' });
}

export function useArticle(id: string | undefined) {
  return useQuery({ ...articleQueries.byId(id ?? ''), enabled: !!id });
}
