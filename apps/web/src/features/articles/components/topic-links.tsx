import { CATEGORIES } from '@lede/shared/constants';
import { Link } from 'react-router-dom';
import { CategoryIcon } from '@/components/category-icon';
import { paths } from '@/lib/paths';

/** Every topic, each a link to Explore with its chip chosen (the landing page's topics). */
export function TopicLinks() {
  return (
    <section aria-labelledby="topics-heading" className="card bg-surface p-6 sm:p-8">
      <h2 id="topics-heading" className="text-xl font-bold">
        {CATEGORIES.length} topics to follow
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {CATEGORIES.map((c) => (
          <li key={c.id} data-category={c.id}>
            <Link
              to={paths.explore(c.id)}
              className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-line bg-raised py-1 pr-3 pl-2.5 text-sm capitalize hover:bg-surface"
            >
              <CategoryIcon category={c.id} size={16} className="shrink-0 text-category" />
              {c.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
