import { CLIENT_MESSAGES, type Theme } from '@lede/shared';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { getToken, getUser, setDeviceTheme, setUser } from '@/lib/storage';
import { useSessionUser } from '@/features/session/hooks/use-session';

const root = () => document.documentElement;

export function currentTheme(): Theme {
  return root().dataset.theme === 'dark' ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  if (root().dataset.theme !== theme) root().dataset.theme = theme;
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(root(), { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/**
 * The page's theme (set before first paint by public/theme-init.js) and its toggle: the choice is
 * kept on this device and, when signed in, saved to the reader's account.
 */
export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as const);
  const user = useSessionUser();

  // Signing in applies the reader's saved theme.
  const savedTheme = user?.theme;
  useEffect(() => {
    if (savedTheme) applyTheme(savedTheme);
  }, [savedTheme]);

  const toggle = useCallback(() => {
    const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
    applyTheme(next);
    setDeviceTheme(next);
    const reader = getUser();
    if (!reader || !getToken()) return;
    setUser({ ...reader, theme: next });
    // The API client loads on demand: the first paint of any page needs none of it.
    void Promise.all([import('@/lib/api-client'), import('@/lib/toast')]).then(
      ([{ api, errorMessage }, { toast }]) =>
        api('PUT /api/profile/toggletheme', {
          body: { theme: next },
          fallback: CLIENT_MESSAGES.data.changeTheme,
        }).then(
          (res) => setUser(res.user),
          (err: unknown) => toast.error(errorMessage(err, CLIENT_MESSAGES.data.changeTheme)),
        ),
    );
  }, []);

  return { theme, toggle };
}
