import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { PublicArticle } from '@lede/shared';
import { codeFor } from './support/mail';
import {
  createAccount,
  expectNoA11yViolations,
  PASSWORD,
  setTheme,
  signInBrowser,
  typeCode,
  uniqueEmail,
  watchConsole,
} from './support/helpers';

/** Where the screenshots go when FRONT_DOOR_SHOTS names a folder (to look at them). */
const SHOTS = process.env.FRONT_DOOR_SHOTS;

/**
 * A trending article and its story (one told by several articles if there is one), as a visitor
 * could have been sent a link to either.
 */
async function someArticle(page: Page): Promise<PublicArticle & { story: { _id: string } }> {
  const res = await page.request.get('/api/articles/getlatesttrendingarticles?limit=50');
  expect(res.status()).toBe(200);
  const { articles } = (await res.json()) as { articles: PublicArticle[] };
  const article =
    articles.find((a) => a.story && a.story.size > 1) ?? articles.find((a) => a.story);
  expect(article, 'a trending article in a story').toBeDefined();
  return article as PublicArticle & { story: { _id: string } };
}

/** The page's own Back button (the screen's, not the browser's). */
const backButton = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: /^(Go )?Back$/ });

test("a page opened directly goes Back to its list, never out of the site; in the app it's history back", async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const article = await someArticle(page);

  // A visitor's pasted link: Back leads to Explore.
  await page.goto(`/article/${article._id}`);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await backButton(page).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();

  // Reached inside the app, Back is the previous page.
  const search = page.getByRole('search').first();
  if (!(await search.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('searchbox', { name: 'Search articles' }).first().fill('climate');
  await page.getByRole('searchbox', { name: 'Search articles' }).first().press('Enter');
  await expect(page).toHaveURL(/\/search\?q=climate$/);
  await backButton(page).click();
  await expect(page).toHaveURL(/\/explore$/);

  // A story opened in a new tab by a signed-in reader: Back leads to their feed.
  const account = await createAccount(request, 'front-door-back');
  await signInBrowser(page, account);
  await page.goto(`/story/${article.story._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await backButton(page).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Hello, Ada' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('Skip for Now reaches the news and one way to choose topics, never a bounce', async ({
  page,
}) => {
  const email = uniqueEmail('skip');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await typeCode(page, await codeFor(email, 0));
  await expect(page).toHaveURL(/\/preferences$/);

  await page.getByRole('link', { name: 'Skip for Now' }).click();
  await expect(page).toHaveURL(/\/$/);
  const stories = page.getByRole('region', { name: 'Top stories' }).locator('a[href^="/article/"]');
  await expect(stories.first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your feed' })).toHaveCount(0);

  // The feed itself does not send the reader back to /preferences: news, and the same offer.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Home', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Hello, Grace' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Trending articles' }).getByRole('article').first(),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Please set your interests', { exact: false })).toHaveCount(1);
  await expectNoA11yViolations(page, '/home without interests');
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'home-without-interests.png') });

  await page.getByRole('link', { name: 'Choose topics' }).click();
  await expect(page).toHaveURL(/\/preferences$/);
  await expect(
    page.getByRole('heading', { name: "Welcome! Let's Personalize Your Experience" }),
  ).toBeVisible();
});

test('an address of no page answers 404 with the not-found page; the pages answer 200', async ({
  page,
}) => {
  for (const known of ['/', '/explore', '/search?q=x', '/article/abc', '/login', '/home']) {
    expect((await page.request.get(known)).status(), known).toBe(200);
  }
  const api = await page.request.get('/api/no-such-route');
  expect(api.status()).toBe(404);
  expect(api.headers()['content-type']).toMatch(/json/);

  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
  // Opened directly, its Go Back stays in the site.
  await backButton(page).click();
  await expect(page).toHaveURL(/\/explore$/);
});

test('a dark device shows a new account dark, until the reader picks a theme', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  const account = await createAccount(request, 'front-door-dark');
  expect(account.user.theme).toBe('light');
  await signInBrowser(page, account);
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('body')).not.toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // A pick holds against the device's theme.
  await setTheme(page, 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await context.close();
});

test('the landing, a story and the not-found page fit 360 px and 1280 px in both themes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const probe = await browser.newPage();
  const article = await someArticle(probe);
  await probe.close();
  const pages = [
    ['landing', '/'],
    ['story', `/story/${article.story._id}`],
    ['not-found', '/no/such/page'],
  ] as const;
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [360, 1280]) {
      const context = await browser.newContext({
        colorScheme: theme,
        viewport: { width, height: 800 },
      });
      const page = await context.newPage();
      for (const [name, url] of pages) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (name === 'landing')
          await expect(
            page.getByRole('region', { name: 'Top stories' }).locator('a[href^="/article/"]'),
          ).toHaveCount(6);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${name} at ${width} px (${theme}) scrolls sideways`).toBeLessThanOrEqual(
          0,
        );
        if (SHOTS)
          await page.screenshot({
            path: path.join(SHOTS, `${name}-${width}-${theme}.png`),
            fullPage: true,
          });
      }
      await context.close();
    }
  }
});
