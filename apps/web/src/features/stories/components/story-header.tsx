import type { Story } from '@lede/shared';
import { formatDate } from '@/lib/format';
import { storyCounts } from '../story-text';

/** The story's title, how many articles from how many sources, and when it was first and last reported. */
export function StoryHeader({ story }: { story: Story }) {
  const first = formatDate(story.first_published);
  const last = formatDate(story.last_published);
  return (
    <header className="flex flex-col gap-2">
      <p className="text-xs font-bold tracking-wider text-accent uppercase">Full coverage</p>
      <h1 className="text-2xl leading-tight font-extrabold tracking-tight sm:text-3xl">
        {story.title}
      </h1>
      <p className="font-medium">{storyCounts(story)}</p>
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
