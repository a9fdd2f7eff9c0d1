import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/helpers';
import { apiGet, cardsOf, cardTitle, expectToast, signedInReader } from './support/reader';

/**
 * Offline: the saved articles open from the copies kept on the device, the shell says it is
 * offline, pages that need the network say so, and reactions made offline reach the server
 * once the connection returns, each exactly once.
 */

const BANNER = "You're offline. Saved articles are still here.";

// Each flow signs a reader up, saves or reacts, goes offline and back: longer than most specs.
test.describe.configure({ timeout: 120_000 });

/** Navigates inside the running app (no page load: offline there is no server to load it). */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/** How many records a store of the reader's offline database holds (0 before it exists). */
async function storedCount(page: Page, userId: string, store: 'saved' | 'queue') {
  return page.evaluate(
    async ([name, storeName]) => {
      const known = await indexedDB.databases();
      if (!known.some((d) => d.name === name)) return 0;
      return new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name!);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction(storeName!).objectStore(storeName!).count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
        };
      });
    },
    [`lede-offline-${userId}`, store] as const,
  );
}

/** The offline databases of this browser (one per reader). */
function offlineDatabases(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await indexedDB.databases())
      .map((d) => d.name ?? '')
      .filter((name) => name.startsWith('lede-offline-')),
  );
}

interface ListedArticle {
  _id: string;
  title: string;
  likes: number;
  story: { _id: string } | null;
}

/** An article of the latest list (the first page of /explore's "All"), by its title. */
async function latestArticle(page: Page, title: string): Promise<ListedArticle> {
  const latest = await apiGet<{ articles: ListedArticle[] }>(
    page,
    '/api/articles/getlatestarticles',
  );
  const found = latest.articles.find((a) => a.title === title);
  expect(found, title).toBeDefined();
  return found!;
}

/** Two different stories of the latest articles. */
async function storyIds(page: Page): Promise<string[]> {
  const latest = await apiGet<{ articles: ListedArticle[] }>(
    page,
    '/api/articles/getlatestarticles',
  );
  const ids = [...new Set(latest.articles.flatMap((a) => (a.story ? [a.story._id] : [])))];
  expect(ids.length).toBeGreaterThanOrEqual(2);
  return ids.slice(0, 2);
}

const actionsOf = (card: Locator, title: string) =>
  card.getByRole('group', { name: `Actions for ${title}` });

async function titleOf(card: Locator): Promise<string> {
  return (await cardTitle(card).textContent())!.trim();
}

/**
 * Loads the toast code now (it loads on the reader's first press), while there is a connection:
 * without the service worker's copy, a chunk first asked for offline cannot load.
 */
async function loadToasts(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).click();
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => /\/assets\/toast-/.test(e.name)),
      ),
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');
}

