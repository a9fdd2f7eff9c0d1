import type { PublicArticle } from '@lede/shared';
import { createContext, useContext, useEffect } from 'react';

export type ArticleActionKind = 'like' | 'dislike' | 'save' | 'share';

/**
 * What every card of a screen shares: the reader's lists and the four actions, made once. The
 * reader-actions feature fills it (ArticleActionsProvider, mounted by each screen in app/); the
 * cards, the dialog and the article page only read it.
 */
export interface ArticleActionsContextValue {
  signedIn: boolean;
  liked: ReadonlySet<string>;
  disliked: ReadonlySet<string>;
  saved: ReadonlySet<string>;
  run: (kind: ArticleActionKind, article: PublicArticle) => void;
  /** Records that the reader opened an article (the answer updates the streak). */
  recordView: (articleId: string) => void;
}

export const ArticleActionsContext = createContext<ArticleActionsContextValue | null>(null);

function useActionsContext(hook: string): ArticleActionsContextValue {
  const context = useContext(ArticleActionsContext);
  if (!context) throw new Error(`${hook} needs an ArticleActionsProvider`);
  return context;
}

/**
 * Like, dislike, save and share of one article, wherever a card or the modal shows it. The
 * reader's lists live in the query cache (loaded once per session), so every screen shows the
 * same state after an action anywhere. Visitors are invited to sign in (share still works).
 */
export function useArticleActions(article: PublicArticle | undefined) {
  const { signedIn, liked, disliked, saved, run } = useActionsContext('useArticleActions');
  const id = article?._id ?? '';
  const act = (kind: ArticleActionKind) => () => {
    if (article) run(kind, article);
  };
  return {
    signedIn,
    liked: liked.has(id),
    disliked: disliked.has(id),
    saved: saved.has(id),
    like: act('like'),
    dislike: act('dislike'),
    save: act('save'),
    share: act('share'),
  };
}

export type ArticleActions = ReturnType<typeof useArticleActions>;

/** Opening an article while signed in records the view. */
export function useRecordView(articleId: string | undefined): void {
  const { signedIn, recordView } = useActionsContext('useRecordView');
  useEffect(() => {
    if (signedIn && articleId) recordView(articleId);
  }, [signedIn, articleId, recordView]);
}
