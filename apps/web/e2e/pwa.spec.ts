import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { expectNoA11yViolations, setTheme, watchConsole } from './support/helpers';
import { signedInReader } from './support/reader';

// The other specs block service workers (playwright.config.ts); these are about it.
test.use({ serviceWorkers: 'allow' });

/** The build the server under test serves (playwright.config.ts: webServer). */
const SERVICE_WORKER_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../dist/sw.js',
);

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function fetchOk(request: APIRequestContext, url: string) {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return res;
}

/** Waits until this page's service worker is registered and activated. */
async function activeServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? 'none'),
    )
    .toBe('activated');
}

/** Every entry of every cache of the origin, as `<cache name> <path>`. */
function cachedEntries(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const entries: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) entries.push(`${name} ${new URL(req.url).pathname}`);
    }
    return entries;
  });
}

test('the web app manifest is served and names icons of the sizes it says', async ({
  page,
  request,
}) => {
  const res = await fetchOk(request, '/manifest.webmanifest');
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'Lede',
    short_name: 'Lede',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    description: expect.any(String),
  });
  const sizes = (purpose: string) =>
    manifest.icons.filter((icon) => (icon.purpose ?? 'any') === purpose).map((i) => i.sizes);
  expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(sizes('maskable')).toEqual(['512x512']);
  for (const icon of manifest.icons) {
    const file = await fetchOk(request, icon.src);
    expect(file.headers()['content-type'], icon.src).toBe(icon.type);
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
  }

  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  for (const scheme of ['light', 'dark']) {
    await expect(
      page.locator(`meta[name="theme-color"][media="(prefers-color-scheme: ${scheme})"]`),
    ).toHaveAttribute('content', /^#[0-9a-f]{6}$/);
  }
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(pngSize(await (await fetchOk(request, touchIcon!)).body())).toBe('180x180');
});

test('Chromium finds the app installable', async ({ playwright, baseURL }) => {
  // A browser profile of its own: Chromium installs nothing from an incognito context (every
  // context of the `page` fixture is one).
  const profile = await mkdtemp(path.join(os.tmpdir(), 'lede-pwa-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await activeServiceWorker(page);
    await page.reload();
    const cdp = await context.newCDPSession(page);
    const { errors, url } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${baseURL}/manifest.webmanifest`);
    expect(errors).toEqual([]);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
      .toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('the service worker activates and every page of the app opens offline', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  await signedInReader(page, request, 'pwa-offline');
  await page.goto('/home');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await activeServiceWorker(page);
  const sw = await fetchOk(request, '/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');

  // Controlled from here on: what the reader sees on every later visit.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');

  // The shell is precached (code, styles, index.html, icons); no reader's answer is cached.
  const cached = await cachedEntries(page);
  expect(cached).toEqual(expect.arrayContaining([expect.stringMatching(/ \/index\.html$/)]));
  expect(cached.some((entry) => / \/assets\/index-[\w-]+\.js$/.test(entry))).toBe(true);
  expect(cached.filter((entry) => / \/api\//.test(entry))).toEqual([]);
  expect(cached.filter((entry) => /\.(br|gz)$/.test(entry))).toEqual([]);
  // The screens' own pages, with their preloads and skeletons, as the server sends them.
  expect(cached).toEqual(expect.arrayContaining([expect.stringMatching(/ \/pages\/home\.html$/)]));
  // An address that is no page still gets the server's 404 while online.
  expect((await page.goto('/no-such-page'))?.status()).toBe(404);

  await page.context().setOffline(true);
  try {
    for (const address of ['/', '/home', '/explore', '/saved', '/profile']) {
      await page.goto(address);
      if (address !== '/') await expect(page, address).toHaveURL(new RegExp(`${address}$`));
      // The app's own shell, not the browser's offline page.
      await expect(page.getByRole('navigation', { name: 'Main' }), address).toBeVisible();
      await expect(page.getByRole('link', { name: 'Lede, home' })).toBeVisible();
    }
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  } finally {
    await page.context().setOffline(false);
  }
  // Still nothing of the reader's in any cache.
  expect((await cachedEntries(page)).filter((entry) => / \/api\//.test(entry))).toEqual([]);
  expect(errors.filter((e) => !/Failed to (load resource|fetch)|ERR_INTERNET/.test(e))).toEqual([]);
});

test('logging out drops every cache but the app shell', async ({ page, request }) => {
  await signedInReader(page, request, 'pwa-logout');
  await page.goto('/saved');
  await activeServiceWorker(page);
  // A cache holding a reader's answer, as any future runtime caching could make.
  await page.evaluate(async () => {
    const cache = await caches.open('reader-data');
    await cache.put('/api/userinteractions/saved', new Response('{"saved":["secret"]}'));
  });
  expect(await cachedEntries(page)).toContain('reader-data /api/userinteractions/saved');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Your account' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect
    .poll(() => page.evaluate(() => caches.keys()))
    .toEqual([expect.stringMatching(/^workbox-precache-/)]);
  expect((await cachedEntries(page)).filter((entry) => / \/api\//.test(entry))).toEqual([]);
});

test('a new build is offered with "A new version is available", and Reload brings it in', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // A light page: axe runs on it twice.
  await page.goto('/login');
  await activeServiceWorker(page);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(page.getByRole('button', { name: 'Reload' })).toHaveCount(0);

  const original = await readFile(SERVICE_WORKER_FILE, 'utf8');
  try {
    // The next build's worker: the same code, and one that says which build it is.
    await writeFile(
      SERVICE_WORKER_FILE,
      `${original}\nself.addEventListener('fetch', (e) => { if (e.request.url.endsWith('/build.txt')) e.respondWith(new Response('next')); });\n`,
    );
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())!.update();
    });
    await expect(prompt).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await expect(prompt).toBeVisible();
      await expectNoA11yViolations(page, `update prompt, 360 px, ${theme}`);
    }
    // The page keeps the old build until the reader chooses: the new worker only waits.
    expect(
      await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting),
    ).toBe(true);

    const reload = page.getByRole('button', { name: 'Reload' });
    await reload.focus();
    // A whole new page under the new worker, never the old page under it.
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Enter');
    await reloaded;
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    const build = await page.evaluate(async () => (await fetch('/build.txt')).text());
    expect(build).toBe('next');
    await expect(prompt).toHaveCount(0);
  } finally {
    await writeFile(SERVICE_WORKER_FILE, original);
  }
});
