import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './support/helpers';
import { cardsOf, expectToast, signedInReader } from './support/reader';

/** Every API GET and script the page asks for, in order. */
function watchRequests(page: Page) {
  const api: string[] = [];
  const scripts: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && r.method() === 'GET')
      api.push(url.pathname + url.search);
    if (r.resourceType() === 'script') scripts.push(url.pathname);
  });
  return { api, scripts };
}

/**
 * Whether the page loader (the spinner shown while a screen's code loads) ever appeared: a first
 * load renders its screen at once, since the screen's code comes with the entry.
 */
async function watchPageLoader(page: Page) {
  await page.addInitScript(() => {
    const seen = () => {
      for (const el of document.querySelectorAll('[role="status"]'))
        if (el.textContent === 'Loading…')
          (window as { pageLoaderSeen?: boolean }).pageLoaderSeen = true;
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() => (window as { pageLoaderSeen?: boolean }).pageLoaderSeen ?? false);
}

/** performance.now() when the first card of any list entered the page. */
async function watchFirstCard(page: Page) {
  await page.addInitScript(() => {
    const w = window as { firstCardAt?: number };
    new MutationObserver(() => {
      w.firstCardAt ??= document.querySelector('ul article') ? performance.now() : undefined;
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as { firstCardAt?: number }).firstCardAt);
}

/** When the page asked for each of `paths` (performance.now()). */
function requestedAt(page: Page, paths: string[]) {
  return page.evaluate(
    (wanted) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => wanted.includes(new URL(e.name).pathname))
        .map((e) => e.startTime),
    paths,
  );
}

test("a list page's first load draws its first cards, then loads the app, and asks for each answer once", async ({
  page,
}) => {
  const errors = watchConsole(page);
  const seen = watchRequests(page);
  const pageLoaderSeen = await watchPageLoader(page);
  const firstCardAt = await watchFirstCard(page);
  const html = await (await page.request.get('/search?q=climate')).text();
  // The boot script (theme, early data requests) comes first, from a hashed file; then the
  // script that draws the first cards, which names the app's entry and the screen's chunks.
  const boot = html.match(/<script src="(\/assets\/boot-[\w-]+\.js)"><\/script>/);
  expect(boot).not.toBeNull();
  const firstPaint = html.match(
    /<script type="module" src="[^"]+" data-app="([^"]+)" data-preload="([^"]+)">/,
  );
  expect(firstPaint).not.toBeNull();
  expect(html.indexOf(boot![0])).toBeLessThan(html.indexOf(firstPaint![0]));
  const [, entry, preload] = firstPaint!;
  expect(preload!.split(' ').some((src) => /^\/assets\/search-[\w-]+\.js$/.test(src))).toBe(true);
  const bootResponse = await page.request.get(boot![1]!);
  expect(bootResponse.headers()['cache-control']).toContain('immutable');

  await page.goto('/search?q=climate');
  await expect(page.getByRole('heading', { name: 'Results for "climate"' })).toBeVisible();
  await expect(cardsOf(page, 'Search results for climate').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen.api).toEqual(['/api/articles/getarticlebykeyword?keyword=climate']);
  // The app's code is asked for once the first cards are on the page, each file once.
  const cardAt = await firstCardAt();
  expect(cardAt).toBeDefined();
  const [entryAt] = await requestedAt(page, [entry!]);
  expect(entryAt).toBeGreaterThan(cardAt!);
  expect(new Set(seen.scripts).size).toBe(seen.scripts.length);
  // The screen's chunks were preloaded (one per task, after the entry was asked for).
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  );
  expect(preloaded).toEqual(expect.arrayContaining(preload!.split(' ')));
  expect(await pageLoaderSeen()).toBe(false);
  expect(errors).toEqual([]);
});

const READER_STATE = [
  '/api/profile/getstreak',
  '/api/recommendations/controls',
  '/api/articles/getlikedarticleids',
  '/api/articles/getdislikedarticleids',
  '/api/articles/getsavedarticleids',
];

test("a reader's home asks for the feed first, then once the cards are on screen the reader's lists and streak, once each", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const reader = await signedInReader(page, request, 'first-load');
  const headers = { Authorization: `Bearer ${reader.token}` };
  const feed = (await (await request.get('/api/recommendations/get', { headers })).json()) as {
    recommendations: { article_id: { _id: string; title: string } }[];
  };
  const liked = feed.recommendations[0]!.article_id;
  const like = await request.post('/api/userinteractions/like', {
    headers,
    data: { article_id: liked._id },
  });
  expect(like.status()).toBe(200);
  // Signing the browser in left the landing page loading: leave it, so none of its requests
  // (trending, on a slow machine) is counted as the home's.
  await page.goto('about:blank');
  const errors = watchConsole(page);
  const seen = watchRequests(page);
  const pageLoaderSeen = await watchPageLoader(page);
  const firstCardAt = await watchFirstCard(page);
  await page.goto('/home');
  const cards = cardsOf(page, 'Recommended articles');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  // The liked article's button shows it, from the list asked for after the cards.
  await expect(
    cards
      .filter({ hasText: liked.title })
      .first()
      .getByRole('button', { name: 'Like', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await page.waitForLoadState('networkidle');
  expect([...seen.api].sort()).toEqual(['/api/recommendations/get', ...READER_STATE].sort());
  expect(seen.api[0]).toBe('/api/recommendations/get');
  const started = await requestedAt(page, READER_STATE);
  expect(started).toHaveLength(READER_STATE.length);
  const cardAt = await firstCardAt();
  expect(cardAt).toBeDefined();
  for (const at of started) expect(at).toBeGreaterThan(cardAt!);
  // The offline queue's code, which the start-up check asks for, comes with the screen's own
  // (preloaded with it), fetched once: not one more round trip after the entry.
  const html = await (await request.get('/home')).text();
  const queue = html.match(/data-preload="[^"]*(\/assets\/queue-[\w-]+\.js)/);
  expect(queue).not.toBeNull();
  expect(seen.scripts.filter((src) => src === queue![1])).toHaveLength(1);
  expect(await pageLoaderSeen()).toBe(false);
  expect(errors).toEqual([]);
});

test('a tap on a drawn card before the app has loaded is not lost: the app presses it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signedInReader(page, request, 'early-tap');
  await page.goto('about:blank');
  const errors = watchConsole(page);
  // The app's code is held back, so the tap lands on the drawn cards, in the inert shell.
  const html = await (await request.get('/home')).text();
  const entry = html.match(/data-app="([^"]+)"/)![1]!;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${entry}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/home');
  const drawnLike = page
    .locator('#root[data-drawn] ul[aria-label="Recommended articles"] article')
    .nth(1)
    .locator('button[aria-label="Like"]');
  await expect(drawnLike).toBeVisible({ timeout: 30_000 });
  const box = (await drawnLike.boundingBox())!;
  const liked = page.waitForRequest('**/api/userinteractions/like');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  release();
  // The app renders the same card there, and the held tap is given to its Like.
  const like = cardsOf(page, 'Recommended articles')
    .nth(1)
    .getByRole('button', { name: 'Like', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await liked;
  await expectToast(page, 'Article Liked!');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(
    cardsOf(page, 'Recommended articles')
      .first()
      .getByRole('button', { name: 'Like', exact: true }),
  ).toHaveAttribute('aria-pressed', 'false');
  expect(errors).toEqual([]);
});

test('pointing at Explore fetches its list ahead of the click, which then asks for nothing more', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto('/search?q=climate');
  await expect(cardsOf(page, 'Search results for climate').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const seen = watchRequests(page);
  const explore = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Explore', exact: true });
  await explore.hover();
  await expect.poll(() => seen.api).toEqual(['/api/articles/getlatesttrendingarticles']);
  await explore.click();
  await expect(cardsOf(page, 'trending now articles').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen.api).toEqual(['/api/articles/getlatesttrendingarticles']);
  expect(errors).toEqual([]);
});

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1280, height: 720 },
]) {
  test(`a list page's largest paint is its drawn cards, and the app takes them over without a shift (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const errors = watchConsole(page);
    await page.addInitScript(() => {
      const w = window as {
        shifts?: number;
        largestAt?: number;
        largest?: string;
        moved?: string[];
      };
      w.shifts = 0;
      w.moved = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as {
          value: number;
          startTime: number;
          sources: { node?: Element; previousRect: DOMRect; currentRect: DOMRect }[];
        }[]) {
          w.shifts! += e.value;
          for (const s of e.sources)
            w.moved!.push(
              `${Math.round(e.startTime)} ${s.node?.tagName}.${s.node?.className} ${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)}`,
            );
        }
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
          w.largestAt = e.startTime;
          w.largest = e.element?.closest('article') ? 'card' : (e.element?.tagName ?? '');
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const html = await (await page.request.get('/explore')).text();
    const entry = html.match(/data-app="([^"]+)"/)![1]!;
    await page.goto('/explore');
    await expect(cardsOf(page, 'trending now articles').first()).toBeVisible();
    // The app has taken over (its navigation bar: the drawn page's is hidden and inert).
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const seen = await page.evaluate(() => {
      const w = window as {
        shifts?: number;
        largestAt?: number;
        largest?: string;
        moved?: string[];
      };
      return { shifts: w.shifts, largestAt: w.largestAt, largest: w.largest, moved: w.moved };
    });
    const [entryAt] = await requestedAt(page, [entry]);
    expect(seen.largest).toBe('card');
    // React's own cards are the same size: no later largest paint, and nothing moved.
    expect(seen.largestAt).toBeLessThan(entryAt!);
    expect(seen.moved).toEqual([]);
    expect(seen.shifts).toBe(0);
    expect(errors).toEqual([]);
  });
}
