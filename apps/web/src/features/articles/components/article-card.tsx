import type { PublicArticle } from '@lede/shared';
import type { ReactNode, Ref } from 'react';
import { SourceMark } from '@/components/source-mark';
import { formatCreators, formatDate } from '@/lib/format';
import { ArticleImage, useArticlePicture } from './article-image';
import { categoryOf } from '../article-facts';
import { CategoryKicker, StoryCountLink } from './article-meta';

/**
 * One article in a list. With a picture it leads with it; without one (or when it fails to
 * load) the card is text-first: a band of the category's colour, a larger title, more of the
 * description.
 */
export function ArticleCard({
  article,
  onOpen,
  buttonRef,
  eager,
  children,
}: {
  article: PublicArticle;
  onOpen: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
  eager?: boolean;
  /** Below the text: the reader's actions, why a recommendation was picked. */
  children?: ReactNode;
}) {
  const picture = useArticlePicture(article);
  const textFirst = !picture.src;
  const category = categoryOf(article);
  return (
    <article
      data-category={category ?? ''}
      className="card relative flex flex-col overflow-hidden transition-shadow hover:shadow-md has-[button:focus-visible]:outline-3 has-[button:focus-visible]:outline-offset-2 has-[button:focus-visible]:outline-ring"
    >
      {picture.src ? (
        <ArticleImage src={picture.src} onError={picture.onError} eager={eager} />
      ) : (
        <div aria-hidden="true" className="h-1.5 bg-category" />
      )}
      <div className="flex flex-1 flex-col gap-2.5 p-4">
        <CategoryKicker category={category} />
        <h2 className={`leading-snug font-bold ${textFirst ? 'text-lg' : 'text-base'}`}>
          <button
            ref={buttonRef}
            type="button"
            onClick={onOpen}
            aria-haspopup="dialog"
            className={`text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none ${
              textFirst ? 'line-clamp-4' : 'line-clamp-3'
            }`}
          >
            {article.title}
          </button>
        </h2>
        {article.description && (
          <p className={`text-sm text-muted ${textFirst ? 'line-clamp-4' : 'line-clamp-3'}`}>
            {article.description}
          </p>
        )}
        <CardByline article={article} />
      </div>
      {children}
    </article>
  );
}

/**
 * Source mark, then one line each: source name, date, authors (nothing left dangling); at the end
 * of the row (or below it, in a narrow card), how many sources or articles tell the article's
 * story, a link to all of them.
 */
function CardByline({ article }: { article: PublicArticle }) {
  const author = formatCreators(article.creator);
  const date = formatDate(article.pubDate);
  return (
    <div className="mt-auto flex flex-wrap items-center gap-x-2.5 gap-y-2 pt-2 text-xs">
      <SourceMark name={article.source_name} icon={article.source_icon} />
      <div className="min-w-0 flex-1 basis-32 text-muted *:truncate">
        <p className="font-semibold text-fg">{article.source_name}</p>
        {date && (
          <p>
            <time dateTime={article.pubDate}>{date}</time>
          </p>
        )}
        {author && <p>By {author}</p>}
      </div>
      <StoryCountLink story={article.story} articleId={article._id} className="ml-auto" />
    </div>
  );
}

/** The shape of a text-first card while the list loads. */
export function ArticleCardSkeleton() {
  return (
    <div className="card flex flex-col overflow-hidden" aria-hidden="true">
      <div className="h-1.5 bg-surface" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-5 w-1/3 animate-pulse rounded bg-surface" />
        <div className="h-5 w-11/12 animate-pulse rounded bg-surface" />
        <div className="h-5 w-3/4 animate-pulse rounded bg-surface" />
        <div className="h-3 w-full animate-pulse rounded bg-surface" />
        <div className="h-3 w-5/6 animate-pulse rounded bg-surface" />
        <div className="h-3 w-2/3 animate-pulse rounded bg-surface" />
        <div className="mt-3 flex items-center gap-2.5">
          <div className="size-8 animate-pulse rounded-lg bg-surface" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-surface" />
        </div>
      </div>
    </div>
  );
}
