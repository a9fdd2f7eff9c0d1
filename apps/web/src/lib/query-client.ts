import { QueryClient } from '@tanstack/react-query';
import { READER_DATA_KEY } from './query-keys';
import { AUTH_LOGOUT_EVENT } from './storage';

/**
 * A 4xx answer (an ApiError with its status): asking again would get the same. Read by shape, not
 * by class, so that this module (in the first load, with the root provider) needs no API client.
 */
function isClientError(err: unknown): boolean {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Lists stay fresh for a minute: going back and forth between screens never refetches
        // twice, and mutations update or invalidate exactly what they change.
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        retry: (count, err) => count < 1 && !isClientError(err),
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache, provided at the root (app/app.tsx). */
export const queryClient = createQueryClient();

// Whatever ends the session (logout, 401/403, another tab) drops the reader's cached data.
window.addEventListener(AUTH_LOGOUT_EVENT, () => {
  queryClient.removeQueries({ queryKey: READER_DATA_KEY });
});
