import { CLIENT_MESSAGES, MESSAGES, type PublicArticle } from '@lede/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type Article = PublicArticle;

export function useLatestArticles(enabled = true) {
  return useQuery({
    queryKey: queryKeys.articles.latest(),
    queryFn: ({ signal }) =>
      api('GET /api/articles/getlatestarticles', {
        signal,
        fallback: CLIENT_MESSAGES.data.latestFetch,
      }).then((r) => r.articles),
    enabled,
  });
}

export function useTrendingArticles(enabled = true) {
  return useQuery({
    queryKey: queryKeys.articles.trending(),
    queryFn: ({ signal }) =>
      api('GET /api/articles/getlatesttrendingarticles', {
        signal,
        fallback: CLIENT_MESSAGES.data.trendingFetch,
      }).then((r) => r.articles),
    enabled,
  });
}

/** A category id or label, or free text (ranked full-text search). */
export function useKeywordArticles(keyword: string, enabled = true) {
  const kw = keyword.trim();
  return useQuery({
    queryKey: queryKeys.articles.keyword(kw),
    queryFn: ({ signal }) =>
      api('GET /api/articles/getarticlebykeyword', {
        query: { keyword: kw },
        signal,
        fallback: CLIENT_MESSAGES.data.unexpected,
      }).then((r) => r.articles),
    enabled: enabled && kw !== '',
  });
}

export function useArticle(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.articles.byId(id ?? ''),
    queryFn: ({ signal }) =>
      api('GET /api/articles/getarticlebyid', {
        query: { article_id: id ?? '' },
        signal,
        fallback: MESSAGES.articles.notFound,
      }).then((r) => r.article),
    enabled: !!id,
  });
}
