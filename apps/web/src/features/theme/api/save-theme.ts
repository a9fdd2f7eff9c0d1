import { CLIENT_MESSAGES, type Theme } from '@lede/shared/constants';
import { MutationObserver } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { getUser, setUser } from '@/lib/storage';
import { toast } from '@/lib/toast';

/**
 * Saves a signed-in reader's theme to the account: a TanStack mutation on the app's one client.
 * This module loads on the first toggle (see use-theme), so that the navigation bar, on every
 * page's first paint, carries neither the query library nor the API client.
 */
export function saveTheme(next: Theme): void {
  const observer = new MutationObserver(queryClient, {
    mutationKey: ['profile', 'toggletheme'],
    mutationFn: (theme: Theme) =>
      api('PUT /api/profile/toggletheme', {
        body: { theme },
        fallback: CLIENT_MESSAGES.data.changeTheme,
      }),
    // Optimistic: the session's reader has the new theme at once (the page already shows it).
    onMutate: (theme) => {
      const reader = getUser();
      if (reader) setUser({ ...reader, theme });
    },
    onSuccess: (res) => setUser(res.user),
    // On failure the page keeps the new theme and says the account did not.
    onError: (err) => toast.error(errorMessage(err, CLIENT_MESSAGES.data.changeTheme)),
  });
  // The observer's own promise rejects on failure; onError has said so already.
  observer.mutate(next).catch(() => undefined);
}
