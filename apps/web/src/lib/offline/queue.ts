import { hasIndexedDb, offlineDb, type QueuedAction, type QueuedEntry } from './db';

/**
 * The actions a reader made without a connection (likes, dislikes, saves, read marks), kept in
 * the reader's own database in the order they were made, until replay.ts sends them.
 *
 * Each action holds the state it leaves, not a toggle, so sending one twice changes nothing.
 * Repeated actions on one article coalesce into its last state: a like and a dislike are one
 * reaction (liking removes a dislike, so both are needed to say what the reader left), a save
 * its own, a read mark kept once. The coalesced action moves to the end: the order is that of
 * each article's last action.
 */

/** Which queued actions a new one replaces. */
export const coalesceKey = (action: QueuedAction) => `${action.kind}:${action.articleId}`;

/** Adds `action` at the end of the reader's queue, in place of its earlier state. */
export async function enqueue(userId: string, action: QueuedAction): Promise<void> {
  const db = await offlineDb(userId);
  const tx = db.transaction('queue', 'readwrite');
  const key = coalesceKey(action);
  let cursor = await tx.store.openCursor();
  while (cursor) {
    if (coalesceKey(cursor.value.action) === key) await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.store.add({ action });
  await tx.done;
}

/** The reader's queued actions, oldest first. */
export async function queuedActions(userId: string): Promise<Required<QueuedEntry>[]> {
  if (!hasIndexedDb()) return [];
  return (await (await offlineDb(userId)).getAll('queue')) as Required<QueuedEntry>[];
}

/** The oldest queued action, or undefined when none is left. */
export async function firstQueued(userId: string): Promise<Required<QueuedEntry> | undefined> {
  const cursor = await (await offlineDb(userId)).transaction('queue').store.openCursor();
  return (cursor?.value as Required<QueuedEntry> | undefined) ?? undefined;
}

/** Removes a sent (or refused) action, by its place in the queue. */
export async function dequeue(userId: string, seq: number): Promise<void> {
  await (await offlineDb(userId)).delete('queue', seq);
}

/** Whether anything waits to be sent (new actions then join the queue, to keep the order). */
export async function hasQueued(userId: string): Promise<boolean> {
  if (!hasIndexedDb()) return false;
  return (await (await offlineDb(userId)).count('queue')) > 0;
}
