import {
  CLIENT_MESSAGES,
  MESSAGES,
  MIN_INTERESTS,
  type PublicArticle,
  type Recommendation,
} from '@lede/shared';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, ApiError, errorMessage, type ApiResult } from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

/** A recommendation flattened into its article (spec section 3), with why it was picked. */
export type FeedItem = PublicArticle & {
  recommendationId: string;
  status: Recommendation['status'];
  reasons: string[];
};

export interface Feed {
  items: FeedItem[];
  interestCount: number;
}

export function toFeed(res: ApiResult<'GET /api/recommendations/get'>): Feed {
  return {
    interestCount: res.interestCount,
    items: res.recommendations.map((r) => ({
      ...r.article_id,
      // The card's kicker and colour are the category its reason names.
      categories: r.category
        ? [r.category, ...r.article_id.categories.filter((c) => c !== r.category)]
        : r.article_id.categories,
      recommendationId: r._id,
      status: r.status,
      reasons: r.reasons,
    })),
  };
}

/** Spec section 8: preferences are needed; say so and go choose them. */
export function sendToPreferences(): void {
  toast.error(MESSAGES.recommendations.needsPreferences);
  navigateTo('/preferences', { state: { fromReset: true } });
}

async function fetchFeed(signal?: AbortSignal): Promise<Feed> {
  const feed = toFeed(
    await api('GET /api/recommendations/get', {
      signal,
      fallback: CLIENT_MESSAGES.data.recommendations,
    }),
  );
  // An empty list under the minimum of interests means preferences are needed (spec 7).
  if (feed.items.length === 0 && feed.interestCount < MIN_INTERESTS) sendToPreferences();
  return feed;
}

/** The reader's feed: kept five minutes, refetched by a refresh. */
export const recommendationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.reader.recommendations(),
    queryFn: ({ signal }) => fetchFeed(signal),
    staleTime: 5 * 60_000,
  });

/** The reader's feed; loaded when none is held. */
export function useRecommendations() {
  return useQuery(recommendationsQuery());
}

/** Refresh (spec section 4): loading toast, refresh, refetch, success toast. */
export async function refreshRecommendations(qc: QueryClient): Promise<void> {
  const id = toast.loading('Refreshing recommendations…');
  try {
    await api('POST /api/recommendations/refresh', {
      fallback: CLIENT_MESSAGES.data.refreshRecommendations,
    });
    await qc.fetchQuery({ ...recommendationsQuery(), staleTime: 0 });
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
      const key = queryKeys.reader.recommendations();
      const feed = qc.getQueryData<Feed>(key);
      const item = feed?.items.find((i) => i._id === article._id);
      if (!feed || !item || item.status === 'read') return;
      qc.setQueryData<Feed>(key, {
        ...feed,
        items: feed.items.map((i) => (i._id === article._id ? { ...i, status: 'read' } : i)),
      });
      api('POST /api/recommendations/markasread', { body: { articleId: article._id } }).then(
        (res) => qc.setQueryData(queryKeys.reader.streak(), res.streak),
        () => {
          // Still unread on the server; the next load shows it as it is.
        },
      );
    },
    [qc],
  );
}
