import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonVariants } from '@/components/ui/button';
import { QueryError } from '@/components/query-error';
import { NeedsConnection } from '@/features/offline/components/needs-connection';
import { useNeedsConnection } from '@/features/offline/hooks/use-needs-connection';
import { usePageTitle } from '@/components/use-page-title';
import { useKeywordArticles } from '@/features/articles/api/articles';
import { ArticleList } from '@/features/articles/components/article-list';
import { articleCount, LoadMore } from '@/features/articles/components/load-more';
import { useGoBack } from '@/lib/use-go-back';
import { ArticleActionsProvider } from '@/features/reader-actions/hooks/use-article-actions';
import { paths } from '@/lib/paths';

export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  usePageTitle(q ? `Search: ${q}` : 'Search');
  const goBack = useGoBack();
  const search = useKeywordArticles(q);
  const offline = useNeedsConnection({ ...search, hasData: !!search.articles });
  const articles = search.articles;

  return (
    <ArticleActionsProvider>
      <div className="flex flex-col gap-6">
        <div>
          <Button variant="ghost" className="-ml-3" onClick={goBack}>
            <ArrowLeft size={18} aria-hidden="true" /> Back
          </Button>
        </div>
        {q && (
          <>
            <div>
              <h1 className="text-3xl font-extrabold tracking-tight break-words">
                Results for &quot;{q}&quot;
              </h1>
              <p className="mt-1 text-muted" aria-live="polite">
                {articles ? `Found ${articleCount(articles.length, search.hasMore)}` : '\u00a0'}
              </p>
            </div>
            {offline ? (
              <NeedsConnection onRetry={() => void search.refetch()} />
            ) : search.isError ? (
              <QueryError error={search.error} onRetry={() => void search.refetch()} />
            ) : (
              <>
                <ArticleList
                  key={q}
                  label={`Search results for ${q}`}
                  articles={articles}
                  loading={search.isPending}
                  skeletons={8}
                  empty={
                    <div className="card flex flex-col items-center gap-3 p-8 text-center">
                      <p className="text-lg font-semibold">No articles found</p>
                      <Link to={paths.explore()} className={buttonVariants({ variant: 'primary' })}>
                        Explore articles
                      </Link>
                    </div>
                  }
                />
                {articles && articles.length > 0 && (
                  <LoadMore
                    hasMore={search.hasMore}
                    loading={search.loadingMore}
                    onLoadMore={search.loadMore}
                  />
                )}
              </>
            )}
          </>
        )}
        {!q && <h1 className="sr-only">Search</h1>}
      </div>
    </ArticleActionsProvider>
  );
}
