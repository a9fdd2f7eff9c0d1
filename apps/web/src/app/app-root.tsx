import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from 'react-error-boundary';
import { logRenderError } from '@/components/error-fallback';
import { PageLoader } from '@/components/page-loader';
import { loadToastsOnFirstInput, toasterWanted } from '@/lib/toast';
import { RouteErrorBoundary } from './error-boundaries';

// The toaster (and the toast library) load in their own chunk with the first toast or the
// reader's first press or key (lib/toast), never before a screen's first paint.
const AppToaster = lazy(() => import('@/components/app-toaster'));

/**
 * Wraps every route: an error boundary (for the screens outside the layout), toasts at top-center
 * (spec section 9) and scroll restoration.
 */
export function AppRoot() {
  const toasts = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.current);
  useEffect(() => loadToastsOnFirstInput(window), []);
  return (
    <>
      <RouteErrorBoundary main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      {/* The toasts are not worth a broken page: if they fail to load, the app goes on without. */}
      {toasts && (
        <ErrorBoundary fallback={null} onError={logRenderError}>
          <Suspense fallback={null}>
            <AppToaster />
          </Suspense>
        </ErrorBoundary>
      )}
      <ScrollToTop />
    </>
  );
}

/**
 * A new screen starts at the top (a new search or chip keeps the position). The first screen is
 * left where the browser put it: at the top, or where a reload restores it (scrolling there
 * would also force a layout of the page just rendered).
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
