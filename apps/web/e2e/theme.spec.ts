import { expect, test } from '@playwright/test';
import { createAccount, setTheme, signInBrowser } from './support/helpers';

test('the system theme applies first; a choice is kept across reloads without a flash', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await setTheme(page, 'light');

  // Hold back the app's script: the theme must already be right before any of it runs.
  await page.route(/\/assets\/index-.*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  const seen: string[] = [];
  await page.exposeFunction('reportTheme', (t: string) => seen.push(t));
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      (window as unknown as { reportTheme: (t: string) => void }).reportTheme(
        `${document.readyState}:${document.documentElement.dataset.theme}`,
      );
    });
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(seen[0]).toBe('interactive:light');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
});

test("a reader's theme is saved to the account and follows them to a new device", async ({
  page,
  request,
  browser,
}) => {
  const account = await createAccount(request, 'theme');
  await signInBrowser(page, account);
  await page.goto('/home');
  await setTheme(page, 'dark');
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/auth/me', {
        headers: {
          Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('lede.token'))}`,
        },
      });
      return ((await res.json()) as { user: { theme: string } }).user.theme;
    })
    .toBe('dark');

  // Another browser with a light system theme: after login the saved theme wins.
  const other = await browser.newContext({ colorScheme: 'light' });
  const page2 = await other.newPage();
  const me = await page.request.get('/api/auth/me', {
    headers: {
      Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('lede.token'))}`,
    },
  });
  const { user } = (await me.json()) as { user: Record<string, unknown> };
  await signInBrowser(page2, { ...account, user });
  await page2.reload();
  await expect(page2.locator('html')).toHaveAttribute('data-theme', 'dark');
  await other.close();
});
