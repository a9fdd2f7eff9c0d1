import { CLIENT_MESSAGES, MESSAGES, type PublicArticle } from '@lede/shared/constants';
import { useMutation, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { undoToast } from '@/components/undo-toast';
import { api, errorMessage } from '@/lib/api-client';
import {
  ArticleActionsContext,
  type ArticleActionKind,
  type ArticleActionsContextValue,
} from '@/lib/article-actions';
import { formatCreators } from '@/lib/format';
import { isQueued, readerId, sendOrQueue, type Queued } from '@/lib/offline/actions';
import { OFFLINE_MESSAGES } from '@/lib/offline/messages';
import { toast } from '@/lib/toast';
import {
  applyReaction,
  cancelReactionQueries,
  currentReaction,
  knowsReactions,
  reloadLists,
  type Reaction,
  type ReactionList,
} from '../api/cache';
import { readerActionsQueries, useReaderLists } from '../api/reader-actions';
import { queryKeys } from '@/lib/query-keys';
import { paths } from '@/lib/paths';

/**
 * Every toast of the four actions (and of their failures) takes this id: a new one replaces the
 * last, so a share's 'Link copied!' then 'Article Shared!', or quick likes, leave one toast.
 */
export const ACTION_TOAST = { id: 'article-action' } as const;

type ReactionAnswer = Awaited<ReturnType<typeof api<'POST /api/userinteractions/like'>>>;

/**
 * The article's copy for reading offline (lib/offline/saved-store): kept while it is saved,
 * dropped once it is not. In the background: a save never waits for it, and the store's code
 * loads then, not with the page.
 */
function keepOffline(article: PublicArticle, saved: boolean): void {
  const userId = readerId();
  if (!userId) return;
  const at = new Date();
  void import('@/lib/offline/saved-store').then((store) =>
    saved
      ? store.keepSavedArticle(userId, store.entryFor(article, at))
      : store.forgetSavedArticle(userId, article._id),
  );
}

/** Whatever an action changes elsewhere: the profile's activity tab and counters. */
function afterAction(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: queryKeys.activity() });
}

/**
 * What a like or a dislike changes (spec section 4): they are mutually exclusive; liking adds one
 * like and removes a dislike, disliking removes a like (and one from the count).
 */
export function nextReaction(
  now: { liked: boolean; disliked: boolean; likes: number },
  kind: 'like' | 'dislike',
): Required<Pick<Reaction, 'liked' | 'disliked' | 'likes'>> {
  let { liked, disliked, likes } = now;
  if (kind === 'like') {
    liked = !now.liked;
    if (liked) disliked = false;
    likes += liked ? 1 : -1;
  } else {
    disliked = !now.disliked;
    if (disliked && now.liked) {
      liked = false;
      likes -= 1;
    }
  }
  return { liked, disliked, likes: Math.max(0, likes) };
}

/**
 * The optimistic step of a reaction (`onMutate`): stop the fetches on their way, apply the
 * reaction to what the cache holds now, and keep what undoes it for `onError`. Pressed before the
 * lists it changes have loaded, their first load is stopped too (its answer, from before the
 * press, would undo the press on screen) and asked for again once the press is settled.
 */
async function optimistic(
  qc: QueryClient,
  id: string,
  lists: readonly ReactionList[],
  reaction: (now: ReturnType<typeof currentReaction>) => Reaction,
) {
  const blind = !knowsReactions(qc, lists);
  await cancelReactionQueries(qc, blind ? lists : []);
  if (blind) pressedUnknown.add(`${lists.join()}:${id}`);
  return { undo: applyReaction(qc, id, reaction(currentReaction(qc, id))), reload: blind };
}

/** After any action (`onSettled`): what it changes elsewhere, and lists a blind press stopped. */
function settled(
  qc: QueryClient,
  lists: readonly ReactionList[],
  context: { reload: boolean } | undefined,
): void {
  if (context?.reload) void reloadLists(qc, lists);
  afterAction(qc);
}

/**
 * Presses made before the reader's lists were loaded (a page just opened, whose lists wait for
 * its first paint): the screen's state is a guess, so the request toggles as before and the
 * server's answer says what holds. Taken by the mutation that follows its onMutate.
 */
const pressedUnknown = new Set<string>();

function pressedBlind(lists: readonly ReactionList[], id: string): boolean {
  return pressedUnknown.delete(`${lists.join()}:${id}`);
}

const REACTION_LISTS = ['liked', 'disliked'] as const;
const SAVE_LISTS = ['saved'] as const;