test('saved articles open offline; the shell and the pages that need the network say so', async ({
  page,
  request,
  context,
}) => {
  const reader = await signedInReader(page, request, 'offline-read');
  const userId = reader.user._id as string;
  await page.goto('/explore?category=all');
  await loadToasts(page);
  const cards = cardsOf(page, 'all articles');
  await expect(cards.nth(2)).toBeVisible();
  const titles = [await titleOf(cards.nth(0)), await titleOf(cards.nth(1))];
  const unsavedId = (await latestArticle(page, await titleOf(cards.nth(2))))._id;
  const [loadedStory, otherStory] = await storyIds(page);
  for (const [i, title] of titles.entries()) {
    await actionsOf(cards.nth(i), title).getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Article Saved!');
  }
  await expect.poll(() => storedCount(page, userId, 'saved')).toBe(2);
  const { savedArticleIds } = await apiGet<{ savedArticleIds: string[] }>(
    page,
    '/api/articles/getsavedarticleids',
  );
  expect(savedArticleIds).toHaveLength(2);

  // Every screen used offline below is loaded once with the connection (its code, in this tab).
  await goInApp(page, '/saved');
  await expect(cardsOf(page, 'Saved articles')).toHaveCount(2);
  await goInApp(page, `/article/${savedArticleIds[0]}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await goInApp(page, '/search?q=moon');
  await expect(page.getByText(/^Found \d+/)).toBeVisible();
  await goInApp(page, `/story/${loadedStory}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await goInApp(page, '/explore?category=all');
  await expect(cards.first()).toBeVisible();

  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: BANNER });
  await expect(banner).toBeVisible();

  // /saved: the copies kept on this device, said so.
  await goInApp(page, '/saved');
  const saved = cardsOf(page, 'Saved articles');
  await expect(saved).toHaveCount(2);
  await expect(saved.getByRole('heading')).toHaveText([titles[1]!, titles[0]!]);
  await expect(page.getByText('Offline — showing the copies saved on this device')).toBeVisible();
  await expectNoA11yViolations(page, '/saved offline, light');
  // The device's dark theme (the reader chose none; choosing one offline would need the server).
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoA11yViolations(page, '/saved offline, dark');

  // A saved article's page: its text, said to be the saved copy.
  for (const id of savedArticleIds) {
    await goInApp(page, `/article/${id}`);
    await expect(page.getByText('Offline — showing your saved copy')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      new RegExp(titles.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')),
    );
  }
  await expectNoA11yViolations(page, 'a saved article offline');

  // An article not saved, and a search not made before: they need the network, and say so.
  await goInApp(page, `/article/${unsavedId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page needs a connection');
  await expect(page.getByText("This article isn't saved on this device")).toBeVisible();
  await goInApp(page, `/story/${otherStory}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page needs a connection');
  await goInApp(page, '/search?q=harbour');
  await expect(page.getByText('This page needs a connection')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectNoA11yViolations(page, 'search offline');

  // 360 px wide: the banner fits, nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(banner).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Retry offline: still no connection, still said so. Back online: the banner goes and the
  // search loads by itself.
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('This page needs a connection')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(BANNER)).toHaveCount(0);
  await expect(page.getByText(/^Found \d+|No articles found/)).toBeVisible();

  // Logout deletes this reader's offline copies.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Your account' })
    .click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await offlineDatabases(page)).toEqual([]);
});

