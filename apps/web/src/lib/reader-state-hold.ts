/**
 * On the first load of a list page (or a story's), a reader's own state (the ids behind each
 * card's buttons and the streak in the nav bar) is asked for once the list has painted, not
 * beside the entry and the list's data. On a slow link every request in flight takes a share of
 * the bandwidth, and these answers are not what the reader is waiting for: the cards show first,
 * their buttons' state one round trip later. Any other page, and every later screen, never waits.
 */

import { afterLargestPaint } from './largest-paint';
import { nextTask } from './next-task';

/** Never longer than this, whatever the screen shows (an error, a redirect). */
export const READER_STATE_MAX_WAIT_MS = 2_000;

let holding = false;
let released: Promise<void> = Promise.resolve();
let release = () => {};

/** Called at start-up when the first screen is a list (or story) whose data was asked for early. */
export function holdReaderState(): void {
  holding = true;
  released = new Promise((resolve) => {
    release = () => {
      holding = false;
      resolve();
    };
  });
  setTimeout(release, READER_STATE_MAX_WAIT_MS);
}

/**
 * Resolves when the reader's state may be asked for: at once, unless a first list is still to be
 * painted. Awaited inside the queries' fetch, so the release itself renders nothing. Held, each
 * caller goes on in a task of its own: the requests start one per task, not all in the one task
 * of the release (on a phone, some tens of milliseconds the reader's first tap would wait for).
 */
export function readerStateReleased(): Promise<void> {
  return holding ? released.then(nextTask) : released;
}

/**
 * A list (or story) is about to show its first items (or its empty state; called before the
 * browser paints): release once that frame is on screen.
 */
export function listShown(): void {
  if (!holding) return;
  void afterLargestPaint().then(release);
}
