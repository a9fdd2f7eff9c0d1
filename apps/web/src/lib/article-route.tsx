import { createContext, useContext } from 'react';
import {
  matchPath,
  useLocation,
  useRoutes,
  type Location,
  type RouteObject,
} from 'react-router-dom';
import { PAGE_PATHS } from '@lede/shared/constants';

/**
 * An article opened from a list is the route `/article/:id` shown as a dialog over that list (the
 * list's location rides along as the history entry's state): Back closes it, and the address can
 * be copied or bookmarked. The state is trusted only in the page load that wrote it, so a reload
 * or a shared link opens the article page instead.
 */
const PAGE_LOAD = Math.random().toString(36).slice(2);

interface ModalState {
  background: Location;
  pageLoad: string;
}

/** The history state that shows the article as a dialog over `background`. */
export const overList = (background: Location): ModalState => ({
  background,
  pageLoad: PAGE_LOAD,
});

/** The list an article dialog is shown over, if `location` is such a dialog. */
export function backgroundOf(location: Location): Location | undefined {
  const state = location.state as Partial<ModalState> | null;
  if (!state || state.pageLoad !== PAGE_LOAD || !state.background) return undefined;
  return matchPath(PAGE_PATHS.article, location.pathname) ? state.background : undefined;
}

const OpenArticle = createContext<string | null>(null);

/**
 * `routes` for the address, except that an article opened from a list renders that list's
 * screen, which shows the article as its dialog (useOpenArticleId).
 */
export function RoutesWithArticleDialog({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const background = backgroundOf(location);
  const openId = background
    ? (matchPath(PAGE_PATHS.article, location.pathname)?.params.id ?? null)
    : null;
  const screen = useRoutes(routes, background ?? location);
  return <OpenArticle.Provider value={openId}>{screen}</OpenArticle.Provider>;
}

/** The id of the article the address shows as a dialog over this page, or null. */
export const useOpenArticleId = () => useContext(OpenArticle);