test('five reactions made offline reach the server once the connection returns, none twice', async ({
  page,
  request,
  context,
}) => {
  const reader = await signedInReader(page, request, 'offline-react');
  const userId = reader.user._id as string;
  await page.goto('/explore?category=all');
  await loadToasts(page);
  const cards = cardsOf(page, 'all articles');
  await expect(cards.nth(3)).toBeVisible();
  const titles = await Promise.all([0, 1, 2, 3].map((i) => titleOf(cards.nth(i))));
  const button = (i: number, name: string) =>
    actionsOf(cards.nth(i), titles[i]!).getByRole('button', { name, exact: true });

  // The like counts before, from the server.
  const before = await Promise.all(titles.map((t) => latestArticle(page, t)));
  const ids = before.map((a) => a._id);
  const likesBefore = before.map((a) => a.likes);

  await context.setOffline(true);
  await expect(page.getByText(BANNER)).toBeVisible();
  const pressed = [
    button(0, 'Like'),
    button(1, 'Dislike'),
    button(2, 'Save'),
    button(3, 'Like'),
    button(0, 'Save'),
  ];
  for (const b of pressed) {
    await b.click();
    await expect(b).toHaveAttribute('aria-pressed', 'true');
  }
  await expectToast(page, "You're offline: this will be sent when you're back online.");
  await expect.poll(() => storedCount(page, userId, 'queue')).toBe(5);
  // The optimistic state stays on screen.
  for (const b of pressed) await expect(b).toHaveAttribute('aria-pressed', 'true');
  // (axe once the toast has gone: it measures contrast at the opacity it finds.)
  await expect(page.getByText("You're offline: this will be sent")).toHaveCount(0);
  await expectNoA11yViolations(page, 'reactions made offline');

  await context.setOffline(false);
  await expectToast(page, '5 offline actions sent');
  await expect(page.getByText(BANNER)).toHaveCount(0);
  await expect.poll(() => storedCount(page, userId, 'queue')).toBe(0);
  for (const b of pressed) await expect(b).toHaveAttribute('aria-pressed', 'true');

  // On the server: each once.
  const liked = await apiGet<{ likedArticleIds: string[] }>(
    page,
    '/api/articles/getlikedarticleids',
  );
  const disliked = await apiGet<{ dislikedArticleIds: string[] }>(
    page,
    '/api/articles/getdislikedarticleids',
  );
  const savedIds = await apiGet<{ savedArticleIds: string[] }>(
    page,
    '/api/articles/getsavedarticleids',
  );
  expect(liked.likedArticleIds.sort()).toEqual([ids[0], ids[3]].sort());
  expect(disliked.dislikedArticleIds).toEqual([ids[1]]);
  expect(savedIds.savedArticleIds.sort()).toEqual([ids[0], ids[2]].sort());
  for (const i of [0, 1, 2, 3]) {
    const { article } = await apiGet<{ article: { likes: number } }>(
      page,
      `/api/articles/getarticlebyid?article_id=${ids[i]}`,
    );
    expect(article.likes, titles[i]).toBe(likesBefore[i]! + (i === 0 || i === 3 ? 1 : 0));
  }
  const activity = await apiGet<{ data: { action: string; article_id: string }[] }>(
    page,
    '/api/userinteractions/recentactivity',
  );
  expect(activity.data.map((a) => `${a.action} ${a.article_id}`).sort()).toEqual(
    [
      `like ${ids[0]}`,
      `dislike ${ids[1]}`,
      `save ${ids[2]}`,
      `like ${ids[3]}`,
      `save ${ids[0]}`,
    ].sort(),
  );

  // A reload shows the server's state: the same.
  await page.reload();
  for (const b of pressed) await expect(b).toHaveAttribute('aria-pressed', 'true');
});

test('an action queued offline is sent at the next start-up', async ({
  page,
  request,
  context,
}) => {
  const reader = await signedInReader(page, request, 'offline-startup');
  const userId = reader.user._id as string;
  await page.goto('/explore?category=all');
  await loadToasts(page);
  const card = cardsOf(page, 'all articles').first();
  await expect(card).toBeVisible();
  const title = await titleOf(card);
  const { _id: id } = await latestArticle(page, title);

  await context.setOffline(true);
  await actionsOf(card, title).getByRole('button', { name: 'Like', exact: true }).click();
  await expect.poll(() => storedCount(page, userId, 'queue')).toBe(1);
  // The tab closes before the connection returns; the next one sends what waits.
  await page.close();
  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto('/explore?category=all');
  await expectToast(next, '1 offline action sent');
  await expect.poll(() => storedCount(next, userId, 'queue')).toBe(0);
  const liked = await apiGet<{ likedArticleIds: string[] }>(
    next,
    '/api/articles/getlikedarticleids',
  );
  expect(liked.likedArticleIds).toEqual([id]);
  await expect(
    actionsOf(cardsOf(next, 'all articles').first(), title).getByRole('button', {
      name: 'Like',
      exact: true,
    }),
  ).toHaveAttribute('aria-pressed', 'true');
});

