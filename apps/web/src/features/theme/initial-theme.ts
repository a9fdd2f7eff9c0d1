import type { PublicUser, Theme } from '@lede/shared';
import { getDeviceTheme, getToken, getUser } from '@/lib/storage';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The device's own theme (prefers-color-scheme). */
export function systemTheme(): Theme {
  return window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

/** Calls `onChange` whenever the device's theme changes; returns the unsubscribe. */
export function watchSystemTheme(onChange: () => void): () => void {
  const query = window.matchMedia?.(DARK_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * The theme the reader picked, if any: their account's when they picked one there
 * (`theme_chosen`; a user kept by an older version without it counts a dark theme as picked),
 * else this device's last pick. Until one is made, the page follows the device.
 */
export function pickedTheme(user: PublicUser | null = getToken() ? getUser() : null): Theme | null {
  if (user && (user.theme_chosen ?? user.theme === 'dark')) return user.theme;
  return getDeviceTheme();
}

/** The theme a page opens with (the boot script sets it before the first paint). */
export function initialTheme(): Theme {
  return pickedTheme() ?? systemTheme();
}
