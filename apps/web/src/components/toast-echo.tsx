import { useState, useSyncExternalStore } from 'react';
import { announcements } from '@/lib/toast';

/**
 * Repeats each toast shown while it is mounted in a live region inside a modal dialog. A modal
 * hides everything outside it from assistive technology (aria-hidden), the toaster included,
 * so without this the result of an action taken in the dialog (keys 1–4 in the article modal)
 * is never heard.
 */
export function ToastEcho() {
  const latest = useSyncExternalStore(announcements.subscribe, announcements.current);
  const [mountedAt] = useState(() => announcements.current().seq);
  return (
    <p role="status" className="sr-only">
      {latest.seq > mountedAt ? latest.text : ''}
    </p>
  );
}