test.describe('after a reload without a connection (the service worker serves the app)', () => {
  test.use({ serviceWorkers: 'allow' });

  test('/saved and a saved article open from the copies kept on the device', async ({
    page,
    request,
    context,
  }) => {
    const reader = await signedInReader(page, request, 'offline-reload');
    const userId = reader.user._id as string;
    await page.goto('/explore?category=all');
    await loadToasts(page);
    const cards = cardsOf(page, 'all articles');
    await expect(cards.nth(1)).toBeVisible();
    const titles = [await titleOf(cards.nth(0)), await titleOf(cards.nth(1))];
    for (const [i, title] of titles.entries()) {
      await actionsOf(cards.nth(i), title).getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Article Saved!');
    }
    await expect.poll(() => storedCount(page, userId, 'saved')).toBe(2);
    const first = await latestArticle(page, titles[0]!);
    // The service worker controls the page once it is active and the page reloaded.
    await expect
      .poll(() =>
        page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? 'none'),
      )
      .toBe('activated');

    await context.setOffline(true);
    await page.goto('/saved');
    await expect(page.getByText(BANNER)).toBeVisible();
    await expect(cardsOf(page, 'Saved articles').getByRole('heading')).toHaveText([
      titles[1]!,
      titles[0]!,
    ]);
    await expect(page.getByText('Offline — showing the copies saved on this device')).toBeVisible();

    await page.goto(`/article/${first._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[0]!);
    await expect(page.getByText('Offline — showing your saved copy')).toBeVisible();
    await expectNoA11yViolations(page, 'a saved article after an offline reload');
    await context.setOffline(false);
  });

  test("a saved article's picture from a news site shows offline; unsaving drops it", async ({
    page,
    request,
    context,
  }) => {
    await signedInReader(page, request, 'offline-picture');
    // Every article gets a picture on a news site (https, another origin), served here until
    // the test cuts it off: from then on only the service worker's kept copy can show it.
    await context.route('https://pictures.example/**', (route) =>
      route.fulfill({ contentType: 'image/png', body: PICTURE }),
    );
    await page.route('**/api/articles/**', async (route) => {
      const answer = await route.fetch();
      const json = withPictures(await answer.json());
      await route.fulfill({ response: answer, json });
    });
    await page.goto('/explore?category=all');
    await loadToasts(page);
    await expect
      .poll(() =>
        page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? 'none'),
      )
      .toBe('activated');
    const card = cardsOf(page, 'all articles').first();
    const title = await titleOf(card);
    const { _id: id } = await latestArticle(page, title);
    const picture = `https://pictures.example/${id}.png`;
    await expect.poll(() => pictureShown(page, picture)).toBe(true);
    await actionsOf(card, title).getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Article Saved!');
    await expect.poll(() => keptPictures(page)).toEqual([picture]);

    await context.unroute('https://pictures.example/**');
    await context.setOffline(true);
    await page.goto('/saved');
    await expect(cardsOf(page, 'Saved articles').getByRole('heading')).toHaveText([title]);
    await expect.poll(() => pictureShown(page, picture)).toBe(true);
    await page.goto(`/article/${id}`);
    await expect(page.getByText('Offline — showing your saved copy')).toBeVisible();
    await expect.poll(() => pictureShown(page, picture)).toBe(true);

    await context.setOffline(false);
    await page.goto('/saved');
    await loadToasts(page);
    await actionsOf(cardsOf(page, 'Saved articles').first(), title)
      .getByRole('button', { name: 'Save' })
      .click();
    await expect(page.getByText('No saved articles yet')).toBeVisible();
    await expect.poll(() => keptPictures(page)).toEqual([]);
  });
});

/** A 1×1 PNG. */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** An API answer with every article's picture on pictures.example. */
function withPictures(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withPictures);
  if (!value || typeof value !== 'object') return value;
  const out = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withPictures(v)]));
  if (typeof out.image_url === 'string' && typeof out._id === 'string') {
    out.image_url = `https://pictures.example/${out._id}.png`;
  }
  return out;
}

/** Whether the page shows the picture at `src`, loaded. */
function pictureShown(page: Page, src: string): Promise<boolean> {
  return page.evaluate(
    (url) =>
      [...document.images].some((img) => img.src === url && img.complete && img.naturalWidth > 0),
    src,
  );
}

/** The pictures the service worker keeps for saved articles. */
function keptPictures(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('lede-saved-pictures'))) return [];
    const cache = await caches.open('lede-saved-pictures');
    return (await cache.keys()).map((r) => r.url);
  });
}
