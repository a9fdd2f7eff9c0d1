import type { PublicArticle, SavedArticleEntry } from '@lede/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { READER_DATA_KEY } from '@/lib/query-keys';
import { fillSavedStore, storedArticle, storedSavedArticles } from '@/lib/offline/saved-store';
import { useSessionUser } from '@/lib/session/use-session';

/**
 * The saved articles kept on this device (lib/offline/saved-store), read when the server cannot
 * answer. Under the reader's data key, so whatever ends the session drops them from memory.
 */
const keys = {
  saved: (userId: string) => [...READER_DATA_KEY, 'offline', userId, 'saved'] as const,
  article: (userId: string, id: string) =>
    [...READER_DATA_KEY, 'offline', userId, 'article', id] as const,
};

/** The kept copies, newest saved first, once `wanted` (the list could not be loaded). */
export function useStoredSavedArticles(wanted: boolean) {
  const userId = useSessionUser()?._id ?? '';
  return useQuery<SavedArticleEntry[]>({
    queryKey: keys.saved(userId),
    queryFn: () => storedSavedArticles(userId),
    enabled: wanted && !!userId,
    networkMode: 'always',
    staleTime: 0,
    retry: false,
  });
}

/** The kept copy of article `id`, or null when this device has none; once `wanted`. */
export function useStoredArticle(id: string | undefined, wanted: boolean) {
  const userId = useSessionUser()?._id ?? '';
  return useQuery<PublicArticle | null>({
    queryKey: keys.article(userId, id ?? ''),
    queryFn: async () => (await storedArticle(userId, id ?? '')) ?? null,
    enabled: wanted && !!userId && !!id,
    networkMode: 'always',
    staleTime: 0,
    retry: false,
  });
}

/**
 * Keeps copies of the saved list's loaded entries (articles saved on another device): each time
 * more of the list arrives, in the background. `complete`: the whole list is loaded.
 */
export function useFillOfflineCopies(entries: SavedArticleEntry[] | undefined, complete: boolean) {
  const userId = useSessionUser()?._id;
  useEffect(() => {
    if (userId && entries) void fillSavedStore(userId, entries, complete);
  }, [userId, entries, complete]);
}
