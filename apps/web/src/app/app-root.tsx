import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { ErrorBoundary } from 'react-error-boundary';
import { logRenderError } from '@/components/error-fallback';
import { PageLoader } from '@/components/page-loader';
import { useWindowLoaded } from '@/features/pwa/use-window-loaded';
import { loadToastsOnFirstInput, toasterWanted } from '@/lib/toast';
import { RouteErrorBoundary } from './error-boundaries';

// The toaster (and the toast library) load in their own chunk with the first toast or the
// reader's first press or key (lib/toast), never before a screen's first paint.
const AppToaster = lazy(() => import('@/components/app-toaster'));
// The service worker's registration and its "new version" prompt: after the page has loaded, in
// builds only (no service worker under `vite`).
const UpdatePrompt = lazy(() => import('@/features/pwa/update-prompt'));

/**
 * Wraps every route: an error boundary (for the screens outside the layout), toasts at top-center
 * (spec section 9) and scroll restoration.
 */
export function AppRoot() {
  const toasts = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.current);
  useEffect(() => loadToastsOnFirstInput(window), []);
  const loaded = useWindowLoaded();
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
      {import.meta.env.PROD && loaded && (
        <ErrorBoundary fallback={null} onError={logRenderError}>
          <Suspense fallback={null}>
            <UpdatePrompt />
          </Suspense>
        </ErrorBoundary>
      )}
      <ScrollToTop />
    </>
  );
}

/** How long a screen returned to by Back may take to grow tall enough for its old position. */
const RESTORE_MS = 1500;

/**
 * A new screen starts at the top (a new search or chip keeps the position); a screen returned to
 * with Back or Forward gets its old position back once it is tall enough (its list comes from
 * the cache, a slice at a time). The first screen is left where the browser put it: at the top,
 * or where a reload restores it (scrolling there would also force a layout of the page just
 * rendered).
 */
function ScrollToTop() {
  const { pathname, key } = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  const positions = useRef(new Map<string, number>());
  const current = useRef(key);
  useEffect(() => {
    current.current = key;
  }, [key]);
  useEffect(() => {
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.current.set(current.current, window.scrollY));
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
    };
  }, []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const saved = navigationType === 'POP' ? positions.current.get(key) : undefined;
    if (saved === undefined) {
      window.scrollTo(0, 0);
      return;
    }
    const until = performance.now() + RESTORE_MS;
    let frame = 0;
    const restore = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= saved;
      if (reachable || performance.now() > until) window.scrollTo(0, saved);
      else frame = requestAnimationFrame(restore);
    };
    restore();
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new screen, not a new key
  }, [pathname]);
  return null;
}
