// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CLEAR_PRIVATE_CACHES,
  DROP_PICTURE,
  isAppPage,
  isKeptPicture,
  KEEP_PICTURE,
  SAVED_PICTURES_CACHE,
  isPrivateCache,
  precachedPageFor,
} from './lib/cache-policy';

type Handler = (options: { url: URL; request: Request }) => Promise<Response>;
type Match = (options: { url: URL; request: Request }) => boolean;

/** What src/sw.ts hands to Workbox, caught by the mocks below. */
const workbox = vi.hoisted(() => ({
  precached: [] as unknown[],
  routes: [] as {
    kind: string;
    handler: Handler;
    match?: Match;
    options?: { denylist?: RegExp[] };
  }[],
  cleanedUp: false,
  inPrecache: new Set(['/index.html', '/pages/saved.html', '/pages/story.html']),
}));

vi.mock('workbox-precaching', () => ({
  precacheAndRoute: (entries: unknown[]) => workbox.precached.push(...entries),
  cleanupOutdatedCaches: () => (workbox.cleanedUp = true),
  matchPrecache: (url: string) =>
    Promise.resolve(workbox.inPrecache.has(url) ? new Response(url) : undefined),
}));
vi.mock('workbox-routing', () => ({
  NavigationRoute: class {
    kind = 'navigation';
    constructor(
      public handler: unknown,
      public options: { denylist?: RegExp[] },
    ) {}
  },
  Route: class {
    kind = 'picture';
    constructor(
      public match: Match,
      public handler: unknown,
    ) {}
  },
  registerRoute: (route: (typeof workbox.routes)[number]) => workbox.routes.push(route),
}));

type MessageListener = (event: { data: unknown; waitUntil: (p: Promise<unknown>) => void }) => void;
const listeners: MessageListener[] = [];
const skipWaiting = vi.fn(() => Promise.resolve());
const cacheNames = new Set(['workbox-precache-v2-http://127.0.0.1/', 'reader-data', 'images']);
/** The saved pictures cache's entries: URL to body. */
const pictures = new Map<string, string>();
const picturesCache = {
  match: (url: string) =>
    Promise.resolve(pictures.has(url) ? new Response(pictures.get(url)) : undefined),
  put: async (url: string, res: Response) => void pictures.set(url, await res.text()),
  delete: (url: string) => Promise.resolve(pictures.delete(url)),
};
const ORIGIN = 'http://127.0.0.1';

beforeAll(async () => {
  vi.stubGlobal('self', {
    __WB_MANIFEST: [{ url: 'index.html', revision: '1' }, { url: 'assets/index-abc.js' }],
    skipWaiting,
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: MessageListener) => {
      if (type === 'message') listeners.push(listener);
    },
  });
  vi.stubGlobal('caches', {
    keys: () => Promise.resolve([...cacheNames]),
    delete: (name: string) => Promise.resolve(cacheNames.delete(name)),
    open: (name: string) => {
      expect(name).toBe(SAVED_PICTURES_CACHE);
      cacheNames.add(name);
      return Promise.resolve(picturesCache);
    },
    match: (url: string, options: { cacheName: string }) => {
      expect(options.cacheName).toBe(SAVED_PICTURES_CACHE);
      return picturesCache.match(url);
    },
  });
  await import('./sw');
});
afterAll(() => vi.unstubAllGlobals());

/** Sends the worker a message as a page would, and waits for what it does with it. */
async function post(data: unknown): Promise<void> {
  const pending: Promise<unknown>[] = [];
  for (const listener of listeners) listener({ data, waitUntil: (p) => pending.push(p) });
  await Promise.all(pending);
}

