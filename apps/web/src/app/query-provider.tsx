import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { lazy, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

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

/** A lazily loaded screen (or part) that reads through TanStack Query: loads with the client. */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  return lazy(async () => {
    const [screen] = await Promise.all([load(), loadQueryClient()]);
    return screen;
  });
}
