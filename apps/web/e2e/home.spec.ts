import { expect, test } from '@playwright/test';

test('the page shows the headline and that the API is ok', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Lede/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Discover News That Matters—To You' }),
  ).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('API status: ok');
  await expect(page.getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute(
    'href',
    'https://creativecommons.org/licenses/by/4.0/',
  );
});

test('an unknown client route falls back to the page', async ({ page }) => {
  const res = await page.goto('/some/client/route');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Discover News That Matters—To You',
  );
});
