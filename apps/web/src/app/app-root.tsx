import { Suspense, useEffect } from 'react';
import { Toaster } from 'react-hot-toast';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { TOAST_DURATIONS, TOAST_LIMIT } from '@/lib/toast';

/** Wraps every route: toasts at top-center (spec section 9) and scroll restoration. */
export function AppRoot() {
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <AppToaster />
      <ScrollToTop />
    </>
  );
}

export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATIONS.blank,
        success: { duration: TOAST_DURATIONS.success },
        error: { duration: TOAST_DURATIONS.error },
        loading: { duration: TOAST_DURATIONS.loading },
        className: '!bg-raised !text-fg !border !border-line !shadow-lg',
      }}
      containerStyle={{ top: 72 }}
      gutter={8}
    />
  );
}

export { TOAST_LIMIT };

/** A new screen starts at the top (a new search or chip keeps the position). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
