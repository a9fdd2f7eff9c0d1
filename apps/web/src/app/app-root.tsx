import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from 'react-error-boundary';
import { logRenderError } from '@/components/error-fallback';
import { PageLoader } from '@/components/page-loader';
import { RouteErrorBoundary } from './error-boundaries';

// The toaster (and the toast library) load right after the first paint, in their own chunk.
const AppToaster = lazy(() => import('@/components/app-toaster'));

/**
 * Wraps every route: an error boundary (for the screens outside the layout), toasts at top-center
 * (spec section 9) and scroll restoration.
 */
export function AppRoot() {
  return (
    <>
      <RouteErrorBoundary main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      {/* The toasts are not worth a broken page: if they fail to load, the app goes on without. */}
      <ErrorBoundary fallback={null} onError={logRenderError}>
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      </ErrorBoundary>
      <ScrollToTop />
    </>
  );
}

/** A new screen starts at the top (a new search or chip keeps the position). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
