import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '@/components/use-page-title';
import {
  useKeywordArticles,
  useLatestArticles,
  useTrendingArticles,
} from '@/features/articles/api/articles';
import {
  ALL_CHIP,
  EXPLORE_CHIPS,
  TRENDING_CHIP,
  exploreChip,
  exploreChipClass,
  exploreChipLabel,
} from '@/features/articles/explore-chips';
import { ArticleList } from '@/features/articles/components/article-list';
import { articleCount, LoadMore } from '@/features/articles/components/load-more';
import { QueryError } from '@/components/query-error';
import { NeedsConnection } from '@/features/offline/components/needs-connection';
import { useNeedsConnection } from '@/features/offline/hooks/use-needs-connection';
import { ArticleActionsProvider } from '@/features/reader-actions/hooks/use-article-actions';

export const EXPLORE_SKELETONS = 8;

export default function ExplorePage() {
  usePageTitle('Explore');
  const [params, setParams] = useSearchParams();
  const chip = exploreChip(params.get('category'));

  const latest = useLatestArticles(chip === ALL_CHIP);
  const trending = useTrendingArticles(chip === TRENDING_CHIP);
  const byCategory = useKeywordArticles(chip, chip !== ALL_CHIP && chip !== TRENDING_CHIP);
  const query = chip === ALL_CHIP ? latest : chip === TRENDING_CHIP ? trending : byCategory;
  const articles = query.articles;
  const offline = useNeedsConnection({ ...query, hasData: !!articles });

  return (
    <ArticleActionsProvider>
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h1 className="text-3xl font-extrabold tracking-tight">Explore</h1>
          <p className="text-muted" aria-live="polite">
            {articles ? `(${articleCount(articles.length, query.hasMore)})` : '\u00a0'}
          </p>
        </div>

        <div role="group" aria-label="Categories" className="-mx-4 overflow-x-auto px-4 pb-1">
          <ul className="flex gap-2 sm:flex-wrap">
            {EXPLORE_CHIPS.map((c) => {
              const active = c === chip;
              return (
                <li key={c} className="shrink-0">
                  <button
                    type="button"
                    aria-pressed={active}
                    onClick={() =>
                      setParams(c === TRENDING_CHIP ? {} : { category: c }, { replace: true })
                    }
                    className={exploreChipClass(active)}
                  >
                    {exploreChipLabel(c)}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>

        {offline ? (
          <NeedsConnection onRetry={() => void query.refetch()} />
        ) : query.isError ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <ArticleList
              key={chip}
              label={`${chip} articles`}
              articles={articles}
              loading={query.isPending}
              skeletons={EXPLORE_SKELETONS}
              empty={
                <p className="card p-8 text-center text-muted">
                  No articles found for &quot;{chip}&quot; category
                </p>
              }
            />
            {articles && articles.length > 0 && (
              <LoadMore
                hasMore={query.hasMore}
                loading={query.loadingMore}
                onLoadMore={query.loadMore}
              />
            )}
          </>
        )}
      </div>
    </ArticleActionsProvider>
  );
}
