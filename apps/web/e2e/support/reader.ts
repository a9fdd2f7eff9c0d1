import type { CategoryId } from '@lede/shared';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createAccount, signInBrowser, type Account } from './helpers';

/** A reader with interests set through the API, signed in in this page. */
export async function signedInReader(
  page: Page,
  request: APIRequestContext,
  tag: string,
  interests: CategoryId[] = ['science', 'travel', 'food'],
  name?: string,
): Promise<Account> {
  const account = await createAccount(request, tag, name);
  const res = await request.post('/api/profile/setinterests', {
    data: { interests },
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(res.status()).toBe(200);
  const { user } = (await res.json()) as { user: Record<string, unknown> };
  const reader = { ...account, user };
  // The first feed is built on demand; build it before the page asks (a loaded machine is slow).
  const feed = await request.get('/api/recommendations/get', {
    headers: { Authorization: `Bearer ${account.token}` },
    timeout: 60_000,
  });
  expect(feed.status()).toBe(200);
  await signInBrowser(page, reader);
  return reader;
}

/** The token the page currently holds (it changes as the API sends new ones). */
export async function pageToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('lede.token')))!;
}

/** GET an API route as the page's reader. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, {
    headers: { Authorization: `Bearer ${await pageToken(page)}` },
  });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** The cards of a list by its accessible name. */
export function cardsOf(page: Page, list: string): Locator {
  return page.getByRole('list', { name: list, exact: true }).getByRole('article');
}

/** The title button of a card. */
export function cardTitle(card: Locator): Locator {
  return card.getByRole('heading').getByRole('button');
}

/**
 * A toast with this text is shown (found by CSS: while a modal dialog is open the rest of the
 * page, toasts included, is aria-hidden).
 */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.locator('[role="status"]').filter({ hasText: text }).first()).toBeVisible();
}

/** The streak counter of the navigation bar. */
export function streakCounter(page: Page): Locator {
  return page.getByTitle('Reading streak');
}
