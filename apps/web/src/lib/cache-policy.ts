/**
 * What the service worker (src/sw.ts) keeps, shared with the page (private-caches.ts). No Workbox
 * here: the page's side loads none of it.
 */
import { isPagePath } from '@lede/shared/constants';

/** The message the page sends for clearPrivateCaches(). */
export const CLEAR_PRIVATE_CACHES = 'CLEAR_PRIVATE_CACHES';

/**
 * The pictures of saved articles that live on other origins (news sites), kept by the service
 * worker so the offline copies show them (same-origin pictures are kept as Blobs with the copy:
 * lib/offline/saved-store.ts). A private cache: logout drops it with the rest.
 */
export const SAVED_PICTURES_CACHE = 'lede-saved-pictures';
/** The messages the page sends to keep or drop one such picture: `{ type, url }`. */
export const KEEP_PICTURE = 'KEEP_PICTURE';
export const DROP_PICTURE = 'DROP_PICTURE';

/** Whether the worker keeps `url` for a saved article: an https picture of another origin. */
export function isKeptPicture(url: string, origin: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.origin !== origin;
  } catch {
    return false;
  }
}

/**
 * Workbox's precache of the build (its name starts so): the app's code, styles, index.html and
 * icons, the same for every reader. Every other cache of the origin is private.
 */
const PRECACHE_PREFIX = 'workbox-precache';

/**
 * Whether a cache may hold something of one reader: every cache but the build's precache. The
 * service worker itself keeps no such cache (it never stores an /api answer), but anything that
 * ever does is dropped at logout.
 */
export function isPrivateCache(name: string): boolean {
  return !name.startsWith(PRECACHE_PREFIX);
}

/**
 * The paths the service worker never answers with the app shell: the API, the media files, the
 * built assets and any file (a dot in the last segment: /sw.js, /robots.txt). As the server's
 * `isNavigation` (apps/api/src/http/static-web.ts), they go to the network.
 */
export const NOT_APP_PAGES = [/^\/(api|media|assets)([/?]|$)/, /^[^?]*\.[^/?]*(\?|$)/];

/**
 * Whether a navigation to a same-origin address (path and query, as Workbox's NavigationRoute
 * matches them) gets the app shell: a page of the client router.
 */
export function isAppPage(pathAndSearch: string): boolean {
  return !NOT_APP_PAGES.some((pattern) => pattern.test(pathAndSearch));
}

/** The app shell every page falls back to. */
export const SHELL = '/index.html';

/**
 * The precached page the worker answers an app address with, as the server picks it
 * (apps/api/src/http/static-web.ts): `/pages/<first segment>.html` (the screen's preloads and
 * skeleton) when the build has one, else the shell; null for an address no page of the app
 * answers, which goes to the network for the server's 404 (the shell only when offline).
 */
export function precachedPageFor(pathname: string): string | null {
  if (!isPagePath(pathname)) return null;
  const segment = pathname.split('/')[1] ?? '';
  return segment === '' ? SHELL : `/pages/${segment}.html`;
}
