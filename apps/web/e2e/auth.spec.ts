import { expect, test } from '@playwright/test';
import { codeFor, mailCount } from './support/mail';
import {
  createAccount,
  PASSWORD,
  signInBrowser,
  typeCode,
  uniqueEmail,
  watchConsole,
} from './support/helpers';

test('signup: rules panel, strength bar, a wrong code then the right one, then /preferences', async ({
  page,
}) => {
  const errors = watchConsole(page);
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  const create = page.getByRole('button', { name: 'Create Account' });
  await expect(create).toBeDisabled();
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).focus();
  await expect(page.getByText('Password requirements', { exact: true })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await expect(page.getByTestId('password-strength')).toContainText('Weak');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(page.getByTestId('password-strength')).toContainText('Strong');
  await page.getByLabel('Confirm password').fill('nope');
  await expect(page.getByText('Passwords do not match').first()).toBeVisible();
  await expect(create).toBeDisabled();
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await expect(page.getByText('Passwords match')).toBeVisible();
  await create.click();

  await expect(page.getByText('OTP sent to your email!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  // An address with an account gets a sign-in link instead of a code: the step says so.
  await expect(page.getByText(/We e-mailed you a sign-in link instead/)).toBeVisible();
  await expect(
    page.getByText(
      email.slice(0, 3) + '*'.repeat(email.indexOf('@') - 3) + email.slice(email.indexOf('@')),
    ),
  ).toBeVisible();
  const code = await codeFor(email, 0);
  const wrong = code === '000000' ? '111111' : '000000';
  await typeCode(page, wrong);
  await expect(page.getByRole('alert').filter({ hasText: 'attempts left' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  await typeCode(page, code);
  await expect(page.getByText('Signup successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/preferences$/);
  await expect(
    page.getByRole('heading', { name: "Welcome! Let's Personalize Your Experience" }),
  ).toBeVisible();
  expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
});

test('login: credentials, the code pasted into the boxes, /home; then log out', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'login', 'Katherine Johnson');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('All fields are required.').first()).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('x');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Credentials verified! OTP sent to your email.')).toBeVisible();
  const code = await codeFor(account.email, 1);

  // Paste the whole code into the fourth box.
  const fourth = page.getByRole('textbox', { name: 'Digit 4 of 6' });
  await fourth.focus();
  await fourth.evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, `Code: ${code}`);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Hello, Katherine' })).toBeVisible();

  // Signed in: /login and /signup go to /home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('forgot password: e-mail, code, new password, then login with it', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'forgot');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const send = page.getByRole('button', { name: 'Send Reset Code' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Email').fill(account.email);
  await send.click();
  await expect(page.getByText('Password reset OTP sent to your email!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verify Reset Code' })).toBeVisible();
  await typeCode(page, await codeFor(account.email, 1));
  await expect(page.getByText('OTP verified! Now set your new password.')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Create New Password' })).toBeVisible();
  const reset = page.getByRole('button', { name: 'Reset Password' });
  const newPassword = 'N3w!secret';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await expect(reset).toBeDisabled();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await expect(reset).toBeEnabled();
  await reset.click();
  await expect(
    page.getByText('Password reset successfully! You can now login with your new password.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await typeCode(page, await codeFor(account.email, 2));
  await expect(page).toHaveURL(/\/home$/);
});

test('the code expires after 300 s (clock controlled); resend sends a new one that works', async ({
  page,
}) => {
  await page.clock.install();
  const email = uniqueEmail('expiry');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Mary Jackson');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  await expect(page.getByText('5:00')).toBeVisible();
  const resend = page.getByRole('button', { name: /Resend code/ });
  await expect(resend).toBeDisabled();

  await page.clock.fastForward('04:00');
  await expect(page.getByText(/^[01]:\d\d$/)).toBeVisible();
  await page.clock.fastForward('01:01');
  await expect(page.getByText('Code has expired')).toBeVisible();
  await expect(resend).toBeEnabled();
  await expect.poll(() => mailCount(email)).toBe(1);
  await resend.click();
  await expect(page.getByText('New OTP sent to your email!')).toBeVisible();
  await expect(page.getByText('5:00')).toBeVisible();
  const fresh = await codeFor(email, 1);
  await typeCode(page, fresh);
  await expect(page).toHaveURL(/\/preferences$/);
});

test('guards: signed-in screens send visitors to /login; /preferences needs fromReset', async ({
  page,
  request,
}) => {
  for (const path of ['/home', '/profile', '/saved', '/preferences']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  const account = await createAccount(request, 'guards');
  await signInBrowser(page, account);
  await page.goto('/preferences');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/saved');
  await expect(page.getByRole('heading', { name: 'Saved articles' })).toBeVisible();
});

test('a session the server refuses ends: storage cleared, toast, /login', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'expired');
  await signInBrowser(page, { ...account, token: 'not-a-valid-token' });
  await page.context().clearCookies();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Authentication failed. Please log in again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lede.token'))).toBeNull();
});
