import type { Theme } from '@lede/shared';
import { getDeviceTheme, getToken, getUser } from '@/lib/storage';

/**
 * The theme a page opens with: the signed-in reader's saved theme, else this device's last
 * choice, else the system's preference.
 */
export function initialTheme(): Theme {
  const saved = getToken() ? getUser()?.theme : undefined;
  if (saved === 'light' || saved === 'dark') return saved;
  return (
    getDeviceTheme() ??
    (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')
  );
}
