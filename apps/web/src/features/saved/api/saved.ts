import { CLIENT_MESSAGES } from '@lede/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The reader's saved articles, newest saved first (entries: _id, article_id, savedAt). */
export const savedArticlesQuery = () =>
  queryOptions({
    queryKey: queryKeys.reader.savedArticles(),
    queryFn: ({ signal }) =>
      api('GET /api/articles/getsavedarticles', {
        signal,
        fallback: CLIENT_MESSAGES.data.savedIds,
      }).then((r) => r.savedArticles),
  });

export function useSavedArticles() {
  return useQuery(savedArticlesQuery());
}
