import { Link } from 'react-router-dom';
import { RetryNotice } from '@/components/error-fallback';
import { formatDate } from '@/lib/format';
import { useTopStories } from '../api/top-stories';
import { categoryOf } from '../article-facts';
import { CategoryKicker, StoryCountLink } from './article-meta';
import {
  TOP_STORIES,
  TopStoriesSkeleton,
  topStoriesGrid,
  topStoryCard,
} from './top-stories-layout';
import { paths } from '@/lib/paths';

/**
 * The landing page's top stories: each card's title links to its article page, and a story told
 * by more than one article says how many, a link to it.
 */
export default function TopStories() {
  const stories = useTopStories(TOP_STORIES);
  if (stories.status === 'error') {
    return <RetryNotice message={stories.message} onRetry={stories.retry} />;
  }
  if (stories.status === 'pending') return <TopStoriesSkeleton />;
  if (stories.articles.length === 0) {
    return <p className="card p-6 text-center text-muted">No stories yet: check back soon.</p>;
  }
  return (
    <ol className={topStoriesGrid}>
      {stories.articles.map((article) => (
        <li
          key={article._id}
          data-category={categoryOf(article) ?? ''}
          className={`${topStoryCard} transition-shadow hover:shadow-md has-[h3_a:focus-visible]:outline-3 has-[h3_a:focus-visible]:outline-offset-2 has-[h3_a:focus-visible]:outline-ring`}
        >
          <CategoryKicker category={categoryOf(article)} />
          <h3 className="line-clamp-3 leading-snug font-bold">
            {/* The whole card is the link's target (after:), its name only the title. */}
            <Link
              to={paths.article(article._id)}
              className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            >
              {article.title}
            </Link>
          </h3>
          <div className="mt-auto flex min-h-6 items-center gap-2">
            <p className="min-w-0 flex-1 truncate text-xs text-muted">
              {article.source_name} · {formatDate(article.pubDate)}
            </p>
            <StoryCountLink story={article.story} articleId={article._id} />
          </div>
        </li>
      ))}
    </ol>
  );
}
