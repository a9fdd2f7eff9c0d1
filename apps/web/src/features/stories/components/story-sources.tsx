import type { StorySource } from '@lede/shared';
import { SourceMark } from '@/components/source-mark';
import { formatCount } from '@/lib/format';
import { reportTime } from '../story-text';

/**
 * The sources that reported the story, in the order they first did, and when (a date only when
 * the source gave no time).
 */
export function StorySources({ sources }: { sources: readonly StorySource[] }) {
  return (
    <section aria-labelledby="story-sources" className="flex min-w-0 flex-col gap-3">
      <h2 id="story-sources" className="text-lg font-bold">
        Sources
      </h2>
      <ol className="card divide-y divide-line">
        {sources.map((s) => (
          <li key={s.article_id} className="flex items-center gap-3 p-3">
            <SourceMark name={s.source_name} icon={s.source_icon} />
            <div className="min-w-0 text-xs text-muted">
              <p className="truncate text-sm font-semibold text-fg">{s.source_name}</p>
              <p>
                First reported{' '}
                <time dateTime={s.first_reported}>
                  {reportTime(s.first_reported, s.first_reported_has_time)}
                </time>
              </p>
              {s.articles > 1 && <p>{formatCount(s.articles, 'article')}</p>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
