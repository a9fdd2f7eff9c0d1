import type { PublicArticle, StoryMemberArticle } from '@lede/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { overList, useOpenArticleId } from '@/lib/article-route';
import { paths } from '@/lib/paths';

// The article dialog loads when a reader first opens an article from the timeline.
const ArticleModal = lazy(() =>
  import('@/features/articles/components/article-modal').then((m) => ({
    default: m.ArticleModal,
  })),
);

/**
 * The article opened from the timeline, as a dialog over the story (`/article/:id` with the story
 * as its background, lib/article-route): Back closes it, Previous / Next walk the timeline.
 */
export function StoryArticleDialog({
  articles,
  onCloseFocus,
}: {
  articles: readonly StoryMemberArticle[];
  onCloseFocus: (article: PublicArticle) => void;
}) {
  const openId = useOpenArticleId();
  const navigate = useNavigate();
  const location = useLocation();
  // Once opened, the dialog stays mounted so that closing it animates and returns focus.
  const [used, setUsed] = useState(false);
  if (openId !== null && !used) setUsed(true);
  const found = openId === null ? -1 : articles.findIndex((a) => a._id === openId);
  // An article no longer in the story (it was refetched without it) closes the dialog.
  const orphaned = openId !== null && found < 0;
  useEffect(() => {
    if (orphaned) void navigate(-1);
  }, [orphaned, navigate]);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ArticleModal
        articles={articles}
        index={found < 0 ? null : found}
        onIndexChange={(i) => {
          const next = articles[i];
          if (next)
            void navigate(paths.article(next._id), { replace: true, state: overList(location) });
        }}
        onClose={() => void navigate(-1)}
        onCloseFocus={onCloseFocus}
      />
    </Suspense>
  );
}
