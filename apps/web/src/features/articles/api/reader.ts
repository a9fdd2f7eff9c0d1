import { CLIENT_MESSAGES } from '@lede/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSessionUser } from '@/lib/session/use-session';

/** One empty list for every "nothing yet", so that what is derived from the lists stays memoised. */
const NONE: string[] = [];

/**
 * The signed-in reader's lists (liked, disliked, saved ids); empty for a visitor. Loaded once per
 * session: every action keeps them in step (see use-article-actions), a new session reloads them.
 */
export function useReaderLists() {
  const signedIn = !!useSessionUser();
  const liked = useQuery({
    queryKey: queryKeys.reader.likedIds(),
    queryFn: ({ signal }) =>
      api('GET /api/articles/getlikedarticleids', {
        signal,
        fallback: CLIENT_MESSAGES.data.likedIds,
      }).then((r) => r.likedArticleIds),
    enabled: signedIn,
    staleTime: Infinity,
  });
  const disliked = useQuery({
    queryKey: queryKeys.reader.dislikedIds(),
    queryFn: ({ signal }) =>
      api('GET /api/articles/getdislikedarticleids', {
        signal,
        fallback: CLIENT_MESSAGES.data.dislikedIds,
      }).then((r) => r.dislikedArticleIds),
    enabled: signedIn,
    staleTime: Infinity,
  });
  const saved = useQuery({
    queryKey: queryKeys.reader.savedIds(),
    queryFn: ({ signal }) =>
      api('GET /api/articles/getsavedarticleids', {
        signal,
        fallback: CLIENT_MESSAGES.data.savedIds,
      }).then((r) => r.savedArticleIds),
    enabled: signedIn,
    staleTime: Infinity,
  });
  return {
    signedIn,
    liked: signedIn ? (liked.data ?? NONE) : NONE,
    disliked: signedIn ? (disliked.data ?? NONE) : NONE,
    saved: signedIn ? (saved.data ?? NONE) : NONE,
  };
}

/** Reading streak in days; 0 for a visitor. */
export function useStreak() {
  const signedIn = !!useSessionUser();
  return useQuery({
    queryKey: queryKeys.reader.streak(),
    queryFn: ({ signal }) =>
      api('GET /api/profile/getstreak', {
        signal,
        fallback: CLIENT_MESSAGES.data.streak,
      }).then((r) => r.streak),
    enabled: signedIn,
  });
}
