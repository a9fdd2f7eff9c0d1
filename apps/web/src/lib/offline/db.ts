import type { SavedArticleEntry } from '@lede/shared/constants';
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { hasIndexedDb } from './support';

/**
 * The reader's offline data in IndexedDB, one database per reader (`lede-offline-<user id>`),
 * so another reader of the same browser never opens it; logout and account deletion delete
 * every one of them (clearOfflineData).
 * - `saved`: the saved articles as the API gives them, and their picture when it is on this
 *   origin (a news site's is kept by the service worker: src/sw.ts), keyed by article id.
 * - `queue`: the actions made without a connection, in the order they were made (api/queue.ts).
 */

/** One saved article kept for reading offline. */
export interface StoredArticle {
  /** The article's id. */
  id: string;
  entry: SavedArticleEntry;
  picture?: Blob;
}

/** What a queued action does once sent: the state it sets, never a toggle. */
export type QueuedAction =
  | { kind: 'reaction'; articleId: string; liked: boolean; disliked: boolean }
  | { kind: 'save'; articleId: string; saved: boolean }
  | { kind: 'view'; articleId: string }
  | { kind: 'read'; articleId: string };

export interface QueuedEntry {
  /** The order the actions were made in (auto-incremented). */
  seq?: number;
  action: QueuedAction;
}

interface OfflineSchema extends DBSchema {
  saved: { key: string; value: StoredArticle };
  queue: { key: number; value: QueuedEntry };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const PREFIX = 'lede-offline-';
const VERSION = 1;
const DELETE_WAIT_MS = 3000;
const open = new Map<string, Promise<OfflineDb>>();

export const offlineDbName = (userId: string) => `${PREFIX}${userId}`;

/** The reader's database, opened once per page (and created on first use). */
export function offlineDb(userId: string): Promise<OfflineDb> {
  let db = open.get(userId);
  if (!db) {
    db = openDB<OfflineSchema>(offlineDbName(userId), VERSION, {
      upgrade(database) {
        database.createObjectStore('saved', { keyPath: 'id' });
        database.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      },
      // Another tab deletes it (logout): let it go, and open afresh next time.
      blocking() {
        void db?.then((d) => d.close());
        open.delete(userId);
      },
    });
    db.catch(() => open.delete(userId));
    open.set(userId, db);
  }
  return db;
}

export { hasIndexedDb };

/**
 * Deletes every reader's offline data in this browser (logout, account deletion): the saved
 * copies and any action still queued. Never throws: signing out goes on.
 */
export async function clearOfflineData(userId?: string): Promise<void> {
  if (!hasIndexedDb()) return;
  try {
    const names = new Set<string>();
    if (userId) names.add(offlineDbName(userId));
    for (const id of open.keys()) names.add(offlineDbName(id));
    const known = typeof indexedDB.databases === 'function' ? await indexedDB.databases() : [];
    for (const { name } of known) if (name?.startsWith(PREFIX)) names.add(name);
    for (const [id, db] of open) {
      open.delete(id);
      void db.then((d) => d.close()).catch(() => undefined);
    }
    // A tab that keeps its connection open holds a deletion back: never hold the logout.
    await Promise.race([
      Promise.all([...names].map((name) => deleteDB(name))),
      new Promise((resolve) => setTimeout(resolve, DELETE_WAIT_MS)),
    ]);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
