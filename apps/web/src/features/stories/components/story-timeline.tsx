import type { StoryMemberArticle } from '@lede/shared';
import { Link, useLocation } from 'react-router-dom';
import { articlePath, overList } from '@/lib/article-route';
import { formatDateTime } from '@/lib/format';
import { whyGrouped } from '../story-text';

/**
 * The story's articles, newest first, on a line: when, which source, the title (opening the
 * article as a dialog over the story, as the lists do: lib/article-route), and for each article
 * after the first, in small print, why it was grouped with the others.
 */
export function StoryTimeline({
  articles,
  linkRef,
}: {
  articles: readonly StoryMemberArticle[];
  /** Each title's link, so that focus can return to it when its article's dialog closes. */
  linkRef?: (id: string, el: HTMLAnchorElement | null) => void;
}) {
  const location = useLocation();
  const oldest = articles.length - 1;
  return (
    <section aria-labelledby="story-timeline" className="flex min-w-0 flex-col gap-3">
      <h2 id="story-timeline" className="text-lg font-bold">
        Timeline
      </h2>
      <ol className="flex flex-col">
        {articles.map((a, i) => {
          const why = i === oldest ? null : whyGrouped(a.joined);
          return (
            <li
              key={a._id}
              className="relative flex flex-col gap-1 border-l-2 border-line pb-6 pl-5 last:pb-0"
            >
              <span
                aria-hidden="true"
                className="absolute top-1 -left-[7px] size-3 rounded-full border-2 border-bg bg-accent"
              />
              <p className="text-xs text-muted">
                <time dateTime={a.pubDate}>{formatDateTime(a.pubDate)}</time>
                {' · '}
                <span className="font-semibold text-fg">{a.source_name}</span>
              </p>
              <h3 className="leading-snug font-semibold">
                <Link
                  ref={linkRef && ((el) => linkRef(a._id, el))}
                  to={articlePath(a._id)}
                  state={overList(location)}
                  className="break-words hover:text-accent hover:underline"
                >
                  {a.title}
                </Link>
              </h3>
              {why && (
                <p className="text-xs text-muted">
                  <span className="sr-only">Why it is in this story: </span>
                  {why}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
