import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { reloadToUpdate, startServiceWorker, updateAvailable } from './register';

/**
 * Registers the service worker (loaded after the page, app/app-root.tsx) and, when a new build is
 * waiting, says so at the bottom of the screen with a Reload button. Polite: it takes no focus and
 * is announced once; Tab reaches its buttons after the page's own. "Later" hides it until the
 * next page load.
 */
export default function UpdatePrompt() {
  const waiting = useSyncExternalStore(updateAvailable.subscribe, updateAvailable.current);
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);
  useEffect(() => startServiceWorker(), []);

  const shown = waiting && !dismissed;
  return (
    <div
      className={
        shown
          ? 'fixed inset-x-0 bottom-4 z-50 mx-auto flex w-[calc(100%-2rem)] max-w-md flex-wrap items-center gap-3 rounded-xl border border-line bg-raised px-4 py-3 text-fg shadow-lg'
          : 'sr-only'
      }
    >
      {/* Always in the page, so screen readers announce the text when it appears. */}
      <p role="status" className="min-w-0 flex-1 text-sm font-semibold">
        {shown ? 'A new version is available' : ''}
      </p>
      {shown && (
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={() => setDismissed(true)}>
            Later
          </Button>
          <Button
            size="sm"
            disabled={reloading}
            onClick={() => {
              setReloading(true);
              void reloadToUpdate();
            }}
          >
            Reload
          </Button>
        </div>
      )}
    </div>
  );
}
