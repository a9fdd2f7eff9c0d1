import {
  CLIENT_MESSAGES,
  MESSAGES,
  type PublicArticle,
  type SavedArticleEntry,
} from '@lede/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { undoToast } from '@/components/undo-toast';
import { api, errorMessage } from '@/lib/api-client';
import { formatCreators } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { setArticleLikes } from '../api/cache';
import { useReaderLists } from '../api/reader';

type ListName = 'liked' | 'disliked' | 'saved';
const LIST_KEYS = {
  liked: queryKeys.reader.likedIds,
  disliked: queryKeys.reader.dislikedIds,
  saved: queryKeys.reader.savedIds,
} as const;

function getList(qc: QueryClient, name: ListName): string[] {
  return qc.getQueryData<string[]>(LIST_KEYS[name]()) ?? [];
}

function setMember(qc: QueryClient, name: ListName, id: string, on: boolean): void {
  const rest = getList(qc, name).filter((x) => x !== id);
  qc.setQueryData(LIST_KEYS[name](), on ? [...rest, id] : rest);
}

/** Whatever a reaction changes elsewhere: the profile's activity tab and counters. */
function afterAction(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: queryKeys.reader.activity() });
}

/**
 * Like or dislike (spec section 4): mutually exclusive; liking adds one like and removes a
 * dislike, disliking removes a like (and one from the count). Optimistic: the lists and the count
 * change at once everywhere they are shown, and come back exactly as they were on failure.
 */
export async function toggleReaction(
  qc: QueryClient,
  article: PublicArticle,
  kind: 'like' | 'dislike',
): Promise<void> {
  const id = article._id;
  const liked = getList(qc, 'liked').includes(id);
  const disliked = getList(qc, 'disliked').includes(id);
  const before = { liked: getList(qc, 'liked'), disliked: getList(qc, 'disliked') };
  const likesBefore = article.likes;
  let nextLiked = liked;
  let nextDisliked = disliked;
  let likes = likesBefore;
  if (kind === 'like') {
    nextLiked = !liked;
    if (nextLiked) nextDisliked = false;
    likes += nextLiked ? 1 : -1;
  } else {
    nextDisliked = !disliked;
    if (nextDisliked && liked) {
      nextLiked = false;
      likes -= 1;
    }
  }
  setMember(qc, 'liked', id, nextLiked);
  setMember(qc, 'disliked', id, nextDisliked);
  setArticleLikes(qc, id, Math.max(0, likes));
  try {
    const res = await api(`POST /api/userinteractions/${kind}`, {
      body: { article_id: id },
      fallback: kind === 'like' ? CLIENT_MESSAGES.data.like : CLIENT_MESSAGES.data.dislike,
    });
    setMember(qc, 'liked', id, res.liked);
    setMember(qc, 'disliked', id, res.disliked);
    setArticleLikes(qc, id, res.likes);
    const m = MESSAGES.interactions;
    toast.success(
      kind === 'like'
        ? res.liked
          ? m.liked
          : m.unliked
        : res.disliked
          ? m.disliked
          : m.undisliked,
    );
    afterAction(qc);
  } catch {
    qc.setQueryData(queryKeys.reader.likedIds(), before.liked);
    qc.setQueryData(queryKeys.reader.dislikedIds(), before.disliked);
    setArticleLikes(qc, id, likesBefore);
    toast.error(CLIENT_MESSAGES.toasts.likeStatusFailed);
  }
}

/**
 * Save or unsave: optimistic with rollback. Unsaving takes the article off the saved list at once
 * and offers an Undo in its toast.
 */
export async function toggleSave(qc: QueryClient, article: PublicArticle): Promise<void> {
  const id = article._id;
  const savedKey = queryKeys.reader.savedArticles();
  const wasSaved = getList(qc, 'saved').includes(id);
  const idsBefore = getList(qc, 'saved');
  const entriesBefore = qc.getQueryData<SavedArticleEntry[]>(savedKey);
  setMember(qc, 'saved', id, !wasSaved);
  if (wasSaved && entriesBefore) {
    qc.setQueryData<SavedArticleEntry[]>(
      savedKey,
      entriesBefore.filter((e) => e.article_id._id !== id),
    );
  }
  try {
    const res = await api('POST /api/userinteractions/save', {
      body: { article_id: id },
      fallback: CLIENT_MESSAGES.data.save,
    });
    setMember(qc, 'saved', id, res.saved);
    void qc.invalidateQueries({ queryKey: savedKey, refetchType: res.saved ? 'active' : 'none' });
    afterAction(qc);
    if (res.saved) {
      toast.success(MESSAGES.interactions.saved);
    } else {
      const text = MESSAGES.interactions.unsaved;
      undoToast(text, `${text} ${id}`, () => void toggleSave(qc, article));
    }
  } catch (err) {
    qc.setQueryData(queryKeys.reader.savedIds(), idsBefore);
    if (entriesBefore) qc.setQueryData(savedKey, entriesBefore);
    toast.error(errorMessage(err, CLIENT_MESSAGES.data.save));
  }
}

function inviteToSignIn(action: string): void {
  const text = `Log in to ${action} articles.`;
  toast(
    <span>
      <Link to="/login" className="link">
        Log in
      </Link>{' '}
      to {action} articles.
    </span>,
    { key: text },
  );
}

export function shareText(article: PublicArticle, origin = window.location.origin): string {
  const by = formatCreators(article.creator);
  return `${article.title}${by ? ` by ${by}` : ''} - ${origin}/article/${article._id}`;
}

async function share(qc: QueryClient, article: PublicArticle, signedIn: boolean): Promise<void> {
  const text = shareText(article);
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: article.title, text, url: `/article/${article._id}` });
    } else {
      await navigator.clipboard.writeText(text);
      toast.success(CLIENT_MESSAGES.toasts.linkCopied);
    }
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') return;
    toast.error(CLIENT_MESSAGES.data.share);
    return;
  }
  if (!signedIn) return;
  try {
    await api('POST /api/userinteractions/share', {
      body: { article_id: article._id },
      fallback: CLIENT_MESSAGES.data.share,
    });
    toast.success(MESSAGES.interactions.shared);
    afterAction(qc);
  } catch (err) {
    toast.error(errorMessage(err, CLIENT_MESSAGES.data.share));
  }
}

/**
 * Like, dislike, save and share of one article, wherever a card or the modal shows it. The
 * reader's lists live in the query cache (loaded once per session), so every screen shows the
 * same state after an action anywhere. Visitors are invited to sign in (share still works).
 */
export function useArticleActions(article: PublicArticle | undefined) {
  const qc = useQueryClient();
  const lists = useReaderLists();
  const id = article?._id ?? '';
  const signedIn = lists.signedIn;

  const run = useCallback(
    (kind: 'like' | 'dislike' | 'save' | 'share') => {
      if (!article) return;
      if (kind === 'share') return void share(qc, article, signedIn);
      if (!signedIn) return inviteToSignIn(kind);
      if (kind === 'save') return void toggleSave(qc, article);
      return void toggleReaction(qc, article, kind);
    },
    [article, qc, signedIn],
  );

  return {
    signedIn,
    liked: lists.liked.includes(id),
    disliked: lists.disliked.includes(id),
    saved: lists.saved.includes(id),
    like: () => run('like'),
    dislike: () => run('dislike'),
    save: () => run('save'),
    share: () => run('share'),
  };
}
