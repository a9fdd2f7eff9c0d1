import { expect, test, type Page } from '@playwright/test';
import { createAccount, signInBrowser } from './support/helpers';

test.use({ viewport: { width: 360, height: 740 } });

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('360 px: every visitor screen fits, and the menu is a disclosure', async ({ page }) => {
  for (const path of [
    '/',
    '/explore',
    '/search?q=climate',
    '/login',
    '/signup',
    '/forgot-password',
    '/nowhere',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await noSideScroll(page);
  }

  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
  await expect(menu.getByRole('link', { name: 'Explore' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  await toggle.click();
  await menu.getByRole('searchbox', { name: 'Search articles' }).fill('health');
  await menu.getByRole('searchbox', { name: 'Search articles' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=health$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText(/^Found \d+\+? articles?$/)).toBeVisible();

  // The article modal fills the phone screen and still closes.
  await page.getByRole('article').first().getByRole('heading').getByRole('button').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('360 px: the signed-in menu has Home and Profile', async ({ page, request }) => {
  const account = await createAccount(request, 'mobile');
  await signInBrowser(page, account);
  for (const path of ['/home', '/profile', '/saved']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await noSideScroll(page);
  }
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
});
