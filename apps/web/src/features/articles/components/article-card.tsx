import type { PublicArticle } from '@lede/shared';
import type { ReactNode, Ref } from 'react';
import { formatCreators, formatDate } from '@/lib/format';
import { ArticleImage } from './article-image';

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
  const author = formatCreators(article.creator);
  const date = formatDate(article.pubDate);
  return (
    <article className="card relative flex flex-col overflow-hidden transition-shadow hover:shadow-md has-[button:focus-visible]:outline-3 has-[button:focus-visible]:outline-offset-2 has-[button:focus-visible]:outline-ring">
      <ArticleImage src={article.image_url} eager={eager} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex flex-wrap items-center gap-x-2 text-xs font-medium text-muted">
          <span>{article.source_name}</span>
          {date && (
            <>
              <span aria-hidden="true">·</span>
              <time dateTime={article.pubDate}>{date}</time>
            </>
          )}
        </p>
        <h2 className="text-base leading-snug font-bold">
          <button
            ref={buttonRef}
            type="button"
            onClick={onOpen}
            aria-haspopup="dialog"
            className="line-clamp-3 text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {article.title}
          </button>
        </h2>
        {article.description && (
          <p className="line-clamp-3 text-sm text-muted">{article.description}</p>
        )}
        {author && <p className="mt-auto pt-1 text-xs font-medium text-fg">By {author}</p>}
      </div>
      {children}
    </article>
  );
}

export function ArticleCardSkeleton() {
  return (
    <div className="card flex flex-col overflow-hidden" aria-hidden="true">
      <div className="aspect-video w-full animate-pulse bg-surface" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-3 w-1/3 animate-pulse rounded bg-surface" />
        <div className="h-4 w-11/12 animate-pulse rounded bg-surface" />
        <div className="h-4 w-3/4 animate-pulse rounded bg-surface" />
        <div className="h-3 w-full animate-pulse rounded bg-surface" />
        <div className="h-3 w-5/6 animate-pulse rounded bg-surface" />
      </div>
    </div>
  );
}
