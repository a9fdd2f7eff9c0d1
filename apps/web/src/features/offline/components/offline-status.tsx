import { useEffect } from 'react';
import { useOnline } from '@/lib/online';
import { useSessionUser } from '@/lib/session/use-session';

export const OFFLINE_BANNER = "You're offline. Saved articles are still here.";

/**
 * The shell's offline state: a polite status at the foot of the screen while the browser has no
 * connection (fixed, so nothing moves when it comes or goes; always in the page, so screen
 * readers hear it appear). And the replay of the reader's queued actions (lib/offline/sync), at
 * start-up and whenever the connection returns, loaded only then.
 */
export function OfflineStatus() {
  const online = useOnline();
  const userId = useSessionUser()?._id;
  useEffect(() => {
    if (!online || !userId) return;
    // The queue first (small): the replay's code (with the query client) only when it has work.
    import('@/lib/offline/queue')
      .then(async ({ hasQueued }) => {
        if (!(await hasQueued(userId))) return;
        const { syncOfflineActions } = await import('@/lib/offline/sync');
        await syncOfflineActions(userId);
      })
      .catch(() => undefined); // code or storage out of reach: the next start-up or reconnection
  }, [online, userId]);
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4"
    >
      {!online && (
        <p className="max-w-md rounded-xl bg-fg px-4 py-2 text-center text-sm font-semibold text-bg shadow-lg">
          {OFFLINE_BANNER}
        </p>
      )}
    </div>
  );
}
