import { MESSAGES, PAGE_PATHS } from '@lede/shared/constants';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { QueryError } from '@/components/query-error';
import { useTrendingArticles } from '@/features/articles/api/articles';
import { ArticleList } from '@/features/articles/components/article-list';
import { LoadMore } from '@/features/articles/components/load-more';

/**
 * The feed of a reader without enough interests (one who skipped choosing them): one way to
 * choose topics, and meanwhile the trending news, instead of sending them off to /preferences.
 */
export function ChooseTopics({ skeletons }: { skeletons: number }) {
  const trending = useTrendingArticles();
  return (
    <>
      <section
        aria-labelledby="choose-topics-heading"
        className="card flex flex-col items-center gap-3 p-6 text-center sm:p-8"
      >
        <h2 id="choose-topics-heading" className="text-xl font-bold">
          Your feed starts with your topics
        </h2>
        <p className="max-w-prose text-muted">{MESSAGES.recommendations.needsPreferences}.</p>
        <Link
          to={PAGE_PATHS.preferences}
          state={{ fromReset: true }}
          className={buttonVariants({ variant: 'primary' })}
        >
          Choose topics <ArrowRight size={18} aria-hidden="true" />
        </Link>
      </section>
      <h2 className="text-2xl font-bold">Trending now</h2>
      {trending.isError ? (
        <QueryError error={trending.error} onRetry={() => void trending.refetch()} />
      ) : (
        <>
          <ArticleList
            label="Trending articles"
            articles={trending.articles}
            loading={trending.isPending}
            skeletons={skeletons}
            empty={
              <p className="card p-8 text-center text-muted">No stories yet: check back soon.</p>
            }
          />
          {trending.articles && trending.articles.length > 0 && (
            <LoadMore
              hasMore={trending.hasMore}
              loading={trending.loadingMore}
              onLoadMore={trending.loadMore}
            />
          )}
        </>
      )}
    </>
  );
}
