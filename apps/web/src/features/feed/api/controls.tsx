import {
  type BodyOf,
  type CategoryId,
  type FewerUndo,
  type MutedTopicKind,
  type PublicArticle,
  type ReaderControlLists,
} from '@lede/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { undoToast } from '@/components/undo-toast';
import { api, errorMessage, type ApiResult, type RequestOptions } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { asFirstPage, feedQueries, keptLists, toFeed, updateFeedItems } from './feed';

const FAILED = 'Could not change your feed. Please try again.';

export function useReaderControls() {
  return useQuery(feedQueries.controls());
}

type ControlRoute =
  | 'POST /api/recommendations/fewerlikethis'
  | 'POST /api/recommendations/undofewer'
  | 'POST /api/recommendations/hidesource'
  | 'POST /api/recommendations/unhidesource'
  | 'POST /api/recommendations/unmutetopic'
  | 'POST /api/recommendations/forgettopic';

// The answers' messages are RECOMMENDATION_CONTROL_MESSAGES (shown as sent; importing the
// constant here would bring the schemas module, and zod, into the feed's chunk).

type ControlAnswer = ApiResult<ControlRoute>;

/** One control: its route and body, and what to do in the cache and on screen once it is done. */
interface ControlAction<R extends ControlRoute = ControlRoute> {
  route: R;
  body: BodyOf<R>;
  done: (answer: ControlAnswer) => void | Promise<void>;
}

/** Takes articles out of the feed held in the cache (the server already left them out). */
function dropFromFeed(qc: QueryClient, keep: (item: PublicArticle) => boolean): void {
  updateFeedItems(qc, (items) => items.filter(keep));
}

/** The feed changed on the server: fetch it again when next shown. */
function feedChanged(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: feedQueries.keys.pages() });
}

/**
 * The reader controls as one mutation: each call waits for the server (the feed is rebuilt
 * there), keeps the lists it answers, then updates the feed and says what happened; a failure
 * shows a toast and changes nothing.
 */
export function useFeedControls() {
  const qc = useQueryClient();
  const { mutate } = useMutation({
    mutationKey: [...feedQueries.keys.controls(), 'change'],
    mutationFn: (action: ControlAction) =>
      api<ControlRoute>(action.route, {
        body: action.body,
        fallback: FAILED,
      } as RequestOptions<ControlRoute>),
    // A refetch of the lists on its way would overwrite what the control answers.
    onMutate: () => qc.cancelQueries({ queryKey: feedQueries.keys.controls() }),
    onSuccess: async (res, action) => {
      qc.setQueryData<ReaderControlLists>(feedQueries.keys.controls(), keptLists(res));
      await action.done(res);
    },
    onError: (err) => {
      toast.error(errorMessage(err, FAILED));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: feedQueries.keys.controls() }),
  });
  const run = <R extends ControlRoute>(action: ControlAction<R>) =>
    mutate(action as unknown as ControlAction);

  const showSource = (sourceName: string) =>
    run({
      route: 'POST /api/recommendations/unhidesource',
      body: { source_name: sourceName },
      done: async (res) => {
        toast.success(res.message);
        // The source's articles left the stored feed: rebuild it so they can come back.
        try {
          const feed = await api('POST /api/recommendations/refresh');
          qc.setQueryData(feedQueries.keys.pages(), asFirstPage(toFeed(feed)));
        } catch {
          feedChanged(qc);
        }
      },
    });

  /** Undoes a "Fewer like this": the article comes back, so the feed is fetched again. */
  const undoFewer = (undo: FewerUndo) =>
    run({
      route: 'POST /api/recommendations/undofewer',
      body: { undo },
      done: (res) => {
        feedChanged(qc);
        toast.success(res.message);
      },
    });

  return {
    /** The card leaves the feed; the toast's Undo brings it back. */
    fewerLikeThis: (article: PublicArticle) =>
      run({
        route: 'POST /api/recommendations/fewerlikethis',
        body: { article_id: article._id },
        done: (res) => {
          dropFromFeed(qc, (a) => a._id !== article._id);
          const { undo } = res as ApiResult<'POST /api/recommendations/fewerlikethis'>;
          undoToast(res.message, `${res.message} ${article._id}`, () => undoFewer(undo));
        },
      }),
    undoFewer,
    hideSource: (sourceName: string) =>
      run({
        route: 'POST /api/recommendations/hidesource',
        body: { source_name: sourceName },
        done: (res) => {
          dropFromFeed(qc, (a) => a.source_name !== sourceName);
          undoToast(`${res.message}: ${sourceName}`, `${res.message} ${sourceName}`, () =>
            showSource(sourceName),
          );
        },
      }),
    showSource,
    unmuteTopic: (kind: MutedTopicKind, value: string) =>
      run({
        route: 'POST /api/recommendations/unmutetopic',
        body: { kind, value },
        done: (res) => {
          feedChanged(qc);
          toast.success(res.message);
        },
      }),
    forgetTopic: (category: CategoryId) =>
      run({
        route: 'POST /api/recommendations/forgettopic',
        body: { category },
        done: (res) => {
          feedChanged(qc);
          toast.success(res.message);
        },
      }),
  };
}
