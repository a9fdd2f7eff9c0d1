import type { ComponentProps } from 'react';
import { LoadMore } from '@/features/articles/components/load-more';
import { FeedEnd } from '@/features/feed/components/feed-end';

type FeedMoreProps = Omit<ComponentProps<typeof LoadMore>, 'end'> & ComponentProps<typeof FeedEnd>;

/**
 * The end of the home feed: its next page as the reader nears it (or asks with "Load more"),
 * and "You're all caught up" once there is nothing more. Loaded once the first page shows
 * (app/routes/home.tsx): the profile, which loads the home screen's chunk for the feed code it
 * shares, never needs it.
 */
export default function FeedMore({ hasMore, loading, onLoadMore, ...end }: FeedMoreProps) {
  return (
    <LoadMore
      hasMore={hasMore}
      loading={loading}
      onLoadMore={onLoadMore}
      end={<FeedEnd {...end} />}
    />
  );
}
