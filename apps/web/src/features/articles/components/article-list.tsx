import type { PublicArticle } from '@lede/shared';
import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useListShortcuts } from '@/lib/use-list-shortcuts';
import { ArticleActionsProvider } from '../hooks/use-article-actions';
import { ArticleCard, ArticleCardSkeleton } from './article-card';
import { CardActions } from './card-actions';

// The modal and the shortcuts dialog (Radix Dialog and its focus and scroll handling) load when a
// reader first reaches for them, not with the list: a list page paints and answers sooner.
const loadModal = () => import('./article-modal');
const ArticleModal = lazy(() => loadModal().then((m) => ({ default: m.ArticleModal })));
const ShortcutsDialog = lazy(() =>
  import('@/components/shortcuts-dialog').then((m) => ({
    default: m.ShortcutsDialog,
  })),
);
/** Starts fetching the modal as soon as a card is pointed at or focused (before the click). */
const preloadModal = () => void loadModal();

/** Cards rendered with the first paint; the rest follow a slice at a time. */
const FIRST_PAINT_CARDS = 4;
const CARDS_PER_SLICE = 4;

/**
 * The first items paint at once; the rest are added a slice per task (as transitions), so a
 * long list never holds the main thread for long between first paint and interactive. Always
 * the current items: a list that changes is never shown stale.
 */
function Progressive<T>({
  items,
  children,
}: {
  items: readonly T[];
  children: (item: T, index: number) => ReactNode;
}) {
  const [count, setCount] = useState(FIRST_PAINT_CARDS);
  useEffect(() => {
    if (count >= items.length) return;
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + CARDS_PER_SLICE)));
    return () => clearTimeout(timer);
  }, [count, items.length]);
  return <>{items.slice(0, count).map(children)}</>;
}

/**
 * A grid of cards (or skeletons while loading) that opens the article modal. Each card carries
 * the reader's actions; j / k move between cards, Enter or o opens one, ? lists the shortcuts.
 */
export function ArticleList({
  articles,
  loading,
  skeletons,
  empty,
  label,
  onOpenArticle,
  cardNote,
  cardControls,
  modalExtra,
  columns = 'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
}: {
  articles: readonly PublicArticle[] | undefined;
  loading: boolean;
  skeletons: number;
  empty: ReactNode;
  label: string;
  onOpenArticle?: (article: PublicArticle) => void;
  /** Shown on a card above its actions (why a recommendation was picked). */
  cardNote?: (article: PublicArticle) => ReactNode;
  /** More controls on a card, after its actions. */
  cardControls?: (article: PublicArticle) => ReactNode;
  /** More controls in the modal, below the article. */
  modalExtra?: (article: PublicArticle) => ReactNode;
  /** The grid's responsive columns (a narrower column holds fewer). */
  columns?: string;
}) {
  // The open article is held by id, not position: a list can change under an open modal
  // (Refresh, an unsave, a hidden source) and must not swap the article being read.
  const [openId, setOpenId] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  // Once opened, a dialog stays mounted so that closing it animates and returns focus.
  const [modalUsed, setModalUsed] = useState(false);
  const [helpUsed, setHelpUsed] = useState(false);
  if (openId !== null && !modalUsed) setModalUsed(true);
  if (helpOpen && !helpUsed) setHelpUsed(true);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const grid = `grid gap-5 ${columns}`;
  const list = articles ?? [];
  const found = openId === null ? -1 : list.findIndex((a) => a._id === openId);
  // An open article that left the list (unsaved, hidden) closes the modal; it never reopens.
  if (openId !== null && found < 0) setOpenId(null);
  const openIndex = found < 0 ? null : found;

  const focusCard = useCallback((article: PublicArticle) => {
    const el = buttons.current.get(article._id);
    el?.focus();
    el?.scrollIntoView({ block: 'nearest' });
  }, []);

  const currentIndex = () => {
    const active = document.activeElement;
    return list.findIndex((a) => {
      const el = buttons.current.get(a._id);
      return !!el && !!active && (el === active || !!el.closest('article')?.contains(active));
    });
  };

  useListShortcuts((command) => {
    if (command === 'help') return setHelpOpen(true);
    if (list.length === 0) return;
    const at = currentIndex();
    if (command === 'open') {
      if (at >= 0) setOpenId(list[at]!._id);
      return;
    }
    const next =
      at < 0
        ? command === 'next'
          ? 0
          : list.length - 1
        : Math.min(list.length - 1, Math.max(0, at + (command === 'next' ? 1 : -1)));
    focusCard(list[next]!);
  }, !loading);

  if (loading) {
    return (
      <div className={grid} role="status" aria-label="Loading articles">
        {Array.from({ length: skeletons }, (_, i) => (
          <ArticleCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (list.length === 0) return <>{empty}</>;

  return (
    <ArticleActionsProvider>
      <ul className={grid} aria-label={label} onPointerOver={preloadModal} onFocus={preloadModal}>
        <Progressive items={list}>
          {(a, i) => (
            <li
              key={a._id}
              className="flex [contain-intrinsic-block-size:auto_23rem] [content-visibility:auto]"
            >
              <div className="flex w-full flex-col [&>article]:flex-1">
                <ArticleCard
                  article={a}
                  eager={i < 4}
                  onOpen={() => setOpenId(a._id)}
                  buttonRef={(el) => {
                    if (el) buttons.current.set(a._id, el);
                    else buttons.current.delete(a._id);
                  }}
                >
                  {cardNote?.(a)}
                  <CardActions article={a} extra={cardControls?.(a)} />
                </ArticleCard>
              </div>
            </li>
          )}
        </Progressive>
      </ul>
      {modalUsed && (
        <Suspense fallback={null}>
          <ArticleModal
            articles={list}
            index={openIndex}
            onIndexChange={(i) => setOpenId(list[i]?._id ?? null)}
            onClose={() => setOpenId(null)}
            onCloseFocus={focusCard}
            onOpenArticle={onOpenArticle}
            renderExtra={modalExtra}
          />
        </Suspense>
      )}
      {helpUsed && (
        <Suspense fallback={null}>
          <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
        </Suspense>
      )}
    </ArticleActionsProvider>
  );
}
