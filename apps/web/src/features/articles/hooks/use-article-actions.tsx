import { CLIENT_MESSAGES, MESSAGES, type PublicArticle } from '@lede/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { api, errorMessage } from '@/lib/api-client';
import { formatCreators } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { useReaderLists } from '../api/reader';

type Lists = { liked: string[]; disliked: string[]; saved: string[] };

function toggled(list: readonly string[], id: string, on: boolean): string[] {
  const rest = list.filter((x) => x !== id);
  return on ? [...rest, id] : rest;
}

/** Writes an article's like count into every cached list and page that holds it. */
function setLikes(qc: QueryClient, id: string, likes: number): void {
  qc.setQueriesData<unknown>({ queryKey: queryKeys.articles.all }, (data: unknown) => {
    if (Array.isArray(data)) {
      return (data as PublicArticle[]).map((a) => (a._id === id ? { ...a, likes } : a));
    }
    if (data && typeof data === 'object' && (data as PublicArticle)._id === id) {
      return { ...(data as PublicArticle), likes };
    }
    return data;
  });
}

function setLists(qc: QueryClient, lists: Partial<Lists>): void {
  if (lists.liked) qc.setQueryData(queryKeys.reader.likedIds(), lists.liked);
  if (lists.disliked) qc.setQueryData(queryKeys.reader.dislikedIds(), lists.disliked);
  if (lists.saved) qc.setQueryData(queryKeys.reader.savedIds(), lists.saved);
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

/** Like, dislike, save and share: optimistic for readers, an invitation to sign in for visitors. */
export function useArticleActions(article: PublicArticle | undefined) {
  const qc = useQueryClient();
  const lists = useReaderLists();
  const id = article?._id ?? '';
  const liked = lists.liked.includes(id);
  const disliked = lists.disliked.includes(id);
  const saved = lists.saved.includes(id);

  const react = useCallback(
    async (kind: 'like' | 'dislike') => {
      if (!article) return;
      if (!lists.signedIn) return inviteToSignIn(kind);
      const before: Lists = { liked: lists.liked, disliked: lists.disliked, saved: lists.saved };
      const likesBefore = article.likes;
      let nextLiked = liked;
      let nextDisliked = disliked;
      let likes = likesBefore;
      if (kind === 'like') {
        nextLiked = !liked;
        if (nextLiked) {
          nextDisliked = false;
          likes += 1;
        } else likes -= 1;
      } else {
        nextDisliked = !disliked;
        if (nextDisliked && liked) {
          nextLiked = false;
          likes -= 1;
        }
      }
      setLists(qc, {
        liked: toggled(before.liked, id, nextLiked),
        disliked: toggled(before.disliked, id, nextDisliked),
      });
      setLikes(qc, id, Math.max(0, likes));
      try {
        const res = await api(`POST /api/userinteractions/${kind}`, {
          body: { article_id: id },
          fallback: kind === 'like' ? CLIENT_MESSAGES.data.like : CLIENT_MESSAGES.data.dislike,
        });
        setLists(qc, {
          liked: toggled(
            qc.getQueryData<string[]>(queryKeys.reader.likedIds()) ?? [],
            id,
            res.liked,
          ),
          disliked: toggled(
            qc.getQueryData<string[]>(queryKeys.reader.dislikedIds()) ?? [],
            id,
            res.disliked,
          ),
        });
        setLikes(qc, id, res.likes);
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
      } catch {
        setLists(qc, { liked: before.liked, disliked: before.disliked });
        setLikes(qc, id, likesBefore);
        toast.error(CLIENT_MESSAGES.toasts.likeStatusFailed);
      }
    },
    [article, lists, liked, disliked, id, qc],
  );

  const save = useCallback(async () => {
    if (!article) return;
    if (!lists.signedIn) return inviteToSignIn('save');
    const before = lists.saved;
    setLists(qc, { saved: toggled(before, id, !saved) });
    try {
      const res = await api('POST /api/userinteractions/save', {
        body: { article_id: id },
        fallback: CLIENT_MESSAGES.data.save,
      });
      setLists(qc, {
        saved: toggled(qc.getQueryData<string[]>(queryKeys.reader.savedIds()) ?? [], id, res.saved),
      });
      void qc.invalidateQueries({ queryKey: queryKeys.reader.savedArticles() });
      toast.success(res.saved ? MESSAGES.interactions.saved : MESSAGES.interactions.unsaved);
    } catch (err) {
      setLists(qc, { saved: before });
      toast.error(errorMessage(err, CLIENT_MESSAGES.data.save));
    }
  }, [article, lists, saved, id, qc]);

  const share = useCallback(async () => {
    if (!article) return;
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
    if (!lists.signedIn) return;
    try {
      await api('POST /api/userinteractions/share', {
        body: { article_id: id },
        fallback: CLIENT_MESSAGES.data.share,
      });
      toast.success(MESSAGES.interactions.shared);
    } catch (err) {
      toast.error(errorMessage(err, CLIENT_MESSAGES.data.share));
    }
  }, [article, lists.signedIn, id]);

  return {
    signedIn: lists.signedIn,
    liked,
    disliked,
    saved,
    like: () => void react('like'),
    dislike: () => void react('dislike'),
    save: () => void save(),
    share: () => void share(),
  };
}
