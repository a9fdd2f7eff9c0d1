import { ApiError } from '@/lib/api-client';
import { isOnline } from '@/lib/online';
import { getToken, getUser } from '@/lib/storage';
import type { QueuedAction } from './db';
import { hasIndexedDb } from './support';

/**
 * How the reader's actions (likes, dislikes, saves, read marks) reach the server: at once when
 * there is a connection, or queued (queue.ts) when there is none, when the request finds no
 * server, or when earlier actions still wait (so the order holds); replayed by sync.ts. The
 * queue's code (and IndexedDB's wrapper) loads with the first action, not with the page.
 */

const loadQueue = () => import('./queue');

/** The answer of an action that was queued rather than sent. */
export const QUEUED = { queued: true } as const;
export type Queued = typeof QUEUED;

export const isQueued = (value: unknown): value is Queued => value === QUEUED;

/** The signed-in reader's id, or undefined (a visitor's actions are never queued). */
export function readerId(): string | undefined {
  return getToken() ? getUser()?._id : undefined;
}

/** A request that got no answer at all (no connection, or the server out of reach). */
export const isNetworkFailure = (err: unknown) => err instanceof ApiError && err.status === 0;

async function queue(userId: string, action: QueuedAction): Promise<boolean> {
  try {
    await (await loadQueue()).enqueue(userId, action);
    return true;
  } catch {
    return false; // no storage: the action fails as it did before queues
  }
}

/**
 * Sends `action` with `send`, or queues it: offline, while earlier actions wait (then a replay
 * starts, if there is a connection), or when `send` gets no answer.
 */
export async function sendOrQueue<T>(
  action: QueuedAction,
  send: () => Promise<T>,
): Promise<T | Queued> {
  const userId = readerId();
  if (!userId || !hasIndexedDb()) return send();
  const waiting = () => loadQueue().then(({ hasQueued }) => hasQueued(userId));
  if (!isOnline() || (await waiting().catch(() => false))) {
    if (await queue(userId, action)) {
      if (isOnline())
        void import('./sync').then(({ syncOfflineActions }) => syncOfflineActions(userId));
      return QUEUED;
    }
  }
  try {
    return await send();
  } catch (err) {
    if (isNetworkFailure(err) && (await queue(userId, action))) return QUEUED;
    throw err;
  }
}
