import { expect, test, type Page } from '@playwright/test';
import { codeFor } from './support/mail';
import {
  expectNoA11yViolations,
  PASSWORD,
  setTheme,
  typeCode,
  uniqueEmail,
} from './support/helpers';

const THEMES = ['light', 'dark'] as const;

// axe walks the whole page on each screen: give these passes room on a slow machine.
test.describe.configure({ timeout: 240_000 });

async function firstArticleId(page: Page): Promise<string> {
  const res = await page.request.get('/api/articles/getlatestarticles?limit=1');
  return ((await res.json()) as { articles: { _id: string }[] }).articles[0]!._id;
}

for (const theme of THEMES) {
  test(`axe: every visitor screen, ${theme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    const id = await firstArticleId(page);
    const screens: [string, () => Promise<unknown>][] = [
      ['/', () => page.getByRole('heading', { level: 1 }).waitFor()],
      ['/explore', () => page.getByRole('article').first().waitFor()],
      ['/search?q=climate', () => page.getByText(/^Found \d+/).waitFor()],
      ['/search?q=zzqxjvkw', () => page.getByText('No articles found', { exact: true }).waitFor()],
      [`/article/${id}`, () => page.getByRole('link', { name: /Read Full Article/ }).waitFor()],
      ['/article/not-an-id', () => page.getByText('Article not found').waitFor()],
      ['/login', () => page.getByRole('button', { name: 'Sign In' }).waitFor()],
      ['/signup', () => page.getByRole('button', { name: 'Create Account' }).waitFor()],
      ['/forgot-password', () => page.getByRole('button', { name: 'Send Reset Code' }).waitFor()],
      ['/nowhere', () => page.getByText('Page Not Found').waitFor()],
    ];
    for (const [path, ready] of screens) {
      await page.goto(path);
      await ready();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoA11yViolations(page, `${path} (${theme})`);
    }

    // The modal, the mobile menu and the signup form with its panels open.
    await page.goto('/explore');
    await page.getByRole('article').first().getByRole('heading').getByRole('button').click();
    await page.getByRole('dialog').waitFor();
    await expectNoA11yViolations(page, `article modal (${theme})`);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expectNoA11yViolations(page, `mobile menu (${theme})`);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/signup');
    await page.getByLabel('Full name').fill('A');
    await page.getByLabel('Email').fill('bad');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm password').fill('abd');
    await page.getByLabel('Full name').focus();
    await expectNoA11yViolations(page, `signup with errors (${theme})`);
  });

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
