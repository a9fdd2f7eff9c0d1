import { PAGE_PATHS } from '@lede/shared/constants';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSessionUser } from '@/lib/session/use-session';

/** This history entry's place among the tab's pages of the app, as the router counts them. */
function historyIndex(): number {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : 0;
}

/**
 * A page's own Back: the previous page when the tab came here from a page of the app; on a page
 * opened directly (a pasted link, a new tab) the list it belongs to, never out of the site: the
 * feed for a signed-in reader, Explore for a visitor.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const signedIn = !!useSessionUser();
  return useCallback(() => {
    if (historyIndex() > 0) void navigate(-1);
    else void navigate(signedIn ? PAGE_PATHS.home : PAGE_PATHS.explore, { replace: true });
  }, [navigate, signedIn]);
}
