import { Link } from 'react-router-dom';
import { formatDate } from '@/lib/format';
import { useRelatedArticles } from '../api/articles';
import { categoryOf } from '../article-facts';
import { CategoryKicker } from './article-meta';
import { paths } from '@/lib/paths';

/**
 * "More like this": the articles that share the most names and phrases with this one, as links
 * to their pages. Nothing at all while loading, on an error, or when there are none: the
 * article is complete without it.
 */
export function RelatedArticles({ articleId }: { articleId: string }) {
  const related = useRelatedArticles(articleId).data;
  if (!related || related.length === 0) return null;
  return (
    <section aria-labelledby={`related-${articleId}`} className="flex flex-col gap-2">
      <h2 id={`related-${articleId}`} className="text-sm font-semibold">
        More like this
      </h2>
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
        {related.map((a) => (
          <li key={a._id} data-category={categoryOf(a) ?? ''}>
            <Link
              to={paths.article(a._id)}
              className="flex flex-col gap-1 px-4 py-3 hover:bg-surface focus-visible:bg-surface"
            >
              <CategoryKicker category={categoryOf(a)} />
              <span className="font-semibold leading-snug">{a.title}</span>
              <span className="text-xs text-muted">
                {a.source_name}
                {a.pubDate && ` · ${formatDate(a.pubDate)}`}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
