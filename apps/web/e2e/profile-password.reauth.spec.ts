import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { codeFor } from './support/mail';
import {
  expectNoA11yViolations,
  PASSWORD,
  setTheme,
  settleAnimations,
  typeCode,
  uniqueEmail,
  watchConsole,
} from './support/helpers';
import { outlastReauthWindow } from './support/reauth';
import { apiGet, expectToast, signedInReader } from './support/reader';

// Runs on the server of playwright.reauth.config.ts: every session there is past its
// re-authentication window a second after signing in, so the API asks for the password.
test.use({ viewport: { width: 360, height: 740 } });

const WRONG_PASSWORD = 'Not-the-pass1';
const HINT = 'For your security, confirm your password to continue.';

/** A reader on /profile whose session is older than the re-authentication window. */
async function readerPastTheWindow(page: Page, request: APIRequestContext) {
  const reader = await signedInReader(page, request, 'reauth');
  await outlastReauthWindow(Date.now());
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  return reader;
}

/** The theme toggle is in the header, which hides once the page is scrolled down. */
async function switchTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate(() => window.scrollTo(0, 0));
  await setTheme(page, theme);
}

/** The password state at 360 px: no axe violation, nothing wider than the screen, a picture. */
async function checkPasswordState(page: Page, label: string, theme: 'light' | 'dark') {
  await expectNoA11yViolations(page, `${label} (${theme})`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
  await settleAnimations(page);
  await page.screenshot({ path: `/tmp/lede-reauth-${label.replaceAll(' ', '-')}-${theme}.png` });
}

/** Console errors but the failed loads asked for on purpose (403: the question, 400: a refusal). */
const unexpectedErrors = (errors: string[]) => errors.filter((e) => !/status of (400|403)/.test(e));

test('an older session confirms the password to change the e-mail address', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  await readerPastTheWindow(page, request);
  await switchTheme(page, 'light');

  const newEmail = uniqueEmail('reauth-new');
  const edit = page.getByRole('button', { name: 'Edit Profile' });
  await edit.focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Email').fill(newEmail);
  await page.keyboard.press('Enter');

  // Asked, in the same form, without being signed out.
  const password = page.getByLabel('Current password');
  await expect(password).toBeFocused();
  await expect(password).toHaveAccessibleDescription(HINT);
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);
  await expect(page).toHaveURL(/\/profile$/);
  await checkPasswordState(page, 'email form', 'light');
  await switchTheme(page, 'dark');
  await checkPasswordState(page, 'email form', 'dark');

  await password.fill(WRONG_PASSWORD);
  await password.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect password.' })).toBeVisible();
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  await password.fill(PASSWORD);
  await password.press('Enter');
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  await typeCode(page, await codeFor(newEmail, 0));
  await expectToast(page, 'Profile updated successfully!');
  await expect(page.getByText(newEmail)).toBeVisible();
  expect((await apiGet<{ user: { email: string } }>(page, '/api/auth/me')).user.email).toBe(
    newEmail,
  );
  expect(unexpectedErrors(errors)).toEqual([]);
});

test('an older session confirms the password to delete the account, all by keyboard', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const reader = await readerPastTheWindow(page, request);
  const sent: unknown[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/profile/deleteaccount')) sent.push(r.postDataJSON());
  });
  const remove = page.getByRole('button', { name: 'Delete Account' });
  const dialog = page.getByRole('alertdialog');
  const password = dialog.getByLabel('Current password');

  /** Opens the dialog from its button and confirms with DELETE: the server asks. */
  const confirmDeletion = async () => {
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Continue' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByLabel('Confirmation').focus();
    await page.keyboard.type('DELETE');
    await page.keyboard.press('Enter');
    await expect(password).toBeFocused();
    await expect(password).toHaveAccessibleDescription(HINT);
  };

  await switchTheme(page, 'dark');
  await confirmDeletion();
  await checkPasswordState(page, 'delete dialog', 'dark');
  // Escape closes it, focus goes back to its button, and the next opening starts over.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();

  await switchTheme(page, 'light');
  await confirmDeletion();
  await checkPasswordState(page, 'delete dialog', 'light');

  await page.keyboard.type(WRONG_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Incorrect password.');
  await expect(dialog).toBeVisible();
  await expect(password).toBeFocused();
  // The refused password is selected: typing replaces it.
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');

  await expectToast(page, 'Account deleted successfully!');
  await expect(page).toHaveURL(/\/login$/);
  // Each opening first tries without a password; only the answers to the question carry one.
  expect(sent).toEqual([null, null, { password: WRONG_PASSWORD }, { password: PASSWORD }]);

  await page.getByLabel('Email').fill(reader.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  expect(unexpectedErrors(errors)).toEqual([]);
});
