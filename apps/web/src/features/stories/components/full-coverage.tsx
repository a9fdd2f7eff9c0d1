import type { PublicArticle } from '@lede/shared';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useStory } from '../api/stories';
import { nameList, reportTime, storyCounts } from '../story-text';
import { paths } from '@/lib/paths';

/** How many of the story's other reports the article shows; the story page has them all. */
const REPORTS_SHOWN = 5;
/** How many source names the summary line spells out. */
const SOURCES_NAMED = 6;

/**
 * "Full coverage": the other reports of the article's story (newest first, each a link to its
 * article) and the sources that tell it, with a link to the whole story (which marks the
 * article being read). Like "More like this",
 * nothing while loading or on an error: the article is complete without it. Loaded lazily, by
 * app/ (lib/article-coverage).
 */
export default function FullCoverage({ article }: { article: PublicArticle }) {
  const story = useStory(article.story._id).data;
  if (!story) return null;
  const others = story.articles.filter((a) => a._id !== article._id);
  if (others.length === 0) return null;
  const headingId = `coverage-${article._id}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-sm font-semibold">
          Full coverage
        </h2>
        <p className="text-xs text-muted">{storyCounts(story)}</p>
      </div>
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
        {others.slice(0, REPORTS_SHOWN).map((a) => (
          <li key={a._id}>
            <Link
              to={paths.article(a._id)}
              className="flex flex-col gap-1 px-4 py-3 hover:bg-surface focus-visible:bg-surface"
            >
              <span className="leading-snug font-semibold">{a.title}</span>
              <span className="text-xs text-muted">
                {a.source_name}
                {a.pubDate && (
                  <>
                    {' · '}
                    <time dateTime={a.pubDate}>{reportTime(a.pubDate, a.pub_date_has_time)}</time>
                  </>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted">
        Reported by{' '}
        {nameList(
          story.sources.map((s) => s.source_name),
          SOURCES_NAMED,
        )}
      </p>
      <Link
        to={paths.story(story._id, { report: article._id })}
        className="link inline-flex min-h-6 items-center gap-1 self-start text-sm"
      >
        See the whole story <ArrowRight size={16} aria-hidden="true" />
      </Link>
    </section>
  );
}
