import { CLIENT_MESSAGES } from '@lede/shared/constants';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { api, type ApiResult } from '@/lib/api-client';
import { READER_DATA_KEY, queryKeys } from '@/lib/query-keys';
import { readerStateReleased } from '@/lib/reader-state-hold';
import { useSessionUser } from '@/lib/session/use-session';
import { savedPageRequest } from './saved-page-request';

/** The API call, once the first list page has painted (see lib/reader-state-hold). */
const fetchReaderState: typeof api = (route, ...options) =>
  readerStateReleased().then(() => api(route, ...options));

/** One page of saved articles, and the cursor of the next (null after the oldest). */
export type SavedPage = ApiResult<'GET /api/articles/getsavedarticles'>;

/**
 * The signed-in reader's own state: kept for the session, every action keeps it in step (the
 * ids and the streak are asked for once the first list has painted).
 */
export const readerActionsQueries = {
  keys: {
    likedIds: () => [...READER_DATA_KEY, 'likedIds'] as const,
    dislikedIds: () => [...READER_DATA_KEY, 'dislikedIds'] as const,
    savedIds: () => [...READER_DATA_KEY, 'savedIds'] as const,
    savedArticles: () => [...READER_DATA_KEY, 'savedArticles'] as const,
    streak: queryKeys.streak,
    activity: queryKeys.activity,
  },
  likedIds: () =>
    queryOptions({
      queryKey: readerActionsQueries.keys.likedIds(),
      queryFn: ({ signal }) =>
        fetchReaderState('GET /api/articles/getlikedarticleids', {
          signal,
          fallback: CLIENT_MESSAGES.data.likedIds,
        }).then((r) => r.likedArticleIds),
      staleTime: Infinity,
    }),
  dislikedIds: () =>
    queryOptions({
      queryKey: readerActionsQueries.keys.dislikedIds(),
      queryFn: ({ signal }) =>
        fetchReaderState('GET /api/articles/getdislikedarticleids', {
          signal,
          fallback: CLIENT_MESSAGES.data.dislikedIds,
        }).then((r) => r.dislikedArticleIds),
      staleTime: Infinity,
    }),
  savedIds: () =>
    queryOptions({
      queryKey: readerActionsQueries.keys.savedIds(),
      queryFn: ({ signal }) =>
        fetchReaderState('GET /api/articles/getsavedarticleids', {
          signal,
          fallback: CLIENT_MESSAGES.data.savedIds,
        }).then((r) => r.savedArticleIds),
      staleTime: Infinity,
    }),
  streak: () =>
    queryOptions({
      queryKey: readerActionsQueries.keys.streak(),
      queryFn: ({ signal }) =>
        fetchReaderState('GET /api/profile/getstreak', {
          signal,
          fallback: CLIENT_MESSAGES.data.streak,
        }).then((r) => r.streak),
    }),
  /** The reader's recent activity (likes, dislikes, saves, shares), newest first. */
  activity: () =>
    queryOptions({
      queryKey: readerActionsQueries.keys.activity(),
      queryFn: ({ signal }) =>
        api('GET /api/userinteractions/recentactivity', {
          query: { limit: 100 },
          signal,
          fallback: CLIENT_MESSAGES.data.activity,
        }).then((r) => r.data),
    }),
  /** The saved articles, newest saved first, a page at a time (entries: _id, article_id, savedAt). */
  savedArticles: () =>
    infiniteQueryOptions({
      queryKey: readerActionsQueries.keys.savedArticles(),
      initialPageParam: undefined as string | undefined,
      queryFn: ({ pageParam, signal }) => {
        const { route, query } = savedPageRequest(pageParam);
        return api(route, { query, signal, fallback: CLIENT_MESSAGES.data.savedIds });
      },
      getNextPageParam: (last: SavedPage) => last.nextCursor ?? undefined,
    }),
};

/** One empty list for every "nothing yet", so that what is derived from the lists stays memoised. */
const NONE: string[] = [];

/**
 * `data` from the render after its first arrival, which React makes in the background (a
 * transition, in slices): a page of cards taking its buttons' state is not one long task. Every
 * later change is used at once.
 */
function useArrival<T>(data: T | undefined): T | undefined {
  const deferred = useDeferredValue(data);
  return deferred === undefined ? undefined : data;
}

/**
 * The signed-in reader's lists (liked, disliked, saved ids); empty for a visitor. Loaded once per
 * session: every action keeps them in step (see use-article-actions), a new session reloads them.
 */
export function useReaderLists() {
  const signedIn = !!useSessionUser();
  const liked = useQuery({ ...readerActionsQueries.likedIds(), enabled: signedIn });
  const disliked = useQuery({ ...readerActionsQueries.dislikedIds(), enabled: signedIn });
  const saved = useQuery({ ...readerActionsQueries.savedIds(), enabled: signedIn });
  const likedIds = useArrival(liked.data);
  const dislikedIds = useArrival(disliked.data);
  const savedIds = useArrival(saved.data);
  return {
    signedIn,
    liked: signedIn ? (likedIds ?? NONE) : NONE,
    disliked: signedIn ? (dislikedIds ?? NONE) : NONE,
    saved: signedIn ? (savedIds ?? NONE) : NONE,
  };
}

/** Reading streak in days; 0 for a visitor. */
export function useStreak() {
  const signedIn = !!useSessionUser();
  return useQuery({ ...readerActionsQueries.streak(), enabled: signedIn });
}

/** Every saved article loaded so far, newest saved first (keyset pages never repeat one). */
const allEntries = (data: InfiniteData<SavedPage>) => data.pages.flatMap((p) => p.savedArticles);

/** The saved articles as pages: `data` is every entry loaded so far; `fetchNextPage` loads more. */
export function useSavedArticles() {
  return useInfiniteQuery({ ...readerActionsQueries.savedArticles(), select: allEntries });
}

export function useActivity() {
  return useQuery(readerActionsQueries.activity());
}
