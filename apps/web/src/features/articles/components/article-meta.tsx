import {
  categoryLabel,
  isCategoryId,
  type ArticleStory,
  type CategoryId,
  type PublicArticle,
} from '@lede/shared/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CategoryIcon } from '@/components/category-icon';
import { paths } from '@/lib/paths';

/**
 * The article's own category (its label, colour and icon): its primary, `categories[0]`, the
 * same on a card, in the dialog, on its page, in Explore and in search. An answer whose first
 * category is not one of the 15 falls back to the first that is; none → null.
 */
export function categoryOf(article: Pick<PublicArticle, 'categories'>): CategoryId | null {
  const first = article.categories[0];
  if (first !== undefined && isCategoryId(first)) return first;
  return article.categories.find(isCategoryId) ?? null;
}

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
 * What a card says of the article's story: "3 sources", or "2 articles" when one source wrote
 * them all; null for an article alone in its story.
 */
export function storyCountLabel(story: ArticleStory | undefined): string | null {
  if (!story) return null;
  if (story.source_count > 1) return `${story.source_count} sources`;
  if (story.size > 1) return `${story.size} articles`;
  return null;
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
