import { expect, test, type Page } from '@playwright/test';
import { codeFor } from './support/mail';
import { createAccount, PASSWORD, typeCode, uniqueEmail, watchConsole } from './support/helpers';
import { apiGet, expectToast, signedInReader } from './support/reader';

/** A 16×16 PNG: a real image, so the API's decoder accepts it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGM4YWNDEmIY1TCqYfhqAACrxkAQIqaBzAAAAABJRU5ErkJggg==',
  'base64',
);

async function loginThroughForm(page: Page, email: string, mailIndex: number) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await typeCode(page, await codeFor(email, mailIndex));
  await expect(page).toHaveURL(/\/home$/);
}

test('profile: name edit, e-mail change with the code from the new address, picture upload and removal', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const reader = await signedInReader(page, request, 'profile', undefined, 'Ada Lovelace');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByText(reader.email)).toBeVisible();

  // Name only: only the name is sent.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Name').fill('Ada King');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/profile/')) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Profile updated successfully!');
  await expect(page.getByText('Ada King', { exact: true })).toBeVisible();
  expect(sent).toEqual(['PUT /api/profile/editname']);

  // A failing edit restores the old values.
  await page.route('**/api/profile/editname', (route) =>
    route.fulfill({ status: 500, json: { message: 'An error occurred while changing the name.' } }),
  );
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Name').fill('Somebody Else');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'An error occurred while changing the name.');
  await expect(page.getByLabel('Name')).toHaveValue('Ada King');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.unroute('**/api/profile/editname');

  // E-mail: verified through a code sent to the new address, on the code-entry screen.
  const newEmail = uniqueEmail('new-address');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  await expect(page.getByText(`${newEmail.slice(0, 3)}*`)).toBeVisible();
  await typeCode(page, await codeFor(newEmail, 0));
  await expectToast(page, 'Profile updated successfully!');
  await expect(page.getByText(newEmail)).toBeVisible();
  expect((await apiGet<{ user: { email: string } }>(page, '/api/auth/me')).user.email).toBe(
    newEmail,
  );

  // Picture: the type and size checks, then preview, upload with progress, remove.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Only image files are supported.' }),
  ).toBeVisible();
  await fileInput.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Max file size is 5MB.' })).toBeVisible();
  await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Preview', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Preview', { exact: true })).toBeHidden();
  await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, 'Profile picture updated successfully!');
  await expect
    .poll(
      async () =>
        (await apiGet<{ user: { profile_url: string } }>(page, '/api/auth/me')).user.profile_url,
    )
    .toMatch(/^\/media\/avatars\//);
  const avatar = page.getByRole('region', { name: 'Profile information' }).locator('img').first();
  await expect(avatar).toHaveAttribute('src', /\/media\/avatars\//);
  expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Remove Picture' }).click();
  await expectToast(page, 'Profile picture removed successfully!');
  await expect(avatar).toHaveAttribute('src', '/media/default-avatar.svg');
  await expect(page.getByRole('button', { name: 'Remove Picture' })).toBeHidden();
  // The one failure is the edit refused on purpose above.
  expect(errors.filter((e) => !e.includes('status of 500'))).toEqual([]);
});

test('reset interests → /preferences; delete account → signed out, and signing in again fails', async ({
  page,
  request,
}) => {
  const reader = await signedInReader(page, request, 'leave');
  await page.goto('/profile');

  await page.getByRole('button', { name: 'Reset Interests' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Reset your interests?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Reset Interests' }).click();
  await confirm.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/preferences$/);
  await expect(page.getByRole('heading', { name: 'Update Your Interests' })).toBeVisible();
  await expect(page.getByText('0 categories selected')).toBeVisible();
  expect(
    (await apiGet<{ user: { interests: string[] } }>(page, '/api/auth/me')).user.interests,
  ).toEqual([]);
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('erase all your data');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const field = dialog.getByLabel('Confirmation');
  const del = dialog.getByRole('button', { name: 'Delete Account' });
  await expect(del).toBeDisabled();
  await field.fill('delete');
  await expect(del).toBeDisabled();
  await field.fill('DELETE');
  await expect(del).toBeEnabled();
  await del.click();
  await expectToast(page, 'Account deleted successfully!');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toBeVisible();
  await expect(page.getByText('Authentication failed. Please log in again.')).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('lede.token'))).toBeNull();

  await page.goto('/login');
  await page.getByLabel('Email').fill(reader.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the theme is saved to the account and restored in another browser after login', async ({
  page,
  request,
  browser,
}) => {
  const account = await createAccount(request, 'theme-login');
  await request.post('/api/profile/setinterests', {
    data: { interests: ['sports', 'health', 'world'] },
    headers: { Authorization: `Bearer ${account.token}` },
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await loginThroughForm(page, account.email, 1);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect
    .poll(async () => (await apiGet<{ user: { theme: string } }>(page, '/api/auth/me')).user.theme)
    .toBe('dark');

  const other = await browser.newContext({ colorScheme: 'light' });
  const page2 = await other.newPage();
  await page2.goto('/');
  await expect(page2.locator('html')).toHaveAttribute('data-theme', 'light');
  await loginThroughForm(page2, account.email, 2);
  await expect(page2.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page2.goto('/profile');
  await expect(page2.locator('html')).toHaveAttribute('data-theme', 'dark');
  await other.close();
});
