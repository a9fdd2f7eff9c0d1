/**
 * The first code of every page, a classic script at the top of <head> (build/boot-script.ts
 * bundles it into /assets/boot-<hash>.js; the CSP allows no inline script):
 * - the theme is set before the first paint, so a page never flashes the wrong one;
 * - the first screen's data is asked for now, while the app's code is still on its way, instead
 *   of after the entry has arrived and run. The API client takes these answers (early-requests).
 */
import { firstRequests } from './app/first-requests';
import { initialTheme } from './features/theme/initial-theme';
import { requestEarly } from './lib/early-requests';
import { getToken } from './lib/storage';

document.documentElement.dataset.theme = initialTheme();
requestEarly(firstRequests(location.pathname, location.search, !!getToken()));
