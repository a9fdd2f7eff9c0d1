import type { Theme } from '@lede/shared';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { getToken, getUser, setDeviceTheme } from '@/lib/storage';
import { useSessionUser } from '@/lib/session/use-session';
import { pickedTheme, systemTheme, watchSystemTheme } from '../initial-theme';

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
 * The page's theme (set before first paint by the boot script, src/boot.ts) and its toggle. The
 * page follows the device until the reader picks a theme; the pick is kept on this device and,
 * when signed in, saved to the reader's account.
 */
export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as const);
  const user = useSessionUser();

  // Signing in or out applies the reader's pick, or the device's theme without one; so does a
  // change of the device's theme.
  const accountTheme = user?.theme;
  const signedIn = !!user;
  useEffect(() => {
    const follow = () => applyTheme(pickedTheme() ?? systemTheme());
    follow();
    return watchSystemTheme(follow);
  }, [accountTheme, signedIn]);

  const toggle = useCallback(() => {
    const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
    applyTheme(next);
    setDeviceTheme(next);
    // A signed-in reader's theme is saved to the account (a mutation). Its module loads on
    // demand: the query library and the API client stay out of every page's first load, which
    // this hook (in the navigation bar) is part of. Do not call useMutation here.
    if (getUser() && getToken()) void import('../api/save-theme').then((m) => m.saveTheme(next));
  }, []);

  return { theme, toggle };
}