/** Without a connection an action waits in the queue (lib/offline): the screen keeps it. */
function sayQueued(): void {
  toast(OFFLINE_MESSAGES.queued, ACTION_TOAST);
}

/**
 * Like or dislike. Optimistic: the lists and the count change at once everywhere they are shown,
 * take the server's answer, and come back exactly as they were on failure. The request says the
 * state the screen now shows (`liked` or `disliked`), not a toggle, so that offline it can wait
 * in the queue and be sent later exactly as meant. Mutations run whatever the browser says of the
 * connection (`networkMode: 'always'`): the queue, not a paused mutation, waits for it.
 */
function useReactionMutation(kind: 'like' | 'dislike') {
  return useMutation({
    mutationKey: ['userinteractions', kind],
    networkMode: 'always',
    mutationFn: (article: PublicArticle, { client }): Promise<ReactionAnswer | Queued> => {
      const now = currentReaction(client, article._id);
      const fallback = kind === 'like' ? CLIENT_MESSAGES.data.like : CLIENT_MESSAGES.data.dislike;
      const article_id = article._id;
      const blind = pressedBlind(REACTION_LISTS, article_id);
      return sendOrQueue(
        { kind: 'reaction', articleId: article_id, liked: now.liked, disliked: now.disliked },
        () =>
          kind === 'like'
            ? api('POST /api/userinteractions/like', {
                body: blind ? { article_id } : { article_id, liked: now.liked },
                fallback,
              })
            : api('POST /api/userinteractions/dislike', {
                body: blind ? { article_id } : { article_id, disliked: now.disliked },
                fallback,
              }),
      );
    },
    onMutate: (article, { client }) =>
      optimistic(client, article._id, REACTION_LISTS, (now) =>
        nextReaction({ ...now, likes: now.likes ?? article.likes }, kind),
      ),
    onSuccess: (res, article, _context, { client }) => {
      if (isQueued(res)) return sayQueued();
      applyReaction(client, article._id, {
        liked: res.liked,
        disliked: res.disliked,
        likes: res.likes,
      });
      const m = MESSAGES.interactions;
      toast.success(
        kind === 'like'
          ? res.liked
            ? m.liked
            : m.unliked
          : res.disliked
            ? m.disliked
            : m.undisliked,
        ACTION_TOAST,
      );
    },
    onError: (_err, article, context, { client }) => {
      if (context) applyReaction(client, article._id, context.undo);
      toast.error(CLIENT_MESSAGES.toasts.likeStatusFailed, ACTION_TOAST);
    },
    onSettled: (_res, _err, _article, context, { client }) =>
      settled(client, REACTION_LISTS, context),
  });
}

/**
 * Save or unsave: optimistic with rollback. Unsaving takes the article off the saved list at once
 * and offers an Undo in its toast.
 */
function useSaveMutation() {
  const mutation = useMutation({
    mutationKey: ['userinteractions', 'save'],
    networkMode: 'always',
    mutationFn: (article: PublicArticle, { client }) => {
      const { saved } = currentReaction(client, article._id);
      const blind = pressedBlind(SAVE_LISTS, article._id);
      if (!blind) keepOffline(article, saved);
      return sendOrQueue({ kind: 'save', articleId: article._id, saved }, () =>
        api('POST /api/userinteractions/save', {
          body: blind ? { article_id: article._id } : { article_id: article._id, saved },
          fallback: CLIENT_MESSAGES.data.save,
        }),
      );
    },
    onMutate: (article, { client }) =>
      optimistic(client, article._id, SAVE_LISTS, (now) => ({ saved: !now.saved })),
    onSuccess: (res, article, _context, { client }) => {
      if (isQueued(res)) return sayQueued();
      applyReaction(client, article._id, { saved: res.saved });
      keepOffline(article, res.saved);
      void client.invalidateQueries({
        queryKey: readerActionsQueries.keys.savedArticles(),
        refetchType: res.saved ? 'active' : 'none',
      });
      if (res.saved) {
        toast.success(MESSAGES.interactions.saved, ACTION_TOAST);
      } else {
        const text = MESSAGES.interactions.unsaved;
        undoToast(text, `${text} ${article._id}`, () => mutation.mutate(article), ACTION_TOAST);
      }
    },
    onError: (err, article, context, { client }) => {
      if (context) applyReaction(client, article._id, context.undo);
      keepOffline(article, currentReaction(client, article._id).saved);
      toast.error(errorMessage(err, CLIENT_MESSAGES.data.save), ACTION_TOAST);
    },
    onSettled: (_res, _err, _article, context, { client }) => settled(client, SAVE_LISTS, context),
  });
  return mutation;
}