describe('the service worker', () => {
  it('precaches the build it was given and cleans up older precaches', () => {
    expect(workbox.precached).toEqual([
      { url: 'index.html', revision: '1' },
      { url: 'assets/index-abc.js' },
    ]);
    expect(workbox.cleanedUp).toBe(true);
  });

  it('has two routes of its own: pages get the app shell, never /api, /media or /assets', () => {
    expect(workbox.routes.map((r) => r.kind)).toEqual(['navigation', 'picture']);
    const [route] = workbox.routes;
    expect(route).toMatchObject({ kind: 'navigation' });
    const denied = (address: string) => route!.options!.denylist!.some((re) => re.test(address));
    for (const address of ['/api/auth/me', '/api', '/api?x=1', '/media/a.png', '/assets/x.js'])
      expect(denied(address), address).toBe(true);
    for (const address of ['/', '/home', '/saved', '/article/1b4e28ba', '/search?q=a.b'])
      expect(denied(address), address).toBe(false);
  });

  it("answers a page with the screen's precached page, else the shell", async () => {
    const answer = async (address: string) => {
      const url = new URL(address, 'http://127.0.0.1');
      return (await workbox.routes[0]!.handler({ url, request: new Request(url) })).text();
    };
    expect(await answer('/saved')).toBe('/pages/saved.html');
    expect(await answer('/story/42?from=home')).toBe('/pages/story.html');
    expect(await answer('/')).toBe('/index.html');
    // A screen the build made no page for (the landing page's own code is in the entry).
    expect(await answer('/login')).toBe('/index.html');
  });

  it('sends an unknown address to the server (its 404), and offline shows the shell', async () => {
    const url = new URL('/no-such-page', 'http://127.0.0.1');
    const fetched = vi.fn(() => Promise.resolve(new Response('not found', { status: 404 })));
    vi.stubGlobal('fetch', fetched);
    const online = await workbox.routes[0]!.handler({ url, request: new Request(url) });
    expect(online.status).toBe(404);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const offline = await workbox.routes[0]!.handler({ url, request: new Request(url) });
    expect(await offline.text()).toBe('/index.html');
  });

  it('caches no /api answer: no route matches one, nor anything of its own origin but pages', () => {
    // Besides the precache (the build's files), the worker keeps only pictures of other origins
    // the page asked it to keep; an /api request matches no route, so the browser fetches it
    // as if there were no worker.
    const picture = workbox.routes[1]!.match!;
    const matches = (address: string, destination: RequestDestination) =>
      picture({ url: new URL(address, ORIGIN), request: { destination } as Request });
    expect(matches('/api/userinteractions/saved', '')).toBe(false);
    expect(matches('/api/media/avatar.png', 'image')).toBe(false);
    expect(matches('/media/default-article.svg', 'image')).toBe(false);
    expect(matches('https://img.news.example/a.jpg', 'image')).toBe(true);
    expect(matches('https://img.news.example/a.jpg', '')).toBe(false);
    expect(matches('http://img.news.example/a.jpg', 'image')).toBe(false);
    expect(isAppPage('/api/userinteractions/saved')).toBe(false);
  });

  it("keeps a saved article's picture of another origin when asked, shows it, drops it", async () => {
    const url = 'https://img.news.example/harbour.jpg';
    const fetched = vi.fn((_url: string, init: RequestInit) =>
      Promise.resolve(new Response(`picture (${init.mode})`)),
    );
    vi.stubGlobal('fetch', fetched);
    await post({ type: KEEP_PICTURE, url });
    await post({ type: KEEP_PICTURE, url });
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(pictures.get(url)).toBe('picture (no-cors)');
    // Shown from the cache, offline too.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const answer = await workbox.routes[1]!.handler({
      url: new URL(url),
      request: new Request(url),
    });
    expect(await answer.text()).toBe('picture (no-cors)');
    // A picture not kept goes to the network.
    const other = 'https://img.news.example/other.jpg';
    await expect(
      workbox.routes[1]!.handler({ url: new URL(other), request: new Request(other) }),
    ).rejects.toThrow('Failed to fetch');
    // Its own origin's files, http pictures or anything else are never fetched on request.
    await post({ type: KEEP_PICTURE, url: `${ORIGIN}/api/auth/me` });
    await post({ type: KEEP_PICTURE, url: 'http://img.news.example/a.jpg' });
    await post({ type: KEEP_PICTURE, url: 42 });
    expect([...pictures.keys()]).toEqual([url]);
    await post({ type: DROP_PICTURE, url });
    expect(pictures.size).toBe(0);
    expect(isKeptPicture(url, ORIGIN)).toBe(true);
  });

  it('drops every cache but the precache when the page says the session ended', async () => {
    await post({ type: CLEAR_PRIVATE_CACHES });
    expect([...cacheNames]).toEqual(['workbox-precache-v2-http://127.0.0.1/']);
  });

  it('takes over only when told to (the Reload of "A new version is available")', async () => {
    await post({ type: 'something else' });
    await post('build?');
    expect(skipWaiting).not.toHaveBeenCalled();
    await post({ type: 'SKIP_WAITING' });
    expect(skipWaiting).toHaveBeenCalledTimes(1);
  });
});

describe('cache-policy', () => {
  it('picks the page the server would send for each app address', () => {
    expect(precachedPageFor('/')).toBe('/index.html');
    expect(precachedPageFor('/home')).toBe('/pages/home.html');
    expect(precachedPageFor('/article/abc')).toBe('/pages/article.html');
    expect(precachedPageFor('/nowhere')).toBeNull();
    expect(precachedPageFor('/article/abc/extra')).toBeNull();
  });

  it('counts every cache but the build precache as private', () => {
    expect(isPrivateCache('workbox-precache-v2-https://lede.example/')).toBe(false);
    expect(isPrivateCache('workbox-runtime-https://lede.example/')).toBe(true);
    expect(isPrivateCache('reader-data')).toBe(true);
  });

  it('answers pages with the shell, and files or the API never', () => {
    for (const page of ['/', '/explore', '/a.b/c', '/story/x?from=home'])
      expect(isAppPage(page), page).toBe(true);
    for (const other of ['/sw.js', '/manifest.webmanifest', '/robots.txt?x', '/media', '/api/'])
      expect(isAppPage(other), other).toBe(false);
  });
});
