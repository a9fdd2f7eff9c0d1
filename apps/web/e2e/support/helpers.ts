import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { codeFor } from './mail';

export const PASSWORD = 'Sup3r!pass';

export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export interface Account {
  name: string;
  email: string;
  password: string;
  token: string;
  user: Record<string, unknown>;
}

/** Creates an account through the API (send-otp, the mailed code, verify-otp, signup). */
export async function createAccount(
  request: APIRequestContext,
  tag: string,
  name = 'Ada Lovelace',
): Promise<Account> {
  const email = uniqueEmail(tag);
  const sent = await request.post('/api/auth/send-otp', { data: { email } });
  expect(sent.status()).toBe(200);
  const { hash } = (await sent.json()) as { hash: string };
  const otp = await codeFor(email, 0);
  expect(
    (await request.post('/api/auth/verify-otp', { data: { email, otp, hash } })).status(),
  ).toBe(200);
  const res = await request.post('/api/auth/signup', {
    data: { name, email, password: PASSWORD },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { AccessToken: string; newUser: Record<string, unknown> };
  // A reader with interests, so /home shows a feed instead of asking for preferences.
  const chosen = await request.post('/api/profile/setinterests', {
    data: { interests: READER_INTERESTS },
    headers: { Authorization: `Bearer ${body.AccessToken}` },
  });
  expect(chosen.status()).toBe(200);
  const { user } = (await chosen.json()) as { user: Record<string, unknown> };
  return { name, email, password: PASSWORD, token: body.AccessToken, user };
}

export const READER_INTERESTS = ['technology', 'science', 'health'];

/** Gives the reader signed in in this page three interests (as the preferences screen would). */
export async function chooseInterests(page: Page): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('lede.token'));
  const res = await page.request.post('/api/profile/setinterests', {
    data: { interests: READER_INTERESTS },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const { user } = (await res.json()) as { user: unknown };
  await page.evaluate((u) => localStorage.setItem('lede.user', JSON.stringify(u)), user);
}

/** Puts a session in the browser's storage, as a successful login does. */
export async function signInBrowser(page: Page, account: Account): Promise<void> {
  await page.goto('/');
  await page.evaluate(
    ([user, token]) => {
      localStorage.setItem('lede.user', JSON.stringify(user));
      localStorage.setItem('lede.token', token as string);
    },
    [account.user, account.token] as const,
  );
}

/**
 * Waits until every finite animation and transition on the page has finished (a toast
 * fading in or out, a dialog opening): axe measures contrast at the current opacity, so
 * an element caught mid-fade reads as low contrast. Endless ones (skeleton pulses,
 * spinners) are left running. Loops because a finished animation can start another.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let round = 0; round < 10; round++) {
      const running = document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity,
        );
      if (running.length === 0) return;
      await Promise.allSettled(running.map((a) => a.finished));
    }
  });
}

/**
 * Rests the pointer on the first toast, as a reader reading it would: react-hot-toast pauses
 * every toast while hovered, so none starts fading out half-way through an axe run (which
 * would measure it at part opacity). Returns a function that moves the pointer away again.
 */
async function holdToasts(page: Page): Promise<() => Promise<void>> {
  const toast = page.locator('[role="status"][aria-live="polite"]').first();
  const box = (await toast.count()) > 0 ? await toast.boundingBox() : null;
  if (!box) return async () => {};
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  return async () => {
    const size = page.viewportSize();
    if (size) await page.mouse.move(size.width - 1, size.height - 1);
  };
}

/** axe-core on the current page: WCAG 2.1 A/AA and best practices, zero violations. */
export async function expectNoA11yViolations(page: Page, label: string): Promise<void> {
  const releaseToasts = await holdToasts(page);
  await settleAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  await releaseToasts();
  expect(found, `axe violations on ${label}`).toEqual([]);
}

/** Collects console errors and page errors; assert on them at the end of a test. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const current = await page.locator('html').getAttribute('data-theme');
  if (current !== theme) {
    await page.getByRole('button', { name: /Switch to (light|dark) theme/ }).click();
  }
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Types a code into the six boxes, one key at a time. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}
