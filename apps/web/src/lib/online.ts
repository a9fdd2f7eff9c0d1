import { useSyncExternalStore } from 'react';

/**
 * Whether the browser believes it has a connection (`navigator.onLine`, kept by the `online` and
 * `offline` events). True does not promise the server answers: a request can still fail, and
 * the callers treat that failure as offline too.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** `isOnline()`, re-rendering when the connection comes or goes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
