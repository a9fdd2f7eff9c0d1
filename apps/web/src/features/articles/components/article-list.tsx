import type { PublicArticle } from '@lede/shared';
import {
  lazy,
  startTransition,
  Suspense,
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { overList, useOpenArticleId } from '@/lib/article-route';
import { listShown } from '@/lib/reader-state-hold';
import { useListShortcuts } from '@/lib/use-list-shortcuts';
import { ArticleCard, ArticleCardSkeleton } from './article-card';
import { firstPaintCards } from '../first-paint-cards';
import { CardActions } from '@/components/card-actions';
import { paths } from '@/lib/paths';

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

/** The cards added per task after the first ones. */
const CARDS_PER_SLICE = 4;

interface Slice<T> {
  start: number;
  items: readonly T[];
}

function slicesOf<T>(items: readonly T[], first: number): Slice<T>[] {
  const slices: Slice<T>[] = [{ start: 0, items: items.slice(0, first) }];
  for (let start = first; start < items.length; start += CARDS_PER_SLICE)
    slices.push({ start, items: items.slice(start, start + CARDS_PER_SLICE) });
  return slices;
}

// Memoised: adding a slice renders that slice only. Without it every slice added re-rendered
// every card before it (50 cards in slices of 4 meant about 325 card renders, not 50).
const SliceOfItems = memo(function SliceOfItems({
  slice,
  render,
}: {
  slice: Slice<unknown>;
  render: (item: unknown, index: number) => ReactNode;
}) {
  return <>{slice.items.map((item, i) => render(item, slice.start + i))}</>;
});

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
  const [first] = useState(firstPaintCards);
  const slices = useMemo(() => slicesOf(items, first), [items, first]);
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= slices.length) return;
    const timer = setTimeout(() => startTransition(() => setShown((n) => n + 1)));
    return () => clearTimeout(timer);
  }, [shown, slices.length]);
  const render = children as (item: unknown, index: number) => ReactNode;
  return (
    <>
      {slices.slice(0, shown).map((slice) => (
        <SliceOfItems key={slice.start} slice={slice as Slice<unknown>} render={render} />
      ))}
    </>
  );
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
  // The open article is the address (`/article/:id` over this list, lib/article-route), held by
  // id, not position: a list can change under an open modal (Refresh, an unsave, a hidden
  // source) and must not swap the article being read. Opening pushes a history entry, so Back
  // closes it; Previous/Next replace that entry instead of stacking more.
  const openId = useOpenArticleId();
  const navigate = useNavigate();
  const location = useLocation();
  const setOpenId = (id: string | null, how: 'push' | 'replace' = 'push') => {
    if (id === null) void navigate(-1);
    else
      void navigate(paths.article(id), { replace: how === 'replace', state: overList(location) });
  };
  const [helpOpen, setHelpOpen] = useState(false);
  // Once opened, a dialog stays mounted so that closing it animates and returns focus.
  const [modalUsed, setModalUsed] = useState(false);
  const [helpUsed, setHelpUsed] = useState(false);
  if (openId !== null && !modalUsed) setModalUsed(true);
  if (helpOpen && !helpUsed) setHelpUsed(true);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const grid = `grid gap-5 ${columns}`;
  // The first items are rendered as a transition, in slices of a few milliseconds, not in one
  // task as long as the cards take (a query's answer renders outside any transition); a list
  // that changes after that is shown at once.
  const deferred = useDeferredValue(articles);
  const arriving = articles !== undefined && deferred === undefined;
  const list = (arriving ? undefined : articles) ?? [];
  const found = openId === null ? -1 : list.findIndex((a) => a._id === openId);
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

  const shown = !loading && !arriving;
  useLayoutEffect(() => {
    if (shown) listShown();
  }, [shown]);
  // An open article that left the list (unsaved, hidden) closes the modal; it never reopens.
  const orphaned = shown && openId !== null && found < 0;
  useEffect(() => {
    if (orphaned) void navigate(-1);
  }, [orphaned, navigate]);

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
  }, shown);

  if (!shown) {
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
    <>
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
            onIndexChange={(i) => list[i] && setOpenId(list[i]._id, 'replace')}
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
    </>
  );
}
