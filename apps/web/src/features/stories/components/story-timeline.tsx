import type { StoryMemberArticle } from '@lede/shared';
import { Link, useLocation } from 'react-router-dom';
import { overList } from '@/lib/article-route';
import { reportEntryId, reportTime, whyGrouped } from '../story-text';
import { paths } from '@/lib/paths';

/** A small label on a timeline entry. */
function Tag({ children }: { children: string }) {
  return (
    <span className="inline-flex items-center rounded-full border border-line bg-surface px-2 text-xs font-semibold text-fg">
      {children}
    </span>
  );
}

/**
 * The story's articles, newest first, on a line: when (a date only when the source gave no
 * time), which source, the title (opening the article as a dialog over the story, as the lists
 * do: lib/article-route), and for each article, in small print, why it is in the story. The
 * report whose headline is the story's title is marked, and so is the one the reader's card
 * showed (`fromCard`).
 */
export function StoryTimeline({
  articles,
  titleArticleId,
  fromCard,
  linkRef,
}: {
  articles: readonly StoryMemberArticle[];
  titleArticleId?: string;
  /** The report the card that opened the story showed. */
  fromCard?: string;
  /** Each title's link, so that focus can return to it when its article's dialog closes. */
  linkRef?: (id: string, el: HTMLAnchorElement | null) => void;
}) {
  const location = useLocation();
  const several = articles.length > 1;
  return (
    <section aria-labelledby="story-timeline" className="flex min-w-0 flex-col gap-3">
      <h2 id="story-timeline" className="text-lg font-bold">
        Timeline
      </h2>
      <ol className="flex flex-col">
        {articles.map((a) => {
          const isTitle = several && a._id === titleArticleId;
          const onCard = several && a._id === fromCard;
          return (
            <li
              key={a._id}
              id={reportEntryId(a._id)}
              className="relative flex scroll-mt-20 flex-col gap-1 border-l-2 border-line pb-6 pl-5 last:pb-0"
            >
              <span
                aria-hidden="true"
                className="absolute top-1 -left-[7px] size-3 rounded-full border-2 border-bg bg-accent"
              />
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
                <span>
                  <time dateTime={a.pubDate}>{reportTime(a.pubDate, a.pub_date_has_time)}</time>
                  {' · '}
                  <span className="font-semibold text-fg">{a.source_name}</span>
                </span>
                {isTitle && <Tag>Story headline</Tag>}
                {onCard && <Tag>On your card</Tag>}
              </p>
              <h3 className="leading-snug font-semibold">
                <Link
                  ref={linkRef && ((el) => linkRef(a._id, el))}
                  to={paths.article(a._id)}
                  state={overList(location)}
                  className="break-words hover:text-accent hover:underline"
                >
                  {a.title}
                </Link>
              </h3>
              <p className="text-xs text-muted">
                <span className="sr-only">Why it is in this story: </span>
                {whyGrouped(a.joined)}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
