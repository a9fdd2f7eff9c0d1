import { expect, test, type Page } from '@playwright/test';
import { codeFor } from './support/mail';
import {
  createAccount,
  expectNoA11yViolations,
  setTheme,
  signInBrowser,
  typeCode,
  watchConsole,
} from './support/helpers';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
] as const;

/** The toasts on screen (react-hot-toast's live regions). */
const toasts = (page: Page) => page.locator('[role="status"][aria-live="polite"]');

test('signing in: the code boxes fit 360 px, and the step toast stays behind on /home', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const account = await createAccount(request, 'calm-login', 'Mary Jackson');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    toasts(page).filter({ hasText: 'Credentials verified! OTP sent to your email.' }),
  ).toBeVisible();
  // The code screen starts at the top, its six boxes inside the card, in one centred row.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const boxes = page.getByRole('textbox', { name: /digit/i });
  await expect(boxes).toHaveCount(6);
  const card = page.locator('.card').filter({ has: boxes.first() });
  const cardBox = (await card.boundingBox())!;
  const rects = await boxes.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: Math.round(r.top) };
    }),
  );
  expect(new Set(rects.map((r) => r.top)).size).toBe(1);
  expect(rects[0]!.left).toBeGreaterThanOrEqual(cardBox.x);
  expect(rects[5]!.right).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  const leftGap = rects[0]!.left - cardBox.x;
  const rightGap = cardBox.x + cardBox.width - rects[5]!.right;
  expect(Math.abs(leftGap - rightGap)).toBeLessThan(4);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expectNoA11yViolations(page, `code screen at 360 px, ${theme}`);
  }

  await typeCode(page, await codeFor(account.email, 1)); // 0 was the sign-up code
  await expect(page).toHaveURL(/\/home$/);
  await expect(toasts(page).filter({ hasText: 'Login successful!' })).toBeVisible();
  await expect(
    toasts(page).filter({ hasText: 'Credentials verified! OTP sent to your email.' }),
  ).toHaveCount(0);
  expect(errors).toEqual([]);
});

for (const size of SIZES) {
  test(`${size.name}: Saved and Log out from the navigation bar`, async ({ page, request }) => {
    const account = await createAccount(request, `calm-nav-${size.name}`, 'Dorothy Vaughan');
    await page.setViewportSize(size);
    await signInBrowser(page, account);
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (size.name === 'phone') await nav.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Saved', exact: true }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/saved$/);

    await nav.getByRole('button', { name: 'Your account' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText('Dorothy Vaughan');
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expectNoA11yViolations(page, `account menu, ${size.name}, ${theme}`);
    }
    await menu.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });
}

test('one toast after a share, and none left after moving to another page', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = await createAccount(request, 'calm-share');
  await signInBrowser(page, account);
  // No native share sheet in headless Chromium: the clipboard path, then the recorded share.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined });
  });
  await page.goto('/explore?category=all');
  const card = page
    .getByRole('list', { name: /all articles/i })
    .getByRole('article')
    .first();
  const title = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: title }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(toasts(page).filter({ hasText: 'Article Shared!' })).toBeVisible();
  await expect(toasts(page)).toHaveCount(1);
  // The toast sits above the dialog's headline and actions, never over them.
  const toastBox = (await toasts(page).first().boundingBox())!;
  const headline = (await dialog.getByRole('heading', { name: title }).boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(headline.y);

  await dialog.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(toasts(page).filter({ hasText: 'Article Liked!' })).toBeVisible();
  await expect(toasts(page)).toHaveCount(1);
  await page.keyboard.press('Escape');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Home', exact: true })
    .click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(toasts(page)).toHaveCount(0);
});