/** Recording a share (after the share sheet or the copied link): says so, or why it failed. */
function useShareMutation() {
  return useMutation({
    mutationKey: ['userinteractions', 'share'],
    mutationFn: (article: PublicArticle) =>
      api('POST /api/userinteractions/share', {
        body: { article_id: article._id },
        fallback: CLIENT_MESSAGES.data.share,
      }),
    onSuccess: (_res, _article, _context, { client }) => {
      toast.success(MESSAGES.interactions.shared, ACTION_TOAST);
      afterAction(client);
    },
    onError: (err) => toast.error(errorMessage(err, CLIENT_MESSAGES.data.share), ACTION_TOAST),
  });
}

function inviteToSignIn(action: string): void {
  const text = `Log in to ${action} articles.`;
  toast(
    <span>
      <Link to={paths.login()} className="link">
        Log in
      </Link>{' '}
      to {action} articles.
    </span>,
    { key: text, ...ACTION_TOAST },
  );
}

export function shareText(article: PublicArticle, origin = window.location.origin): string {
  const by = formatCreators(article.creator);
  return `${article.title}${by ? ` by ${by}` : ''} - ${origin}/article/${article._id}`;
}

/** Shares through the system sheet, or copies the link; true when the article was shared. */
async function shareOrCopy(article: PublicArticle): Promise<boolean> {
  const text = shareText(article);
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: article.title, text, url: paths.article(article._id) });
    } else {
      await navigator.clipboard.writeText(text);
      toast.success(CLIENT_MESSAGES.toasts.linkCopied, ACTION_TOAST);
    }
    return true;
  } catch (err) {
    if (!(err instanceof DOMException && err.name === 'AbortError')) {
      toast.error(CLIENT_MESSAGES.data.share, ACTION_TOAST);
    }
    return false;
  }
}

function useArticleActionsValue(): ArticleActionsContextValue {
  const recordView = useRecordViewMutation();
  const lists = useReaderLists();
  const signedIn = lists.signedIn;
  const { mutate: likeArticle } = useReactionMutation('like');
  const { mutate: dislikeArticle } = useReactionMutation('dislike');
  const { mutate: saveArticle } = useSaveMutation();
  const { mutate: shareArticle } = useShareMutation();

  const run = useCallback(
    (kind: ArticleActionKind, article: PublicArticle) => {
      if (kind === 'share') {
        void shareOrCopy(article).then((shared) => {
          if (shared && signedIn) shareArticle(article);
        });
        return;
      }
      if (!signedIn) return inviteToSignIn(kind);
      if (kind === 'save') return saveArticle(article);
      if (kind === 'like') return likeArticle(article);
      return dislikeArticle(article);
    },
    [signedIn, likeArticle, dislikeArticle, saveArticle, shareArticle],
  );
  const liked = useMemo(() => new Set(lists.liked), [lists.liked]);
  const disliked = useMemo(() => new Set(lists.disliked), [lists.disliked]);
  const saved = useMemo(() => new Set(lists.saved), [lists.saved]);
  return useMemo(
    () => ({ signedIn, liked, disliked, saved, run, recordView }),
    [signedIn, liked, disliked, saved, run, recordView],
  );
}

/**
 * Records a view of an article; the answer is the new streak (on failure it stays as it was).
 * Offline the view waits in the queue, and counts when it is sent.
 */
function useRecordViewMutation() {
  return useMutation({
    mutationKey: ['articles', 'markviewed'],
    networkMode: 'always',
    mutationFn: (id: string) =>
      sendOrQueue({ kind: 'view', articleId: id }, () =>
        api('POST /api/articles/markviewed', { body: { article_id: id } }),
      ),
    onSuccess: (res, _id, _context, { client }) => {
      if (!isQueued(res)) client.setQueryData(queryKeys.streak(), res.streak);
    },
  }).mutate;
}

/**
 * Holds the reader's lists and the actions once for everything inside (a screen: its lists of
 * cards, their dialog, an article page; read with useArticleActions from lib/article-actions): a card only reads them, so a page of 50 cards subscribes to the query
 * cache once, not 350 times.
 */
export function ArticleActionsProvider({ children }: { children: ReactNode }) {
  const value = useArticleActionsValue();
  return <ArticleActionsContext value={value}>{children}</ArticleActionsContext>;
}
