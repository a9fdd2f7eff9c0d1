import {
  type BodyOf,
  type CategoryId,
  type MutedTopicKind,
  type PublicArticle,
  type ReaderControlsResponse,
} from '@lede/shared';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { undoToast } from '@/components/undo-toast';
import { api, errorMessage, type ApiResult, type RequestOptions } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { toFeed, type Feed } from './recommendations';

/** The reader controls' cache key (beside the reader's other data: dropped at logout). */
export const controlsKey = () => [...queryKeys.reader.all, 'controls'] as const;

const FAILED = 'Could not change your feed. Please try again.';

/** Hidden sources, muted topics and the topics the feed learned. */
export function useReaderControls() {
  return useQuery({
    queryKey: controlsKey(),
    queryFn: ({ signal }) =>
      api('GET /api/recommendations/controls', { signal, fallback: FAILED }).then(
        (r): ReaderControlsResponse => ({
          hiddenSources: r.hiddenSources,
          mutedTopics: r.mutedTopics,
          learnedTopics: r.learnedTopics,
        }),
      ),
  });
}

type ControlRoute =
  | 'POST /api/recommendations/fewerlikethis'
  | 'POST /api/recommendations/hidesource'
  | 'POST /api/recommendations/unhidesource'
  | 'POST /api/recommendations/unmutetopic'
  | 'POST /api/recommendations/forgettopic';

// The answers' messages are RECOMMENDATION_CONTROL_MESSAGES (shown as sent; importing the
// constant here would bring the schemas module, and zod, into the feed's chunk).

/** Calls a control, keeps the lists it answers, says what happened; null when it failed. */
async function control<R extends ControlRoute>(
  qc: QueryClient,
  route: R,
  body: BodyOf<R>,
): Promise<ApiResult<ControlRoute> | null> {
  try {
    const res: ApiResult<ControlRoute> = await api<ControlRoute>(route, {
      body,
      fallback: FAILED,
    } as RequestOptions<ControlRoute>);
    qc.setQueryData<ReaderControlsResponse>(controlsKey(), {
      hiddenSources: res.hiddenSources,
      mutedTopics: res.mutedTopics,
      learnedTopics: res.learnedTopics,
    });
    return res;
  } catch (err) {
    toast.error(errorMessage(err, FAILED));
    return null;
  }
}

/** Takes articles out of the feed held in the cache (the server already left them out). */
function dropFromFeed(qc: QueryClient, keep: (item: PublicArticle) => boolean): void {
  qc.setQueryData<Feed>(queryKeys.reader.recommendations(), (feed) =>
    feed ? { ...feed, items: feed.items.filter(keep) } : feed,
  );
}

/** The feed changed on the server: fetch it again when next shown. */
function feedChanged(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: queryKeys.reader.recommendations() });
}

export async function fewerLikeThis(qc: QueryClient, article: PublicArticle): Promise<void> {
  const res = await control(qc, 'POST /api/recommendations/fewerlikethis', {
    article_id: article._id,
  });
  if (!res) return;
  dropFromFeed(qc, (a) => a._id !== article._id);
  toast.success(res.message);
}

export async function hideSource(qc: QueryClient, sourceName: string): Promise<void> {
  const res = await control(qc, 'POST /api/recommendations/hidesource', {
    source_name: sourceName,
  });
  if (!res) return;
  dropFromFeed(qc, (a) => a.source_name !== sourceName);
  const text = res.message;
  undoToast(
    `${text}: ${sourceName}`,
    `${text} ${sourceName}`,
    () => void showSource(qc, sourceName),
  );
}

export async function showSource(qc: QueryClient, sourceName: string): Promise<void> {
  const res = await control(qc, 'POST /api/recommendations/unhidesource', {
    source_name: sourceName,
  });
  if (!res) return;
  toast.success(res.message);
  // The source's articles left the stored feed: rebuild it so they can come back.
  try {
    const feed = await api('POST /api/recommendations/refresh');
    qc.setQueryData(queryKeys.reader.recommendations(), toFeed(feed));
  } catch {
    feedChanged(qc);
  }
}

export async function unmuteTopic(
  qc: QueryClient,
  kind: MutedTopicKind,
  value: string,
): Promise<void> {
  const res = await control(qc, 'POST /api/recommendations/unmutetopic', { kind, value });
  if (!res) return;
  feedChanged(qc);
  toast.success(res.message);
}

export async function forgetTopic(qc: QueryClient, category: CategoryId): Promise<void> {
  const res = await control(qc, 'POST /api/recommendations/forgettopic', { category });
  if (!res) return;
  feedChanged(qc);
  toast.success(res.message);
}
