import { CLEAR_PRIVATE_CACHES, isPrivateCache } from './cache-policy';

/**
 * Drops every cache that may hold a reader's data (all but the build's precache: cache-policy.ts),
 * at logout or whenever the session ends. The page deletes them itself (Cache Storage is shared
 * with the service worker, and there may be none running) and tells the service worker, which
 * does the same for anything it was writing meanwhile. Never throws: logging out goes on.
 */
export async function clearPrivateCaches(): Promise<void> {
  try {
    navigator.serviceWorker?.controller?.postMessage({ type: CLEAR_PRIVATE_CACHES });
    if (typeof caches === 'undefined') return;
    const names = (await caches.keys()).filter(isPrivateCache);
    await Promise.all(names.map((name) => caches.delete(name)));
  } catch {
    // Storage unavailable (a private window's quota, a browser without it): nothing kept.
  }
}
