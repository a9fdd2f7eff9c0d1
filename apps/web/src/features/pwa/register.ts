/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';
import { AUTH_LOGOUT_EVENT } from '@/lib/storage';
import { clearPrivateCaches } from '@/lib/private-caches';

type Listener = () => void;

let started = false;
let updateWaiting = false;
let update: ((reload?: boolean) => Promise<void>) | undefined;
const listeners = new Set<Listener>();

/** For useSyncExternalStore: whether a new build's service worker is installed and waiting. */
export const updateAvailable = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): boolean => updateWaiting,
};

function needRefresh(): void {
  if (updateWaiting) return;
  updateWaiting = true;
  for (const listener of listeners) listener();
}

/**
 * A new build's worker that was already installing when this page registered (Workbox only
 * follows those found after): it waits once installed. Not on a first visit (no controller),
 * where the first worker simply activates.
 */
function watchPendingUpdate(registration: ServiceWorkerRegistration | undefined): void {
  if (!registration || !navigator.serviceWorker.controller) return;
  if (registration.waiting) return needRefresh();
  const installing = registration.installing;
  installing?.addEventListener('statechange', () => {
    if (installing.state === 'installed') needRefresh();
  });
}

/**
 * Registers /sw.js (src/sw.ts), once per page, after the page has loaded (update-prompt.tsx). A
 * new build's worker waits until the reader chooses to reload (updateAvailable). Whatever ends
 * the session (logout, 401, another tab, account deletion) also drops the private caches.
 */
export function startServiceWorker(): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  window.addEventListener(AUTH_LOGOUT_EVENT, () => void clearPrivateCaches());
  update = registerSW({
    // The page is loaded already (this module comes after it): no need to wait for `load`.
    immediate: true,
    onNeedRefresh: needRefresh,
    onRegisteredSW: (_url, registration) => watchPendingUpdate(registration),
  });
}

/**
 * Tells the waiting worker to take over, and reloads the page once it controls it: the page
 * never runs one build's code under another build's worker.
 */
export function reloadToUpdate(): Promise<void> {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  return update ? update(true) : Promise.resolve();
}
