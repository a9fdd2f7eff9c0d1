/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa, `injectManifest`: vite.config.ts), served at
 * /sw.js. It keeps the app shell for offline use and nothing of any reader:
 * - precaches the build (scripts, styles, index.html, the icons and the manifest: the list
 *   Workbox writes into `self.__WB_MANIFEST`), the same bytes for every reader;
 * - answers every page of the app (a navigation) with its precached page (pages/<screen>.html,
 *   with the screen's preloads and skeleton, or index.html), so any address opens offline; an
 *   unknown address goes to the network for the server's 404 (index.html offline); /api, /media,
 *   /assets and files go to the network;
 * - keeps the pictures of saved articles that live on other origins when the page asks
 *   (KEEP_PICTURE, DROP_PICTURE), and shows them from there: a saved copy has its picture
 *   offline;
 * - NEVER caches an /api answer: no route here matches /api, so the browser fetches it as if
 *   there were no service worker. A reader's data must not stay where another reader of the same
 *   browser could read it after logout (lib/cache-policy.ts; src/sw.test.ts says so too).
 * A new build installs beside the old one and waits: the page offers "Reload" (features/pwa),
 * which sends SKIP_WAITING, so a page never runs half of one build and half of another.
 */
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute, Route } from 'workbox-routing';
import {
  CLEAR_PRIVATE_CACHES,
  DROP_PICTURE,
  isKeptPicture,
  isPrivateCache,
  KEEP_PICTURE,
  NOT_APP_PAGES,
  precachedPageFor,
  SAVED_PICTURES_CACHE,
  SHELL,
} from './lib/cache-policy';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

precacheAndRoute(self.__WB_MANIFEST);
// Precaches of older Workbox versions.
cleanupOutdatedCaches();

/** A navigation to a page of the app: its precached page, or the network for an unknown one. */
export async function answerNavigation(url: URL, request: Request): Promise<Response> {
  const page = precachedPageFor(url.pathname);
  if (page === null) {
    try {
      return await fetch(request);
    } catch {
      // Offline: the shell, whose router shows the not-found page.
    }
  }
  const cached = (page && (await matchPrecache(page))) || (await matchPrecache(SHELL));
  return cached ?? fetch(request);
}

registerRoute(
  new NavigationRoute(({ url, request }) => answerNavigation(url, request), {
    denylist: NOT_APP_PAGES,
  }),
);

/**
 * Keeps a saved article's picture of another origin. Fetched "no-cors": the site need not allow
 * CORS and the worker cannot read the bytes (an opaque answer), but an <img> can show them. The
 * worker's own policy allows this fetch (apps/api/src/http/security-headers.ts).
 */
export async function keepPicture(url: string): Promise<void> {
  const cache = await caches.open(SAVED_PICTURES_CACHE);
  if (await cache.match(url)) return;
  try {
    const answer = await fetch(url, {
      mode: 'no-cors',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
    if (answer.type === 'opaque' || answer.ok) await cache.put(url, answer);
  } catch {
    // Offline or refused: the copy shows its text, as before.
  }
}

/** A picture of another origin: the kept one when there is one, else the network. */
export async function answerPicture(request: Request): Promise<Response> {
  const kept = await caches.match(request.url, { cacheName: SAVED_PICTURES_CACHE });
  return kept ?? fetch(request);
}

registerRoute(
  new Route(
    ({ url, request }) =>
      request.destination === 'image' && isKeptPicture(url.href, self.location.origin),
    ({ request }) => answerPicture(request),
  ),
);

/** Deletes every cache but the precache (cache-policy.ts: isPrivateCache). */
async function clearPrivateCaches(): Promise<void> {
  const names = (await caches.keys()).filter(isPrivateCache);
  await Promise.all(names.map((name) => caches.delete(name)));
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const { type, url } = (event.data ?? {}) as { type?: unknown; url?: unknown };
  // From workbox-window's messageSkipWaiting(): the reader chose "Reload".
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // From the page at logout (lib/private-caches.ts).
  if (type === CLEAR_PRIVATE_CACHES) event.waitUntil(clearPrivateCaches());
  // From the page when a saved article is kept or dropped (lib/offline/saved-store.ts).
  if (typeof url !== 'string' || !isKeptPicture(url, self.location.origin)) return;
  if (type === KEEP_PICTURE) event.waitUntil(keepPicture(url));
  if (type === DROP_PICTURE) {
    event.waitUntil(caches.open(SAVED_PICTURES_CACHE).then((cache) => cache.delete(url)));
  }
});
