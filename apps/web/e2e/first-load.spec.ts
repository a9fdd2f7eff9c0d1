import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './support/helpers';
import { cardsOf, signedInReader } from './support/reader';

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

test("a list page's first load fetches its code beside the entry and asks for each answer once", async ({
  page,
}) => {
  const errors = watchConsole(page);
  const seen = watchRequests(page);
  const pageLoaderSeen = await watchPageLoader(page);
  const html = await (await page.request.get('/search?q=climate')).text();
  const preloaded = [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
    (m) => m[1],
  );
  expect(preloaded.some((src) => /\/assets\/search-[\w-]+\.js$/.test(src!))).toBe(true);
  // The boot script (theme, early data requests) comes before the entry, from a hashed file.
  const boot = html.match(/<script src="(\/assets\/boot-[\w-]+\.js)"><\/script>/);
  expect(boot).not.toBeNull();
  expect(html.indexOf(boot![0])).toBeLessThan(html.indexOf('<script type="module"'));
  const bootResponse = await page.request.get(boot![1]!);
  expect(bootResponse.headers()['cache-control']).toContain('immutable');

  await page.goto('/search?q=climate');
  await expect(page.getByRole('heading', { name: 'Results for "climate"' })).toBeVisible();
  await expect(cardsOf(page, 'Search results for climate').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen.api).toEqual(['/api/articles/getarticlebykeyword?keyword=climate']);
  // The preloaded screen code is fetched once, not again when the screen is shown.
  expect(new Set(seen.scripts).size).toBe(seen.scripts.length);
  expect(await pageLoaderSeen()).toBe(false);
  expect(errors).toEqual([]);
});

test("a reader's home asks for the feed, the lists and the streak once each", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signedInReader(page, request, 'first-load');
  const errors = watchConsole(page);
  const seen = watchRequests(page);
  const pageLoaderSeen = await watchPageLoader(page);
  await page.goto('/home');
  await expect(cardsOf(page, 'Recommended articles').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  expect([...seen.api].sort()).toEqual(
    [
      '/api/recommendations/get',
      '/api/profile/getstreak',
      '/api/articles/getlikedarticleids',
      '/api/articles/getdislikedarticleids',
      '/api/articles/getsavedarticleids',
    ].sort(),
  );
  expect(await pageLoaderSeen()).toBe(false);
  expect(errors).toEqual([]);
});
