import type { Story, StoryMemberArticle } from '@lede/shared';
import { formatDate } from '@/lib/format';
import { reportEntryId, storyCounts } from '../story-text';

/**
 * The story's title (the headline of its most representative report), how many articles from how
 * many sources, and when it was first and last reported. When the reader came from a card that
 * showed another of its reports (`fromCard`), a line names that report and leads to it on the
 * timeline: the card and the page tell the same story.
 */
export function StoryHeader({ story, fromCard }: { story: Story; fromCard?: StoryMemberArticle }) {
  const first = formatDate(story.first_published);
  const last = formatDate(story.last_published);
  const otherReport = fromCard && fromCard._id !== story.title_article_id ? fromCard : undefined;
  return (
    <header className="flex flex-col gap-2">
      <p className="text-xs font-bold tracking-wider text-accent uppercase">Full coverage</p>
      <h1 className="text-2xl leading-tight font-extrabold tracking-tight sm:text-3xl">
        {story.title}
      </h1>
      <p className="font-medium">{storyCounts(story)}</p>
      {otherReport && (
        <p className="text-sm text-muted">
          Your card showed one of its reports:{' '}
          <a
            href={`#${reportEntryId(otherReport._id)}`}
            className="link font-semibold break-words"
            onClick={(e) => {
              // In the page, whatever the router does with a hash: scroll to it, focus its link.
              const entry = document.getElementById(reportEntryId(otherReport._id));
              if (!entry) return;
              e.preventDefault();
              entry.scrollIntoView?.({ block: 'center' });
              entry.querySelector<HTMLAnchorElement>('h3 a')?.focus({ preventScroll: true });
            }}
          >
            “{otherReport.title}”
          </a>{' '}
          ({otherReport.source_name})
        </p>
      )}
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted">
        {first && (
          <div className="flex gap-1">
            <dt>First published</dt>
            <dd>
              <time dateTime={story.first_published}>{first}</time>
            </dd>
          </div>
        )}
        {last && (
          <div className="flex gap-1">
            <dt>Last published</dt>
            <dd>
              <time dateTime={story.last_published}>{last}</time>
            </dd>
          </div>
        )}
      </dl>
    </header>
  );
}
