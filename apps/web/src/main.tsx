import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstRequests } from './app/first-requests';
import { DRAWN } from './app/first-paint-marker';
import { preloadScreens } from './app/preload';
import { holdReaderState } from './lib/reader-state-hold';
import { getToken } from './lib/storage';
import './styles.css';

/**
 * Renders the app into #root. On a list page whose first cards were drawn before it ran
 * (src/first-paint.ts marks the root), their list is put in the cache first, so that React's
 * first render shows the same cards and not its skeleton over them.
 */
function startApp(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');

  // A list's or a story's data was asked for by the boot script; the reader's own state waits for
  // it to be painted (see lib/reader-state-hold).
  if (getToken() && firstRequests(location.pathname, location.search, true).length > 0)
    holdReaderState();

  // A screen whose code failed to load renders anyway: its error boundary says so. The first
  // render is a transition: React renders it in slices of a few milliseconds, not one long task
  // that would hold the main thread (and a reader's first tap) for its whole length.
  const firstList = root.hasAttribute(DRAWN)
    ? import('./app/prefetch').then((m) => m.loadFirstScreenList(window.location))
    : undefined;
  void Promise.all([preloadScreens(window.location), firstList])
    .catch(() => undefined)
    .then(() => {
      const app = createRoot(root);
      startTransition(() =>
        app.render(
          <StrictMode>
            <App />
          </StrictMode>,
        ),
      );
    });
}

startApp();
