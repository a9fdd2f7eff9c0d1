import { CATEGORIES } from '@lede/shared/constants';
import { ArrowRight, Compass } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { CategoryIcon } from '@/components/category-icon';
import { usePageTitle } from '@/components/use-page-title';

/** The landing page: static, so its first paint needs no API call. */
export function LandingPage() {
  usePageTitle('Discover News That Matters');
  return (
    <div className="flex flex-col gap-16">
      <section className="pt-6 text-center sm:pt-12">
        <p className="mb-4 text-sm font-semibold tracking-wide text-accent uppercase">
          Your personalised news reader
        </p>
        <h1 className="mx-auto max-w-3xl text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-6xl">
          Discover News That Matters—To You
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">
          Join to get personalized news and recommendations: pick the topics you care about and Lede
          builds a feed that learns from what you read, like and save.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link
            to="/signup"
            className={buttonVariants({
              variant: 'primary',
              size: 'xl',
              className: 'w-full sm:w-auto',
            })}
          >
            Get Started <ArrowRight size={18} aria-hidden="true" />
          </Link>
          <Link
            to="/explore"
            className={buttonVariants({
              variant: 'outline',
              size: 'xl',
              className: 'w-full sm:w-auto',
            })}
          >
            <Compass size={18} aria-hidden="true" /> Explore First
          </Link>
        </div>
      </section>

      <section aria-labelledby="topics-heading" className="card bg-surface p-6 sm:p-8">
        <h2 id="topics-heading" className="text-xl font-bold">
          {CATEGORIES.length} topics to follow
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {CATEGORIES.map((c) => (
            <li
              key={c.id}
              data-category={c.id}
              className="inline-flex items-center gap-1.5 rounded-full border border-line bg-raised py-1 pr-3 pl-2.5 text-sm capitalize"
            >
              <CategoryIcon category={c.id} size={16} className="shrink-0 text-category" />
              {c.label}
            </li>
          ))}
        </ul>
      </section>

      <section className="grid gap-4 sm:grid-cols-3" aria-label="How Lede works">
        {[
          ['Pick your interests', 'Choose at least three topics and your feed starts there.'],
          ['Read, like, save', 'Every story you open, like or save tunes what comes next.'],
          ['Keep a streak', 'Open an article every day and watch your reading streak grow.'],
        ].map(([title, text]) => (
          <div key={title} className="card p-5">
            <h2 className="font-bold">{title}</h2>
            <p className="mt-2 text-sm text-muted">{text}</p>
          </div>
        ))}
      </section>
    </div>
  );
}
