import {
  CLIENT_MESSAGES,
  MESSAGES,
  MIN_INTERESTS,
  type FeedProfile,
  type PublicArticle,
  type ReaderControlLists,
  type Recommendation,
} from '@lede/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { isQueued, sendOrQueue } from '@/lib/offline/actions';
import { api, ApiError, errorMessage, type ApiResult } from '@/lib/api-client';
import { READER_DATA_KEY, queryKeys } from '@/lib/query-keys';
import { readerStateReleased } from '@/lib/reader-state-hold';
import { toast } from '@/lib/toast';
import { feedPageRequest } from './feed-request';

/** A recommendation flattened into its article (spec section 3), with why it was picked. */
export type FeedItem = PublicArticle & {
  recommendationId: string;
  status: Recommendation['status'];
  reasons: string[];
};

/** One page of the feed, and the cursor of the next (null when nothing more is left). */
export interface Feed {
  items: FeedItem[];
  interestCount: number;
  nextCursor: string | null;
  /** When it arrived (epoch ms): the first page's is when the feed was last loaded or refreshed. */
  receivedAt: number;
}

/** The feed as cached: its pages, the first one first. */
export type FeedPages = InfiniteData<Feed, string | undefined>;

export function toFeed(res: ApiResult<'GET /api/recommendations/get'>): Feed {
  return {
    interestCount: res.interestCount,
    nextCursor: res.nextCursor ?? null,
    receivedAt: Date.now(),
    // The card's label is the article's own category (its first), as in the dialog and on its
    // page; why it was picked is the reason line.
    items: res.recommendations.map((r) => ({
      ...r.article_id,
      recommendationId: r._id,
      status: r.status,
      reasons: r.reasons,
    })),
  };
}

/** A feed just built (a refresh's answer) as the cache holds it: one first page. */
export const asFirstPage = (feed: Feed): FeedPages => ({ pages: [feed], pageParams: [undefined] });

/** Changes the items of every page of the cached feed. */
export function updateFeedItems(qc: QueryClient, change: (items: FeedItem[]) => FeedItem[]): void {
  qc.setQueryData<FeedPages>(feedQueries.keys.pages(), (feed) =>
    feed ? { ...feed, pages: feed.pages.map((p) => ({ ...p, items: change(p.items) })) } : feed,
  );
}

async function fetchFeed(cursor: string | undefined, signal?: AbortSignal): Promise<Feed> {
  const { route, query } = feedPageRequest(cursor);
  return toFeed(
    await api(route, { query, signal, fallback: CLIENT_MESSAGES.data.recommendations }),
  );
}

const FAILED = 'Could not change your feed. Please try again.';

export const keptLists = (res: ReaderControlLists): ReaderControlLists => ({
  hiddenSources: res.hiddenSources,
  mutedTopics: res.mutedTopics,
  learnedTopics: res.learnedTopics,
  feedSources: res.feedSources,
});

/** The feed's reads, keyed beside the reader's other data (dropped when the session ends). */
export const feedQueries = {
  keys: {
    pages: queryKeys.feed,
    controls: () => [...READER_DATA_KEY, 'controls'] as const,
    profile: () => [...READER_DATA_KEY, 'feedProfile'] as const,
  },
  /**
   * The reader's feed, a page at a time: kept five minutes, refetched by a refresh. The first
   * page's URL has no cursor, so it is the one the boot script asks for early.
   */
  pages: () =>
    infiniteQueryOptions({
      queryKey: feedQueries.keys.pages(),
      initialPageParam: undefined as string | undefined,
      queryFn: ({ pageParam, signal }) => fetchFeed(pageParam, signal),
      getNextPageParam: (last: Feed) => last.nextCursor ?? undefined,
      staleTime: 5 * 60_000,
    }),
  /**
   * Hidden sources, muted topics and the topics the feed learned. The feed's cards ask for it
   * too (how many sources there are): once the first list has painted, as the reader's other
   * state.
   */
  controls: () =>
    queryOptions({
      queryKey: feedQueries.keys.controls(),
      queryFn: ({ signal }) =>
        readerStateReleased()
          .then(() => api('GET /api/recommendations/controls', { signal, fallback: FAILED }))
          .then(keptLists),
    }),
  /** "Your feed": what the feed learned and how the reader steered it (the profile shows it). */
  profile: () =>
    queryOptions({
      queryKey: feedQueries.keys.profile(),
      queryFn: ({ signal }): Promise<FeedProfile> =>
        api('GET /api/recommendations/profile', { signal, fallback: FAILED }).then((r) => ({
          subjects: r.subjects,
          categories: r.categories,
        })),
    }),
};

/**
 * Every item loaded so far, each article once (a page asked for after a rebuild elsewhere starts
 * at the new feed's top), and when the feed was last loaded or refreshed.
 */
function loadedFeed(data: FeedPages) {
  const seen = new Set<string>();
  const items = data.pages
    .flatMap((p) => p.items)
    .filter((i) => !seen.has(i._id) && !!seen.add(i._id));
  const first = data.pages[0];
  return {
    items,
    refreshedAt: first?.receivedAt,
    // An empty feed under the minimum of interests means preferences are needed (spec 7): the
    // home screen offers to choose them, with the trending news meanwhile.
    needsInterests: items.length === 0 && (first?.interestCount ?? 0) < MIN_INTERESTS,
  };
}

/** The reader's feed as the home screen shows it; `fetchNextPage` loads more. */
export function useFeed() {
  return useInfiniteQuery({ ...feedQueries.pages(), select: loadedFeed });
}

/** Refresh (spec section 4): loading toast, refresh (its answer is the feed's first page), success toast. */
export async function refreshFeed(qc: QueryClient): Promise<void> {
  const id = toast.loading('Refreshing recommendations…');
  try {
    const feed = await api('POST /api/recommendations/refresh', {
      fallback: CLIENT_MESSAGES.data.refreshRecommendations,
    });
    // The rebuilt feed starts again from its first page, the one the refresh answers.
    await qc.cancelQueries({ queryKey: feedQueries.keys.pages() });
    qc.setQueryData(feedQueries.keys.pages(), asFirstPage(toFeed(feed)));
    toast.dismiss(id);
    toast.success(MESSAGES.recommendations.refreshed);
  } catch (err) {
    toast.dismiss(id);
    // A 403 needsPreferences was already answered by the API client (toast and /preferences).
    if (!(err instanceof ApiError && err.needsPreferences)) {
      toast.error(errorMessage(err, CLIENT_MESSAGES.data.refreshRecommendations));
    }
  }
}

/** Opening a recommendation marks it read (and counts for the streak). */
export function useMarkAsRead() {
  const qc = useQueryClient();
  return useCallback(
    (article: PublicArticle) => {
      const feed = qc.getQueryData<FeedPages>(feedQueries.keys.pages());
      const item = feed?.pages.flatMap((p) => p.items).find((i) => i._id === article._id);
      if (!item || item.status === 'read') return;
      updateFeedItems(qc, (items) =>
        items.map((i) => (i._id === article._id ? { ...i, status: 'read' } : i)),
      );
      // Offline it waits in the queue (lib/offline) and is sent with the connection.
      sendOrQueue({ kind: 'read', articleId: article._id }, () =>
        api('POST /api/recommendations/markasread', { body: { articleId: article._id } }),
      ).then(
        (res) => {
          if (!isQueued(res)) qc.setQueryData(queryKeys.streak(), res.streak);
        },
        () => {
          // Still unread on the server; the next load shows it as it is.
        },
      );
    },
    [qc],
  );
}
