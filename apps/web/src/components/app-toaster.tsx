import { useEffect, useRef } from 'react';
import { Toaster } from 'react-hot-toast';
import { useInRouterContext, useLocation } from 'react-router-dom';
import { leavePage, TOAST_DURATIONS, TOAST_LIMIT, trackReaderInput } from '@/lib/toast';

/**
 * Below the navigation bar (h-16). One toast ends above 9rem (a line of text, or the Undo button
 * of an undoable one): the article dialog starts there (article-modal), so a toast never covers
 * its headline or its buttons.
 */
const TOASTS_TOP = 72;

/**
 * Toasts at top-center with the spec's durations and limit (section 9), dismissed when the reader
 * moves to another page (lib/toast: leavePage).
 */
export function AppToaster() {
  const inRouter = useInRouterContext();
  return (
    <>
      <Toaster
        position="top-center"
        toastOptions={{
          duration: TOAST_DURATIONS.blank,
          success: { duration: TOAST_DURATIONS.success },
          error: { duration: TOAST_DURATIONS.error },
          loading: { duration: TOAST_DURATIONS.loading },
          className: '!bg-raised !text-fg !border !border-line !shadow-lg',
        }}
        containerStyle={{ top: TOASTS_TOP }}
        gutter={8}
      />
      {inRouter && <DismissOnNavigation />}
    </>
  );
}

/**
 * A change of page (pathname) leaves the page's toasts behind. The location here is the screen's:
 * an article dialog opened over a list, and its Previous / Next, are no change of page.
 */
function DismissOnNavigation() {
  const { pathname } = useLocation();
  const last = useRef(pathname);
  useEffect(() => trackReaderInput(window), []);
  useEffect(() => {
    if (pathname === last.current) return;
    last.current = pathname;
    leavePage();
  }, [pathname]);
  return null;
}

export { TOAST_LIMIT };
export default AppToaster;
