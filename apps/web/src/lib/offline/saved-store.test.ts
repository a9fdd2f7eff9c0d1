import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testArticle, testReader } from '@/test/fixtures';
import { startSession } from '@/lib/storage';
import { ApiError } from '@/lib/api-client';
import { clearOfflineData } from './db';
import { isQueued, sendOrQueue } from './actions';
import { queuedActions } from './queue';
import {
  entryFor,
  fillSavedStore,
  forgetSavedArticle,
  keepSavedArticle,
  storedArticle,
  storedSavedArticles,
} from './saved-store';

const A = 'reader-a';
const B = 'reader-b';
const at = (day: number) => new Date(Date.UTC(2030, 0, day));
const titles = async (userId: string) =>
  (await storedSavedArticles(userId)).map((e) => e.article_id.title);

/** A fetch that answers a small PNG for same-origin pictures and records every URL. */
function pictures() {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return new Response(new Uint8Array([137, 80, 78, 71]), {
      status: 200,
      headers: { 'Content-Type': 'image/png' },
    });
  });
  return urls;
}

/**
 * IndexedDB stores a Blob as it is in browsers; Node's structuredClone, which fake-indexeddb
 * uses, makes it an empty object. This one keeps Blobs, as a browser does.
 */
const nodeClone = globalThis.structuredClone;
function cloneKeepingBlobs<T>(value: T): T {
  if (value instanceof Blob) return value;
  if (Array.isArray(value)) return value.map(cloneKeepingBlobs) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, cloneKeepingBlobs(v)]),
    ) as T;
  }
  return nodeClone(value);
}

let persist: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.stubGlobal('structuredClone', cloneKeepingBlobs);
  persist = vi.fn(async () => true);
  vi.stubGlobal('navigator', {
    ...navigator,
    onLine: true,
    storage: { persist, persisted: async () => false },
  });
});
afterEach(async () => {
  await clearOfflineData();
});

describe('the saved articles kept offline', () => {
  it('keeps each saved article whole, newest saved first, and drops an unsaved one', async () => {
    pictures();
    const moon = testArticle('a1', 'Moon landing');
    const soup = testArticle('a2', 'Soup season');
    await keepSavedArticle(A, entryFor(moon, at(1)));
    await keepSavedArticle(A, entryFor(soup, at(2)));
    expect(await titles(A)).toEqual(['Soup season', 'Moon landing']);
    expect(await storedArticle(A, 'a1')).toEqual(moon);

    await forgetSavedArticle(A, 'a2');
    expect(await titles(A)).toEqual(['Moon landing']);
    expect(await storedArticle(A, 'a2')).toBeUndefined();
  });

  it("are the reader's own: another reader of the browser sees none, logout clears all", async () => {
    pictures();
    await keepSavedArticle(A, entryFor(testArticle('a1', 'Moon landing')));
    expect(await titles(B)).toEqual([]);
    await clearOfflineData(A);
    expect(await titles(A)).toEqual([]);
  });

  it('asks for persistent storage at the first save, once', async () => {
    pictures();
    vi.resetModules(); // a fresh page: nothing asked yet
    const fresh = await import('./saved-store');
    await fresh.keepSavedArticle(A, entryFor(testArticle('a1', 'One')));
    await fresh.keepSavedArticle(A, entryFor(testArticle('a2', 'Two')));
    expect(persist).toHaveBeenCalledTimes(1);
    const freshDb = await import('./db');
    await freshDb.clearOfflineData();
  });

  it('keeps a same-origin picture as a Blob and shows it as a data: URL; skips other origins', async () => {
    const urls = pictures();
    const local = { ...testArticle('a1', 'Local picture'), image_url: '/media/pics/moon.png' };
    const remote = {
      ...testArticle('a2', 'Remote picture'),
      image_url: 'https://news.example/moon.png',
    };
    const none = { ...testArticle('a3', 'No picture'), image_url: '/media/default-article.svg' };
    await keepSavedArticle(A, entryFor(local, at(3)));
    await keepSavedArticle(A, entryFor(remote, at(2)));
    await keepSavedArticle(A, entryFor(none, at(1)));
    expect(urls).toEqual([`${window.location.origin}/media/pics/moon.png`]);

    const [shownLocal, shownRemote, shownNone] = await storedSavedArticles(A);
    expect(shownLocal!.article_id.image_url).toBe('data:image/png;base64,iVBORw==');
    expect(shownRemote!.article_id).toEqual(remote);
    expect(shownNone!.article_id).toEqual(none);
  });

  it("fills in the saved list's articles the device lacks, and with the whole list drops the others", async () => {
    pictures();
    await keepSavedArticle(A, entryFor(testArticle('a1', 'Kept here'), at(1)));
    await keepSavedArticle(A, entryFor(testArticle('old', 'Unsaved elsewhere'), at(2)));
    const list = [
      entryFor(testArticle('a3', 'Saved on the phone'), at(3)),
      entryFor(testArticle('a1', 'Kept here'), at(1)),
    ];
    await fillSavedStore(A, list);
    expect(await titles(A)).toEqual(['Saved on the phone', 'Unsaved elsewhere', 'Kept here']);
    await fillSavedStore(A, list, true);
    expect(await titles(A)).toEqual(['Saved on the phone', 'Kept here']);
  });
});

describe('sendOrQueue', () => {
  const action = { kind: 'save', articleId: 'a1', saved: true } as const;
  beforeEach(() => {
    startSession(testReader, 'token');
  });

  it('sends at once with a connection and nothing waiting', async () => {
    const send = vi.fn(async () => ({ saved: true }));
    expect(await sendOrQueue(action, send)).toEqual({ saved: true });
    expect(send).toHaveBeenCalledTimes(1);
    expect(await queuedActions(testReader._id)).toEqual([]);
  });

  it('queues offline without trying, for this reader', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const send = vi.fn(async () => ({ saved: true }));
    expect(isQueued(await sendOrQueue(action, send))).toBe(true);
    expect(send).not.toHaveBeenCalled();
    expect((await queuedActions(testReader._id)).map((e) => e.action)).toEqual([action]);
  });

  it('queues a request that got no answer; a refusal stays an error', async () => {
    const lost = vi.fn(async () => {
      throw new ApiError(0, 'Save article failed');
    });
    expect(isQueued(await sendOrQueue(action, lost))).toBe(true);
    expect(await queuedActions(testReader._id)).toHaveLength(1);
    await clearOfflineData();

    const refused = vi.fn(async () => {
      throw new ApiError(404, 'Article not found');
    });
    await expect(sendOrQueue(action, refused)).rejects.toThrow('Article not found');
    expect(await queuedActions(testReader._id)).toEqual([]);
  });

  it('queues behind earlier actions still waiting, so the order holds', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    await sendOrQueue({ kind: 'view', articleId: 'a0' }, vi.fn());
    vi.stubGlobal('navigator', { ...navigator, onLine: true });
    // The replay this starts finds no server here (fetch refused): the actions stay, in order.
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const send = vi.fn(async () => ({ saved: true }));
    expect(isQueued(await sendOrQueue(action, send))).toBe(true);
    expect(send).not.toHaveBeenCalled();
    expect((await queuedActions(testReader._id)).map((e) => e.action.articleId)).toEqual([
      'a0',
      'a1',
    ]);
  });
});
