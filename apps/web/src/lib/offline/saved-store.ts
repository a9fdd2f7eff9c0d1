import {
  DEFAULT_ARTICLE_IMAGE_PATH,
  type PublicArticle,
  type SavedArticleEntry,
} from '@lede/shared/constants';
import { DROP_PICTURE, isKeptPicture, KEEP_PICTURE } from '@/lib/cache-policy';
import { hasIndexedDb, offlineDb, type StoredArticle } from './db';

/**
 * The saved articles kept for reading offline (the `saved` store of db.ts): saving keeps one,
 * unsaving drops it, the saved list's first page fills in those saved on other devices.
 * Every function fails quietly: offline copies are a convenience, never a reason for an error.
 */

/** The article's picture URL when it is one the page may fetch (same origin), else undefined. */
export function fetchablePicture(article: Pick<PublicArticle, 'image_url'>): string | undefined {
  const url = article.image_url.trim();
  if (!url || url === DEFAULT_ARTICLE_IMAGE_PATH) return undefined;
  try {
    const resolved = new URL(url, window.location.href);
    // Other origins: the page's policy (connect-src 'self') and CORS refuse them; the text stays.
    return resolved.origin === window.location.origin ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}

async function fetchPicture(article: PublicArticle): Promise<Blob | undefined> {
  const url = fetchablePicture(article);
  if (!url) return undefined;
  try {
    const res = await fetch(url, { credentials: 'same-origin' });
    if (!res.ok) return undefined;
    const blob = await res.blob();
    return blob.type.startsWith('image/') ? blob : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Asks the service worker to keep (or drop) the article's picture when it lives on another
 * origin: the page may not fetch it (connect-src 'self'), the worker may (src/sw.ts). Without a
 * worker (not installed yet, or blocked) nothing happens: the copy keeps its text.
 */
function tellWorkerAboutPicture(type: typeof KEEP_PICTURE | typeof DROP_PICTURE, url: string) {
  if (!isKeptPicture(url, window.location.origin)) return;
  void navigator.serviceWorker?.ready.then((registration) =>
    registration.active?.postMessage({ type, url }),
  );
}

/** Drops the picture of a copy just deleted, unless another kept copy shows the same one. */
async function dropPictureOf(userId: string, gone: StoredArticle | undefined) {
  const url = gone?.entry.article_id.image_url;
  if (!url) return;
  const others = await (await offlineDb(userId)).getAll('saved');
  if (others.some((kept) => kept.entry.article_id.image_url === url)) return;
  tellWorkerAboutPicture(DROP_PICTURE, url);
}

let persistenceAsked = false;

/** Asks the browser once per page to keep this origin's storage (no prompt in Chromium). */
async function askPersistence(): Promise<void> {
  if (persistenceAsked) return;
  persistenceAsked = true;
  try {
    const storage = navigator.storage;
    if (!storage?.persist || (await storage.persisted?.())) return;
    await storage.persist();
  } catch {
    // Not offered here: the browser keeps the data as long as it sees fit.
  }
}

/** A saved entry for an article saved just now (the list's own entry once it is fetched). */
export const entryFor = (article: PublicArticle, at = new Date()): SavedArticleEntry => ({
  _id: `saved-${article._id}`,
  article_id: article,
  savedAt: at.toISOString(),
});

async function put(userId: string, entry: SavedArticleEntry, keepSavedAt = false) {
  const db = await offlineDb(userId);
  const id = entry.article_id._id;
  const before = await db.get('saved', id);
  const kept: StoredArticle = {
    id,
    entry: keepSavedAt && before ? { ...entry, savedAt: before.entry.savedAt } : entry,
    picture: before?.picture,
  };
  await db.put('saved', kept);
  tellWorkerAboutPicture(KEEP_PICTURE, entry.article_id.image_url);
  if (kept.picture) return;
  const picture = await fetchPicture(entry.article_id);
  if (!picture) return;
  // Still saved (the reader may have unsaved it meanwhile)?
  const now = await db.get('saved', id);
  if (now) await db.put('saved', { ...now, picture });
}

/** Keeps a saved article for offline reading, with its picture when it has one the page can fetch. */
export async function keepSavedArticle(userId: string, entry: SavedArticleEntry): Promise<void> {
  if (!hasIndexedDb()) return;
  try {
    void askPersistence();
    await put(userId, entry);
  } catch {
    // Storage full or unavailable: the article stays saved on the server.
  }
}

export async function forgetSavedArticle(userId: string, articleId: string): Promise<void> {
  if (!hasIndexedDb()) return;
  try {
    const db = await offlineDb(userId);
    const gone = await db.get('saved', articleId);
    await db.delete('saved', articleId);
    await dropPictureOf(userId, gone);
  } catch {
    // Nothing kept.
  }
}

/**
 * Keeps the entries of the saved list as loaded the store lacks (saved on another device, or
 * before offline copies existed); those kept already are left as they are. With `complete` (the
 * whole list is loaded), copies of articles no longer saved (unsaved elsewhere) are dropped.
 */
export async function fillSavedStore(
  userId: string,
  entries: SavedArticleEntry[],
  complete = false,
): Promise<void> {
  if (!hasIndexedDb()) return;
  try {
    const db = await offlineDb(userId);
    const kept = new Set(await db.getAllKeys('saved'));
    for (const entry of entries) {
      if (!kept.has(entry.article_id._id)) await put(userId, entry);
    }
    if (complete) {
      const listed = new Set(entries.map((e) => e.article_id._id));
      for (const id of kept) {
        if (listed.has(id)) continue;
        const gone = await db.get('saved', id);
        await db.delete('saved', id);
        await dropPictureOf(userId, gone);
      }
    }
  } catch {
    // Storage unavailable: the list works online as before.
  }
}

async function dataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:${blob.type};base64,${btoa(binary)}`;
}

/**
 * The article as stored, its picture as a data: URL when one was kept (the page's policy allows
 * data: pictures, not blob: ones); without one, as the API gave it (the card shows it text-first
 * if the picture does not load).
 */
async function withPicture(stored: StoredArticle): Promise<SavedArticleEntry> {
  if (!stored.picture) return stored.entry;
  try {
    const image_url = await dataUrl(stored.picture);
    return { ...stored.entry, article_id: { ...stored.entry.article_id, image_url } };
  } catch {
    return stored.entry;
  }
}

/** Every article kept offline, newest saved first. */
export async function storedSavedArticles(userId: string): Promise<SavedArticleEntry[]> {
  if (!hasIndexedDb()) return [];
  const all = await (await offlineDb(userId)).getAll('saved');
  all.sort((a, b) => b.entry.savedAt.localeCompare(a.entry.savedAt) || a.id.localeCompare(b.id));
  return Promise.all(all.map(withPicture));
}

/** One article kept offline, or undefined. */
export async function storedArticle(
  userId: string,
  articleId: string,
): Promise<PublicArticle | undefined> {
  if (!hasIndexedDb()) return undefined;
  const stored = await (await offlineDb(userId)).get('saved', articleId);
  return stored && (await withPicture(stored)).article_id;
}
