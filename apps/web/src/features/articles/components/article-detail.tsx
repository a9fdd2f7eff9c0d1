import { CATEGORIES, type PublicArticle } from '@lede/shared/constants';
import { Bookmark, ExternalLink, Heart, Share2, ThumbsDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SourceMark } from '@/components/source-mark';
import { buttonVariants } from '@/components/ui/button';
import { useArticleCoverage } from '@/lib/article-coverage';
import { formatCreators, formatDate } from '@/lib/format';
import type { ArticleActions } from '@/lib/article-actions';
import { ArticleImage, useArticlePicture } from './article-image';
import { categoryOf } from '../article-facts';
import { CategoryKicker, DotSeparated } from './article-meta';
import { RelatedArticles } from './related-articles';
import { paths } from '@/lib/paths';

function ActionButton({
  label,
  pressed,
  onClick,
  shortcut,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  shortcut?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut}
      className={`btn min-h-10 flex-col gap-0.5 border px-1 text-xs sm:flex-row sm:gap-2 sm:px-4 sm:text-sm ${
        pressed
          ? 'border-accent bg-accent text-on-accent'
          : 'border-line bg-raised text-fg hover:bg-surface'
      }`}
    >
      {children}
      <span>{label}</span>
    </button>
  );
}

/** Category ids and labels ("world", "World News"), lowercased: never a keyword pill. */
const CATEGORY_NAMES: ReadonlySet<string> = new Set(
  CATEGORIES.flatMap((c) => [c.id, c.label.toLowerCase()]),
);

/**
 * The keywords a reader sees as pills: the article's names and phrases. The category ids the
 * API keeps among them (the spec's Explore filters on them) are the kicker's, not pills.
 */
export function keywordPills(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  return keywords.filter((k) => {
    const key = k.trim().toLowerCase();
    if (!key || CATEGORY_NAMES.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Everything about one article: shown in the modal and on /article/:id. */
export function ArticleDetail({
  article,
  actions,
  title,
  description,
}: {
  article: PublicArticle;
  actions: ArticleActions;
  /** The heading element (Dialog.Title in the modal, h1 on the page). */
  title: (text: string) => ReactNode;
  description?: (text: string) => ReactNode;
}) {
  const author = formatCreators(article.creator);
  const date = formatDate(article.pubDate);
  const likes = article.likes;
  const picture = useArticlePicture(article);
  const category = categoryOf(article);
  const pills = keywordPills(article.keywords);
  const renderCoverage = useArticleCoverage();
  // Optional chaining: an answer from an API without stories carries no `story`.
  const inStory = (article.story?.size ?? 1) > 1;
  return (
    <div className="flex flex-col gap-4" data-category={category ?? ''}>
      {picture.src && (
        <ArticleImage src={picture.src} onError={picture.onError} eager className="rounded-xl" />
      )}
      {/* Without a picture the header leads, edged in the category's colour. */}
      <div
        className={`flex flex-col gap-3 ${picture.src ? '' : 'border-l-4 border-category py-1 pl-4'}`}
      >
        <CategoryKicker category={category} />
        {title(article.title)}
        <DotSeparated
          className="text-sm text-muted"
          items={[author && `By ${author}`, date && <time dateTime={article.pubDate}>{date}</time>]}
        />
      </div>
      {article.description &&
        (description ? (
          description(article.description)
        ) : (
          <p className="text-base leading-relaxed">{article.description}</p>
        ))}

      <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <SourceMark name={article.source_name} icon={article.source_icon} size="md" />
          <div>
            <p className="text-xs text-muted">Source</p>
            <p className="font-semibold">{article.source_name}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {article.source_url && (
            <a
              href={article.source_url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'outline' })}
            >
              Visit Source <ExternalLink size={16} aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
          <a
            href={article.link}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: 'primary' })}
          >
            Read Full Article <ExternalLink size={16} aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
      </div>

      <p className="text-sm font-medium" aria-live="polite">
        {likes === 0
          ? 'Be the first to like this article'
          : `${likes} ${likes === 1 ? 'like' : 'likes'}`}
      </p>

      {/* Four equal columns on a phone, so no action wraps alone onto a second row. */}
      <div
        className="grid grid-cols-4 gap-2 sm:flex sm:flex-wrap"
        role="group"
        aria-label="Article actions"
      >
        <ActionButton label="Like" pressed={actions.liked} onClick={actions.like} shortcut="1">
          <Heart size={18} aria-hidden="true" fill={actions.liked ? 'currentColor' : 'none'} />
        </ActionButton>
        <ActionButton
          label="Dislike"
          pressed={actions.disliked}
          onClick={actions.dislike}
          shortcut="2"
        >
          <ThumbsDown
            size={18}
            aria-hidden="true"
            fill={actions.disliked ? 'currentColor' : 'none'}
          />
        </ActionButton>
        <ActionButton label="Save" pressed={actions.saved} onClick={actions.save} shortcut="3">
          <Bookmark size={18} aria-hidden="true" fill={actions.saved ? 'currentColor' : 'none'} />
        </ActionButton>
        <ActionButton label="Share" onClick={actions.share} shortcut="4">
          <Share2 size={18} aria-hidden="true" />
        </ActionButton>
      </div>

      {pills.length > 0 && (
        <div>
          <h2 className="mb-2 text-sm font-semibold">Keywords</h2>
          <ul className="flex flex-wrap gap-2">
            {pills.map((k) => (
              <li key={k}>
                <Link
                  to={paths.search(k)}
                  aria-label={`Search for ${k}`}
                  className="inline-flex min-h-8 items-center rounded-full border border-line bg-surface px-3 py-1 text-xs font-medium hover:border-accent hover:text-accent"
                >
                  {k}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}

      {/* "Full coverage": the other reports of the article's story, when it has any. */}
      {inStory && renderCoverage?.(article)}
      <RelatedArticles articleId={article._id} />
    </div>
  );
}
