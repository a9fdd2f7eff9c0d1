import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** How far below the screen the end of a list is when the next page is asked for. */
const AHEAD_PX = 800;

/** "50" at a list's end, "50+" while more can be loaded: a count that is never a lie. */
export const countLabel = (count: number, hasMore: boolean) => `${count}${hasMore ? '+' : ''}`;

/** "1 article", "12 articles", "50+ articles". */
export const articleCount = (count: number, hasMore: boolean) =>
  `${countLabel(count, hasMore)} ${count === 1 && !hasMore ? 'article' : 'articles'}`;

/**
 * The end of a paged list: the next page loads as the reader scrolls near it, and a "Load more"
 * button does the same for keyboard and assistive technology; at the end, `end` (if any).
 */
export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  end,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  end?: ReactNode;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  // On the reader's scrolling only: a list that paints a slice at a time is short at first, and
  // must not pull page after page before anyone looks.
  useEffect(() => {
    if (!hasMore || loading) return;
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const top = sentinel.current?.getBoundingClientRect().top;
        if (top !== undefined && top < window.innerHeight + AHEAD_PX) onLoadMore();
      });
    };
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check);
    };
  }, [hasMore, loading, onLoadMore]);

  if (!hasMore) return end ? <>{end}</> : null;
  return (
    <div ref={sentinel} className="flex justify-center py-2">
      <Button variant="outline" onClick={onLoadMore} disabled={loading} aria-busy={loading}>
        {loading ? 'Loading more…' : 'Load more'}
      </Button>
    </div>
  );
}
