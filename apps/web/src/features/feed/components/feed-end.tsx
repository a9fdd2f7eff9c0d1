import { RefreshCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonVariants } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/**
 * The end of a feed that had stories: the reader has seen the page, when it was last refreshed,
 * and the two ways to more: refresh, or broaden the topics.
 */
export function FeedEnd({
  onRefresh,
  refreshing,
  refreshedAt,
}: {
  onRefresh: () => void;
  refreshing: boolean;
  /** When the feed was last built or refreshed. */
  refreshedAt: Date | undefined;
}) {
  return (
    <section
      aria-labelledby="feed-end-title"
      className="card flex flex-col items-center gap-3 p-6 text-center"
    >
      <h2 id="feed-end-title" className="text-lg font-bold">
        You&apos;re all caught up
      </h2>
      {refreshedAt && (
        <p className="text-sm text-muted">
          Last refreshed at{' '}
          <time dateTime={refreshedAt.toISOString()}>
            {refreshedAt.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}
          </time>
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
          <RefreshCw size={18} aria-hidden="true" className={refreshing ? 'animate-spin' : ''} />
          Refresh for more
        </Button>
        <Link
          to={paths.preferences()}
          state={{ fromReset: true }}
          className={buttonVariants({ variant: 'ghost' })}
        >
          Broaden your topics
        </Link>
      </div>
    </section>
  );
}
