import { categoryLabel, type ArticleStory, type CategoryId } from '@lede/shared/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CategoryIcon } from '@/components/category-icon';
import { paths } from '@/lib/paths';
import { storyCountLabel } from '../article-facts';

/**
 * The category line above a title: its icon on a tint of its colour, and its name. Nothing for
 * an article without a known category: the label is always one of the 15, never a made-up one.
 */
export function CategoryKicker({ category }: { category: CategoryId | null }) {
  if (!category) return null;
  return (
    <p className="flex items-center gap-2 text-xs font-bold tracking-wider text-category uppercase">
      <span className="inline-flex size-6 items-center justify-center rounded-md bg-category/15">
        <CategoryIcon category={category} size={14} strokeWidth={2.25} />
      </span>
      {categoryLabel(category)}
    </p>
  );
}

/**
 * Short items on one line, separated by "·". A line that wraps starts with an item, never with a
 * dot: each item carries its dot before it, and the first dot of every line sits in the clipped
 * margin.
 */
export function DotSeparated({
  items,
  className = '',
}: {
  items: ReactNode[];
  className?: string;
}) {
  const shown = items.filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <div className={`overflow-hidden ${className}`}>
      <p className="-ml-5 flex flex-wrap">
        {shown.map((item, i) => (
          <span
            key={i}
            className="before:inline-block before:w-5 before:text-center before:content-['·'_/_'']"
          >
            {item}
          </span>
        ))}
      </p>
    </div>
  );
}

/**
 * The card's link to the article's whole story (/story/:id), above the card's whole-card target
 * (z-10), so that it takes its own clicks; nothing for an article alone in its story. It names
 * the card's article (`articleId`): a list shows a story by one of its reports, and the story
 * page, titled by its most representative one, marks which report the card was.
 */
export function StoryCountLink({
  story,
  articleId,
  className = '',
}: {
  story: ArticleStory | undefined;
  articleId?: string;
  className?: string;
}) {
  const label = storyCountLabel(story);
  if (!story || !label) return null;
  return (
    <Link
      to={paths.story(story._id, { report: articleId })}
      aria-label={`Full coverage: ${label}`}
      className={`relative z-10 inline-flex min-h-6 shrink-0 items-center text-xs font-semibold whitespace-nowrap text-accent underline-offset-2 hover:underline ${className}`}
    >
      {label}
    </Link>
  );
}
