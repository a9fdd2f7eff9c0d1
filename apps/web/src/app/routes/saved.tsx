import { Bookmark } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { QueryError } from '@/components/query-error';
import { usePageTitle } from '@/components/use-page-title';
import { ArticleList } from '@/features/articles/components/article-list';
import { LoadMore } from '@/features/articles/components/load-more';
import { NeedsConnection } from '@/features/offline/components/needs-connection';
import { OfflineNotice } from '@/features/offline/components/offline-notice';
import { useNeedsConnection } from '@/features/offline/hooks/use-needs-connection';
import {
  useFillOfflineCopies,
  useStoredSavedArticles,
} from '@/features/offline/hooks/use-offline-copies';
import { useReaderLists, useSavedArticles } from '@/features/reader-actions/api/reader-actions';
import { savedCountText } from '@/features/reader-actions/saved-count';
import { ArticleActionsProvider } from '@/features/reader-actions/hooks/use-article-actions';
import { OFFLINE_MESSAGES } from '@/lib/offline/messages';
import { useOnline } from '@/lib/online';
import { paths } from '@/lib/paths';

/**
 * The reader's saved articles, a page at a time: the same cards, modal and actions; unsaving
 * removes a card. Without a connection, the copies kept on this device (lib/offline), said so.
 */
export default function SavedPage() {
  usePageTitle('Saved');
  const saved = useSavedArticles();
  const lists = useReaderLists();
  useFillOfflineCopies(saved.data, !!saved.data && !saved.hasNextPage);
  // Offline, the copies on this device are the list (also when the server's is still in memory).
  const online = useOnline();
  const unreachable = useNeedsConnection({ ...saved, hasData: !!saved.data });
  const offline = !online || unreachable;
  const stored = useStoredSavedArticles(offline);
  const savedIds = new Set(lists.saved);
  // Offline, a copy unsaved meanwhile (its action queued) leaves the list as it would online.
  const storedArticles = stored.data
    ?.map((e) => e.article_id)
    .filter((a) => lists.saved.length === 0 || savedIds.has(a._id));
  const articles = offline ? storedArticles : saved.data?.map((e) => e.article_id);
  return (
    <ArticleActionsProvider>
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h1 className="text-3xl font-extrabold tracking-tight">Saved articles</h1>
          <p className="text-muted" aria-live="polite">
            {articles && !offline
              ? savedCountText(lists.saved.length, articles.length, saved.hasNextPage)
              : '\u00a0'}
          </p>
        </div>
        {offline && stored.data && stored.data.length > 0 && (
          <OfflineNotice text={OFFLINE_MESSAGES.savedListCopy} />
        )}
        {offline && stored.data?.length === 0 ? (
          <NeedsConnection onRetry={() => void saved.refetch()} />
        ) : saved.isError && !saved.data && !offline ? (
          <QueryError error={saved.error} onRetry={() => void saved.refetch()} />
        ) : (
          <>
            <ArticleList
              label="Saved articles"
              articles={articles}
              loading={offline ? stored.isLoading : saved.isPending}
              skeletons={4}
              empty={
                <div className="card flex flex-col items-center gap-4 p-10 text-center">
                  <Bookmark size={32} aria-hidden="true" className="text-muted" />
                  <p className="font-semibold">No saved articles yet</p>
                  <p className="text-muted">
                    Save an article to read it later; it will wait for you here.
                  </p>
                  <Link to={paths.explore()} className={buttonVariants({ variant: 'primary' })}>
                    Explore articles
                  </Link>
                </div>
              }
            />
            {articles && articles.length > 0 && !offline && (
              <LoadMore
                hasMore={saved.hasNextPage}
                loading={saved.isFetchingNextPage}
                onLoadMore={() => void saved.fetchNextPage()}
              />
            )}
          </>
        )}
      </div>
    </ArticleActionsProvider>
  );
}
