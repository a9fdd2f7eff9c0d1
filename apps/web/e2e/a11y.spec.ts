import { expect, test, type Page } from '@playwright/test';
import { codeFor } from './support/mail';
import {
  chooseInterests,
  expectNoA11yViolations,
  PASSWORD,
  setTheme,
  typeCode,
  uniqueEmail,
} from './support/helpers';

const THEMES = ['light', 'dark'] as const;

// axe walks the whole page on each screen: give it room on a slow machine.
test.describe.configure({ timeout: 120_000 });

async function firstArticleId(page: Page): Promise<string> {
  const res = await page.request.get('/api/articles/getlatestarticles?limit=1');
  return ((await res.json()) as { articles: { _id: string }[] }).articles[0]!._id;
}

type Screen = [name: string, open: (page: Page) => Promise<unknown>];

const VISITOR_SCREENS: Screen[] = [
  [
    '/',
    async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
    },
  ],
  [
    '/explore',
    async (page) => {
      await page.goto('/explore');
      await page.getByRole('article').first().waitFor();
    },
  ],
  [
    '/search?q=climate',
    async (page) => {
      await page.goto('/search?q=climate');
      await page.getByText(/^Found \d+/).waitFor();
    },
  ],
  [
    '/search (no results)',
    async (page) => {
      await page.goto('/search?q=zzqxjvkw');
      await page.getByText('No articles found', { exact: true }).waitFor();
    },
  ],
  [
    '/article/:id',
    async (page) => {
      await page.goto(`/article/${await firstArticleId(page)}`);
      await page.getByRole('link', { name: /Read Full Article/ }).waitFor();
    },
  ],
  [
    '/article (not found)',
    async (page) => {
      await page.goto('/article/not-an-id');
      await page.getByText('Article not found').waitFor();
    },
  ],
  [
    '/login',
    async (page) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
    },
  ],
  [
    '/signup with errors and the rules panel',
    async (page) => {
      await page.goto('/signup');
      await page.getByLabel('Full name').fill('A');
      await page.getByLabel('Email').fill('bad');
      await page.getByLabel('Password', { exact: true }).fill('abc');
      await page.getByLabel('Confirm password').fill('abd');
      await page.getByLabel('Full name').focus();
    },
  ],
  [
    '/forgot-password',
    async (page) => {
      await page.goto('/forgot-password');
      await page.getByRole('button', { name: 'Send Reset Code' }).waitFor();
    },
  ],
  [
    '404',
    async (page) => {
      await page.goto('/nowhere');
      await page.getByText('Page Not Found').waitFor();
    },
  ],
  [
    'article modal',
    async (page) => {
      await page.goto('/explore');
      await page.getByRole('article').first().getByRole('heading').getByRole('button').click();
      await page.getByRole('dialog').waitFor();
    },
  ],
  [
    'mobile menu at 360 px',
    async (page) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto('/');
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Sign Up', exact: true }).last().waitFor();
    },
  ],
];

for (const theme of THEMES) {
  for (const [name, open] of VISITOR_SCREENS) {
    test(`axe: ${name}, ${theme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await open(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoA11yViolations(page, `${name} (${theme})`);
    });
  }

  test(`axe: code entry and signed-in screens, ${theme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    const email = uniqueEmail(`a11y-${theme}`);
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Axe Reader');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
    const code = await codeFor(email, 0);
    await expectNoA11yViolations(page, `code entry (${theme})`);
    await typeCode(page, code);
    await expect(page).toHaveURL(/\/preferences$/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expectNoA11yViolations(page, `/preferences (${theme})`);
    await chooseInterests(page);
    await page.goto('/home');
    await setTheme(page, theme);

    for (const path of ['/home', '/profile', '/saved']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoA11yViolations(page, `${path} (${theme})`);
    }
  });
}
