import type { ComponentProps } from 'react';
import { LoadMore } from '@/features/articles/components/load-more';
import { FeedEnd } from '@/features/feed/components/feed-end';

type FeedMoreProps = Omit<ComponentProps<typeof LoadMore>, 'end'> & ComponentProps<typeof FeedEnd>;

/**
 * The end of the home feed: its next page as the reader nears it (or asks with "Load more"),
 * and "You're all caught up" once there is nothing more. In the home screen's chunk
 * (vite.config.ts): loaded apart, it was one more round trip before the first cards' paint.
 */
export function FeedMore({ hasMore, loading, onLoadMore, ...end }: FeedMoreProps) {
  return (
    <LoadMore
      hasMore={hasMore}
      loading={loading}
      onLoadMore={onLoadMore}
      end={<FeedEnd {...end} />}
    />
  );
}
