// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CLEAR_PRIVATE_CACHES,
  isAppPage,
  isPrivateCache,
  precachedPageFor,
} from './lib/cache-policy';

type Handler = (options: { url: URL; request: Request }) => Promise<Response>;

/** What src/sw.ts hands to Workbox, caught by the mocks below. */
const workbox = vi.hoisted(() => ({
  precached: [] as unknown[],
  routes: [] as { kind: string; handler: Handler; options?: { denylist?: RegExp[] } }[],
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
  registerRoute: (route: (typeof workbox.routes)[number]) => workbox.routes.push(route),
}));

type MessageListener = (event: { data: unknown; waitUntil: (p: Promise<unknown>) => void }) => void;
const listeners: MessageListener[] = [];
const skipWaiting = vi.fn(() => Promise.resolve());
const cacheNames = new Set(['workbox-precache-v2-http://127.0.0.1/', 'reader-data', 'images']);

beforeAll(async () => {
  vi.stubGlobal('self', {
    __WB_MANIFEST: [{ url: 'index.html', revision: '1' }, { url: 'assets/index-abc.js' }],
    skipWaiting,
    addEventListener: (type: string, listener: MessageListener) => {
      if (type === 'message') listeners.push(listener);
    },
  });
  vi.stubGlobal('caches', {
    keys: () => Promise.resolve([...cacheNames]),
    delete: (name: string) => Promise.resolve(cacheNames.delete(name)),
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

  it('has one route of its own: pages get the app shell, never /api, /media or /assets', () => {
    expect(workbox.routes).toHaveLength(1);
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

  it('caches no /api answer: no runtime route exists that could store one', () => {
    // Everything the worker caches is the precache list above (the build's files); an /api
    // request matches no route, so the browser fetches it as if there were no worker.
    expect(workbox.routes.every((route) => route.kind === 'navigation')).toBe(true);
    expect(isAppPage('/api/userinteractions/saved')).toBe(false);
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
