import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Link, useLocation } from 'react-router-dom';
import { ErrorFallback, logRenderError } from '@/components/error-fallback';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/lib/paths';

const homeClass = buttonVariants({ variant: 'outline' });
const mainClass = 'mx-auto w-full max-w-6xl px-4 pt-24 pb-12';

/**
 * Around the screen of the current route: a render error shows the fallback in place of the
 * screen (the navigation bar stays), and going to another route clears it.
 */
export function RouteErrorBoundary({
  children,
  main = false,
}: {
  children: ReactNode;
  /** Give the fallback its own main landmark (a screen outside the shared layout). */
  main?: boolean;
}) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKeys={[pathname]}
      onError={logRenderError}
      fallbackRender={({ resetErrorBoundary }) => {
        const fallback = (
          <ErrorFallback
            onRetry={resetErrorBoundary}
            homeLink={
              <Link to={paths.landing()} className={homeClass}>
                Go home
              </Link>
            }
          />
        );
        return main ? <main className={mainClass}>{fallback}</main> : fallback;
      }}
    >
      {children}
    </ErrorBoundary>
  );
}

/** Around the whole app (outside the router): the last resort, with a plain link home. */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      onError={logRenderError}
      fallbackRender={({ resetErrorBoundary }) => (
        <main className={mainClass}>
          <ErrorFallback
            onRetry={resetErrorBoundary}
            homeLink={
              <a href={paths.landing()} className={homeClass}>
                Go home
              </a>
            }
          />
        </main>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
