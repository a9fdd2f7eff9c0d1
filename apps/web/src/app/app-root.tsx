import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';

// The toaster (and the toast library) load right after the first paint, in their own chunk.
const AppToaster = lazy(() => import('@/components/app-toaster'));

/** Wraps every route: toasts at top-center (spec section 9) and scroll restoration. */
export function AppRoot() {
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
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
