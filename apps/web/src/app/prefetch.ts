import type { QueryClient } from '@tanstack/react-query';
import { articleQueries } from '@/features/articles/api/articles';
import { ALL_CHIP, TRENDING_CHIP, exploreChip } from '@/features/articles/explore-chips';
import { readerActionsQueries } from '@/features/reader-actions/api/reader-actions';
import { storyQueries } from '@/features/stories/api/stories';
import { queryClient } from '@/lib/query-client';
import { getToken } from '@/lib/storage';
import { PAGE_PATHS } from '@lede/shared/constants';
import { storyId } from './first-requests';
import { preloadScreens } from './preload';

/** Fetches a screen's first list into `client`, unless it is there and fresh. */
type ListPrefetch = (client: QueryClient) => Promise<void>;

/**
 * The first list a screen shows, through its query factory (the screen reads the same options,
 * so a prefetched list is what it finds in the cache). Only reads without side effects: a
 * reader's feed is not among them, since serving it records what it showed.
 */
export function firstListPrefetch(
  pathname: string,
  search: string,
  signedIn: boolean,
): ListPrefetch | undefined {
  switch (pathname) {
    case PAGE_PATHS.explore: {
      const chip = exploreChip(new URLSearchParams(search).get('category'));
      const list =
        chip === ALL_CHIP
          ? articleQueries.latest()
          : chip === TRENDING_CHIP
            ? articleQueries.trending()
            : articleQueries.keyword(chip);
      return (client) => client.prefetchInfiniteQuery(list);
    }
    case PAGE_PATHS.saved:
      return signedIn
        ? (client) => client.prefetchInfiniteQuery(readerActionsQueries.savedArticles())
        : undefined;
    default:
      return undefined;
  }
}

/**
 * The list (or story) of the page a first load drew before React had loaded (app/first-paint.ts),
 * into the cache before React's first render, which then shows the same, not its skeleton.
 * Its answer is the one the boot script asked for (lib/early-requests), so nothing is asked twice:
 * the feed too, which a link's prefetch never asks for.
 */
export function firstScreenList(
  pathname: string,
  search: string,
  signedIn: boolean,
): ListPrefetch | undefined {
  const story = storyId(pathname);
  if (story) return (client) => client.prefetchQuery(storyQueries.byId(story));
  switch (pathname) {
    case PAGE_PATHS.search: {
      const q = (new URLSearchParams(search).get('q') ?? '').trim();
      return q ? (client) => client.prefetchInfiniteQuery(articleQueries.keyword(q)) : undefined;
    }
    case PAGE_PATHS.home:
      return signedIn
        ? async (client) => {
            const { feedQueries } = await import('@/features/feed/api/feed');
            await client.prefetchInfiniteQuery(feedQueries.pages());
          }
        : undefined;
    default:
      return firstListPrefetch(pathname, search, signedIn);
  }
}

/** firstScreenList of the current page, in the app's cache. */
export async function loadFirstScreenList(location: Location): Promise<void> {
  await firstScreenList(location.pathname, location.search, !!getToken())?.(queryClient);
}

/**
 * A link the reader points at or focuses: its screen's code, and its first list, are fetched
 * before the click. Nothing is fetched offline (the screen says it needs a connection itself).
 * A prefetch never throws: a failed one is fetched again when the screen mounts.
 */
export async function prefetchScreen(to: string, client: QueryClient = queryClient): Promise<void> {
  if (!navigator.onLine) return;
  const url = new URL(to, window.location.origin);
  const list = firstListPrefetch(url.pathname, url.search, !!getToken());
  await Promise.all([preloadScreens(url).catch(() => undefined), list?.(client)]);
}
