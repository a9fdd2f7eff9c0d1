import type { PublicArticle } from '@lede/shared';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ArticleCard, ArticleCardSkeleton } from './article-card';
import { ArticleModal } from './article-modal';

/** A grid of cards (or skeletons while loading) that opens the article modal. */
export function ArticleList({
  articles,
  loading,
  skeletons,
  empty,
  label,
  onOpenArticle,
}: {
  articles: readonly PublicArticle[] | undefined;
  loading: boolean;
  skeletons: number;
  empty: ReactNode;
  label: string;
  onOpenArticle?: (article: PublicArticle) => void;
}) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const grid = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

  const focusCard = useCallback((article: PublicArticle) => {
    const el = buttons.current.get(article._id);
    el?.focus();
    el?.scrollIntoView({ block: 'nearest' });
  }, []);

  if (loading) {
    return (
      <div className={grid} role="status" aria-label="Loading articles">
        {Array.from({ length: skeletons }, (_, i) => (
          <ArticleCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (!articles || articles.length === 0) return <>{empty}</>;

  return (
    <>
      <ul className={grid} aria-label={label}>
        {articles.map((a, i) => (
          <li key={a._id} className="flex">
            <div className="flex w-full flex-col [&>article]:flex-1">
              <ArticleCard
                article={a}
                eager={i < 4}
                onOpen={() => setOpenIndex(i)}
                buttonRef={(el) => {
                  if (el) buttons.current.set(a._id, el);
                  else buttons.current.delete(a._id);
                }}
              />
            </div>
          </li>
        ))}
      </ul>
      <ArticleModal
        articles={articles}
        index={openIndex}
        onIndexChange={setOpenIndex}
        onClose={() => setOpenIndex(null)}
        onCloseFocus={focusCard}
        onOpenArticle={onOpenArticle}
      />
    </>
  );
}
