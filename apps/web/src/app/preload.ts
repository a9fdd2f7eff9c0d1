import { isValidElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { getToken } from '@/lib/storage';
import { StreakCount } from './nav-bar';
import type { LazyScreen } from './query-provider';
import { routes } from './router';

/**
 * Loads the code of the screens shown at `location` (the page already asked for it with
 * modulepreload links, so this mostly waits for what is on its way). The first render then shows
 * the screen itself, not a loader that React would keep on screen for at least 300 ms; and a
 * signed-in reader's streak, which the navigation bar shows on every screen.
 */
export function preloadScreens(location: { pathname: string }): Promise<unknown> {
  const screens = (matchRoutes(routes, location) ?? []).flatMap(({ route }) => {
    const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
    const preload = (type as Partial<LazyScreen<object>> | undefined)?.preload;
    return preload ? [preload()] : [];
  });
  // The streak is in the chunk every lazy screen loads; the landing page waits for neither.
  if (screens.length > 0 && getToken()) screens.push(StreakCount.preload());
  return Promise.all(screens);
}
