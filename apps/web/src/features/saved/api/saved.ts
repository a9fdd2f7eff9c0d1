import { CLIENT_MESSAGES } from '@lede/shared/constants';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { SAVED_PAGE_SIZE } from '../saved-page';

/** One page of saved articles, and the cursor of the next (null after the oldest). */
export type SavedPage = ApiResult<'GET /api/articles/getsavedarticles'>;

/** The reader's saved articles, newest saved first, a page at a time (entries: _id, article_id, savedAt). */
export const savedArticlesQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.reader.savedArticles(),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/articles/getsavedarticles', {
        query: { limit: SAVED_PAGE_SIZE, cursor: pageParam },
        signal,
        fallback: CLIENT_MESSAGES.data.savedIds,
      }),
    getNextPageParam: (last: SavedPage) => last.nextCursor ?? undefined,
  });

/** Every saved article loaded so far, newest saved first (keyset pages never repeat one). */
const allEntries = (data: InfiniteData<SavedPage>) => data.pages.flatMap((p) => p.savedArticles);

/** The saved articles as pages: `data` is every entry loaded so far; `fetchNextPage` loads more. */
export function useSavedArticles() {
  return useInfiniteQuery({ ...savedArticlesQuery(), select: allEntries });
}
