import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { AUTH_LOGOUT_EVENT } from './storage';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Lists stay fresh for a minute: going back and forth between screens never refetches
        // twice, and mutations update or invalidate exactly what they change.
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        retry: (count, err) =>
          count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The app's one cache. It lives in this module, which only the screens that fetch data import,
 * so the landing page's first load carries no query library at all.
 */
export const queryClient = createQueryClient();

// Whatever ends the session (logout, 401/403, another tab) drops the reader's cached data.
window.addEventListener(AUTH_LOGOUT_EVENT, () => {
  queryClient.removeQueries({ queryKey: ['reader'] });
});
