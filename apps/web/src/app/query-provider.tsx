import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { lazy, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

/*
 * The one query cache, provided at the root for the whole app. The query library itself (and the
 * cache in lib/query-client) loads with the first screen that needs it, not with the landing page:
 * the root provides the client as soon as it is there, and a screen that reads data is rendered
 * only once it is (see lazyScreen).
 */
let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

/** Loads the app's query client once; resolves when the root provides it. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('@/lib/query-client').then(({ queryClient }) => {
    client = queryClient;
    // What QueryClientProvider does on mount: refetch and resume on focus and reconnect.
    client.mount();
    for (const listener of listeners) listener();
    return queryClient;
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => client;

/** The app's one QueryClientProvider (app/app.tsx). */
export function QueryProvider({ children }: { children: ReactNode }) {
  const value = useSyncExternalStore(subscribe, current, current);
  return <QueryClientContext.Provider value={value}>{children}</QueryClientContext.Provider>;
}

/** A screen whose code loads when first shown; `preload` loads it ahead (see app/preload). */
export type LazyScreen<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A lazily loaded screen (or part) that reads through TanStack Query: loads with the client.
 * Once loaded (by `preload` before the first render, or by an earlier visit) it renders at once
 * instead of suspending: a Suspense fallback that shows is revealed no sooner than 300 ms later
 * (React's throttle), which held a first load's cards back by one such wait per boundary.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), loadQueryClient()]).then(([screen]) => {
      loaded = screen.default;
      return screen;
    }));
  const Lazy = lazy(preload);
  function Screen(props: P) {
    // Chosen once per mount: switching from the lazy to the loaded component would remount it.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Screen, { preload });
}
