import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { QueryError } from '@/components/query-error';
import { NeedsConnection } from '@/features/offline/components/needs-connection';
import { useNeedsConnection } from '@/features/offline/hooks/use-needs-connection';
import { usePageTitle } from '@/components/use-page-title';
import { ArticleList } from '@/features/articles/components/article-list';
import { refreshFeed, useMarkAsRead, useFeed, type FeedItem } from '@/features/feed/api/feed';
import { useFeedControls } from '@/features/feed/api/controls';
import { FeedControls } from '@/features/feed/components/feed-controls';
import { ChooseTopics } from '@/app/choose-topics';
import { EmptyFeed } from '@/features/feed/components/empty-feed';
import { FeedReason } from '@/features/feed/components/feed-reason';
import { useSessionUser } from '@/lib/session/use-session';
import { ArticleActionsProvider } from '@/features/reader-actions/hooks/use-article-actions';
import { FeedMore } from '@/app/feed-more';

/** Spec section 9: 6 skeleton cards while the feed loads. */
export const HOME_SKELETONS = 6;

export function firstName(name: string | undefined): string {
  return name?.trim().split(/\s+/)[0] || 'User';
}

export default function HomePage() {
  usePageTitle('Home');
  const user = useSessionUser();
  const qc = useQueryClient();
  const feed = useFeed();
  const markAsRead = useMarkAsRead();
  const controls = useFeedControls();
  const [refreshing, setRefreshing] = useState(false);
  const [refreshedAt, setRefreshedAt] = useState<Date>();

  const refresh = async () => {
    setRefreshing(true);
    try {
      await refreshFeed(qc);
    } finally {
      setRefreshing(false);
      setRefreshedAt(new Date());
    }
  };

  const items = feed.data?.items;
  const offline = useNeedsConnection({ ...feed, hasData: !!feed.data });
  return (
    <ArticleActionsProvider>
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-extrabold tracking-tight">Hello, {firstName(user?.name)}</h1>
          <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
            <RefreshCw size={18} aria-hidden="true" className={refreshing ? 'animate-spin' : ''} />
            Refresh
          </Button>
        </div>

        {offline ? (
          <NeedsConnection onRetry={() => void feed.refetch()} />
        ) : feed.isError && !feed.data ? (
          <QueryError error={feed.error} onRetry={() => void feed.refetch()} />
        ) : feed.data?.needsInterests ? (
          <ChooseTopics skeletons={HOME_SKELETONS} />
        ) : (
          <>
            <ArticleList
              label="Recommended articles"
              articles={items}
              loading={feed.isPending}
              skeletons={HOME_SKELETONS}
              onOpenArticle={markAsRead}
              cardNote={(a) => <FeedReason item={a as FeedItem} />}
              cardControls={(a) => <FeedControls article={a} variant="card" controls={controls} />}
              modalExtra={(a) => <FeedControls article={a} variant="modal" controls={controls} />}
              empty={
                <EmptyFeed
                  onRefresh={() => void refresh()}
                  refreshing={refreshing}
                  refreshedAt={refreshedAt}
                />
              }
            />
            {items && items.length > 0 && (
              <FeedMore
                hasMore={feed.hasNextPage}
                loading={feed.isFetchingNextPage}
                onLoadMore={() => void feed.fetchNextPage()}
                onRefresh={() => void refresh()}
                refreshing={refreshing}
                refreshedAt={
                  refreshedAt ??
                  (feed.data?.refreshedAt ? new Date(feed.data.refreshedAt) : undefined)
                }
              />
            )}
          </>
        )}
      </div>
    </ArticleActionsProvider>
  );
}
