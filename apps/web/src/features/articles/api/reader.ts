import { CLIENT_MESSAGES } from '@lede/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { readerStateReleased } from '@/lib/reader-state-hold';
import { useSessionUser } from '@/lib/session/use-session';

/** The API call, once the first list page has painted (see lib/reader-state-hold). */
const fetchReaderState: typeof api = (route, ...options) =>
  readerStateReleased().then(() => api(route, ...options));

/** The signed-in reader's own state: kept for the session, every action keeps it in step. */
export const readerQueries = {
  likedIds: () =>
    queryOptions({
      queryKey: queryKeys.reader.likedIds(),
      queryFn: ({ signal }) =>
        fetchReaderState('GET /api/articles/getlikedarticleids', {
          signal,
          fallback: CLIENT_MESSAGES.data.likedIds,
        }).then((r) => r.likedArticleIds),
      staleTime: Infinity,
    }),
  dislikedIds: () =>
    queryOptions({
      queryKey: queryKeys.reader.dislikedIds(),
      queryFn: ({ signal }) =>
        fetchReaderState('GET /api/articles/getdislikedarticleids', {
          signal,
          fallback: CLIENT_MESSAGES.data.dislikedIds,
        }).then((r) => r.dislikedArticleIds),
      staleTime: Infinity,
    }),
  savedIds: () =>
    queryOptions({
      queryKey: queryKeys.reader.savedIds(),
      queryFn: ({ signal }) =>
        fetchReaderState('GET /api/articles/getsavedarticleids', {
          signal,
          fallback: CLIENT_MESSAGES.data.savedIds,
        }).then((r) => r.savedArticleIds),
      staleTime: Infinity,
    }),
  streak: () =>
    queryOptions({
      queryKey: queryKeys.reader.streak(),
      queryFn: ({ signal }) =>
        fetchReaderState('GET /api/profile/getstreak', {
          signal,
          fallback: CLIENT_MESSAGES.data.streak,
        }).then((r) => r.streak),
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
  const liked = useQuery({ ...readerQueries.likedIds(), enabled: signedIn });
  const disliked = useQuery({ ...readerQueries.dislikedIds(), enabled: signedIn });
  const saved = useQuery({ ...readerQueries.savedIds(), enabled: signedIn });
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
  return useQuery({ ...readerQueries.streak(), enabled: signedIn });
}
