import { MIN_INTERESTS, type PublicUser } from '@lede/shared/constants';
import { ArrowRight, Compass } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { usePageTitle } from '@/components/use-page-title';
import { TopicLinks } from '@/features/articles/components/topic-links';
import { TopStoriesSkeleton } from '@/features/articles/components/top-stories-layout';
import { useSessionUser } from '@/lib/session/use-session';
import { paths } from '@/lib/paths';
import { usePainted } from '@/lib/use-painted';

/** The top stories: their own chunk (without the query client), loaded after the first paint. */
const TopStories = lazy(() => import('@/features/articles/components/top-stories'));

/**
 * The hero's first button: a visitor signs up; a reader goes to their feed, or, still without
 * the interests a feed starts from (they skipped choosing them), chooses them.
 */
function primaryAction(user: PublicUser | null): { to: string; state?: unknown; label: string } {
  if (!user) return { to: paths.signup(), label: 'Get Started' };
  if (user.interests.length < MIN_INTERESTS)
    return { to: paths.preferences(), state: { fromReset: true }, label: 'Choose topics' };
  return { to: paths.home(), label: 'Go to your feed' };
}

/**
 * The landing page. Its first paint needs no API call: the top stories below the hero load after
 * it, in the space their skeleton holds. A signed-in reader is offered their feed, not a signup.
 */
export function LandingPage() {
  usePageTitle('Discover News That Matters');
  const user = useSessionUser();
  const painted = usePainted();
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
          {user
            ? 'Welcome back. Your feed keeps learning from what you read, like and save.'
            : 'Join to get personalized news and recommendations: pick the topics you care about and Lede builds a feed that learns from what you read, like and save.'}
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link
            {...primaryAction(user)}
            className={buttonVariants({
              variant: 'primary',
              size: 'xl',
              className: 'w-full sm:w-auto',
            })}
          >
            {primaryAction(user).label} <ArrowRight size={18} aria-hidden="true" />
          </Link>
          <Link
            to={paths.explore()}
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

      <section aria-labelledby="top-stories-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="top-stories-heading" className="text-2xl font-bold">
            Top stories
          </h2>
          <Link to={paths.explore()} className="link text-sm">
            See all trending
          </Link>
        </div>
        <ErrorBoundary
          fallback={
            <p className="card p-6 text-center text-muted">
              Top stories could not be loaded. See them on Explore.
            </p>
          }
        >
          <Suspense fallback={<TopStoriesSkeleton />}>
            {painted ? <TopStories /> : <TopStoriesSkeleton />}
          </Suspense>
        </ErrorBoundary>
      </section>

      <TopicLinks />

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
