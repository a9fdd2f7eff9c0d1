import { CLIENT_MESSAGES } from '@lede/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { QueryError } from '@/components/query-error';
import { api } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { CategoryKicker, categoryOf } from './article-meta';
import {
  TOP_STORIES,
  TopStoriesSkeleton,
  topStoriesGrid,
  topStoryCard,
} from './top-stories-layout';

/** The first page of trending stories, its own small query (Explore's trending list is paged). */
export const topStoriesQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.articles.all, 'top-stories'] as const,
    queryFn: ({ signal }) =>
      api('GET /api/articles/getlatesttrendingarticles', {
        query: { limit: TOP_STORIES },
        signal,
        fallback: CLIENT_MESSAGES.data.trendingFetch,
      }).then((r) => r.articles.slice(0, TOP_STORIES)),
  });

/** The landing page's top stories: each card's title links to its article page. */
export default function TopStories() {
  const stories = useQuery(topStoriesQuery());
  if (stories.isError) {
    return <QueryError error={stories.error} onRetry={() => void stories.refetch()} />;
  }
  if (stories.isPending) return <TopStoriesSkeleton />;
  if (stories.data.length === 0) {
    return <p className="card p-6 text-center text-muted">No stories yet: check back soon.</p>;
  }
  return (
    <ol className={topStoriesGrid}>
      {stories.data.map((article) => (
        <li
          key={article._id}
          data-category={categoryOf(article) ?? ''}
          className={`${topStoryCard} transition-shadow hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring`}
        >
          <CategoryKicker category={categoryOf(article)} />
          <h3 className="line-clamp-3 leading-snug font-bold">
            {/* The whole card is the link's target (after:), its name only the title. */}
            <Link
              to={`/article/${encodeURIComponent(article._id)}`}
              className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            >
              {article.title}
            </Link>
          </h3>
          <p className="mt-auto truncate text-xs text-muted">
            {article.source_name} · {formatDate(article.pubDate)}
          </p>
        </li>
      ))}
    </ol>
  );
}
