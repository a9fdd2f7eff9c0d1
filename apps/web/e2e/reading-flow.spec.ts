import { expect, test, type Page } from '@playwright/test';
import {
  createAccount,
  expectNoA11yViolations,
  setTheme,
  signInBrowser,
  watchConsole,
} from './support/helpers';

/** The number a list's count shows, and whether it says there are more ("50+"). */
async function countOf(page: Page, pattern: RegExp): Promise<{ n: number; more: boolean }> {
  const text = (await page.getByText(pattern).textContent()) ?? '';
  const m = /(\d+)(\+?)/.exec(text);
  return { n: Number(m?.[1]), more: m?.[2] === '+' };
}

async function scrollToEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

test.describe('lists that keep going', () => {
  test('explore: counts say 50+ while more can load, scrolling loads the next page', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.goto('/explore?category=all');
    const list = page.getByRole('list', { name: /all articles/i }).getByRole('article');
    await expect(list.first()).toBeVisible();
    const count = /^\(\d+\+? articles\)$/;
    await expect(page.getByText(count)).toBeVisible();
    expect(await countOf(page, count)).toEqual({ n: 50, more: true });
    await expect(list).toHaveCount(50);

    await scrollToEnd(page);
    await expect.poll(async () => list.count()).toBeGreaterThanOrEqual(100);
    // The count is the number of cards loaded, "+" while more can load.
    await expect
      .poll(async () => (await countOf(page, count)).n === (await list.count()))
      .toBe(true);

    // The same by keyboard: the "Load more" button.
    const more = page.getByRole('button', { name: 'Load more' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => list.count()).toBeGreaterThan(100);
    await expectNoA11yViolations(page, 'explore with more loaded');
    expect(errors).toEqual([]);
  });

  test('search: "Found N+ articles" grows as pages load, exact at the end', async ({ page }) => {
    await page.goto('/search?q=trump');
    const found = /^Found \d+\+? articles?$/;
    await expect(page.getByText(found)).toBeVisible();
    expect(await countOf(page, found)).toEqual({ n: 50, more: true });
    const list = page.getByRole('list', { name: 'Search results for trump' }).getByRole('article');
    for (let i = 0; i < 10 && (await countOf(page, found)).more; i++) {
      const before = await list.count();
      await scrollToEnd(page);
      await expect.poll(async () => list.count()).toBeGreaterThan(before);
    }
    const last = await countOf(page, found);
    expect(last.n).toBeGreaterThan(50);
    await expect(list).toHaveCount(last.n);
  });

  test('the feed loads its next page, then ends with "You\'re all caught up" and ways on', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, 'caughtup');
    await signInBrowser(page, account);
    await page.goto('/home');
    const cards = page.getByRole('list', { name: 'Recommended articles' }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    const first = await cards.count();
    await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();
    await scrollToEnd(page);
    await expect.poll(async () => cards.count()).toBeGreaterThan(first);
    // The bundled corpus holds dozens of pages: the last one is stood in for.
    await page.route(
      (url) => url.pathname === '/api/recommendations/get' && url.searchParams.has('cursor'),
      (route) =>
        route.fulfill({ json: { recommendations: [], interestCount: 3, nextCursor: null } }),
    );
    // By keyboard: pages keep loading as the list grows, so the button moves under a pointer.
    const more = page.getByRole('button', { name: 'Load more' });
    await more.focus();
    await page.keyboard.press('Enter');
    const end = page.getByRole('region', { name: "You're all caught up" });
    await expect(end).toBeVisible();
    await expect(end).toContainText(/Last refreshed at/);
    await expect(end.getByRole('link', { name: 'Broaden your topics' })).toHaveAttribute(
      'href',
      '/preferences',
    );
    await end.getByRole('button', { name: 'Refresh for more' }).click();
    await expect(page.getByText('Recommendations refreshed!')).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await end.scrollIntoViewIfNeeded();
      await expectNoA11yViolations(page, `feed end, ${theme}`);
    }
  });
});

test.describe('the article dialog owns its address', () => {
  test('Back closes it and keeps the scroll; Next replaces the entry; the address opens the page', async ({
    page,
    context,
  }) => {
    const errors = watchConsole(page);
    await page.goto('/explore?category=all');
    const cards = page.getByRole('list', { name: /all articles/i }).getByRole('article');
    await expect(cards).toHaveCount(50);
    const card = cards.nth(20);
    await card.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    const title = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('button', { name: title }).click();

    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/article\/[^/]+$/);
    const address = page.url();
    // "More like this" shows only what is related: this card may have none.
    await expectNoA11yViolations(page, 'article dialog');

    // Next replaces the address: Back then goes to the list, not to the first article.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(page).not.toHaveURL(address);
    await page.goBack();
    await expect(page).toHaveURL(/\/explore\?category=all$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Where it was (focus returns to the card last shown, which may nudge it into view).
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(400);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

    // A copied address opens the article page.
    const other = await context.newPage();
    await other.goto(address);
    await expect(other.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(other.getByRole('dialog')).toHaveCount(0);
    await other.close();
    expect(errors).toEqual([]);
  });

  test('the article dialog ends with more like this and keyword links, and fits 360 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const theme of ['light', 'dark'] as const) {
      // An article with related stories: NASA's rescheduled Artemis launch.
      await page.goto('/search?q=artemis%20mission');
      await setTheme(page, theme);
      const results = page.getByRole('list', { name: /Search results/ }).getByRole('article');
      const first = results.filter({ hasText: 'Reschedules Artemis Moon Mission' }).first();
      const title = (await first.getByRole('heading').textContent())!.trim();
      await first.getByRole('button', { name: title }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      // The four actions share one row.
      const actions = dialog.getByRole('group', { name: 'Article actions' }).getByRole('button');
      const tops = await actions.evaluateAll((els) =>
        els.map((el) => Math.round(el.getBoundingClientRect().top)),
      );
      expect(new Set(tops).size).toBe(1);
      await expect(dialog.getByRole('heading', { name: 'More like this' })).toBeVisible();
      const related = dialog.getByRole('link').filter({ hasText: /nasa|moon/i });
      await expect(related.first()).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'Search for artemis mission' })).toBeVisible();
      await expectNoA11yViolations(page, `article dialog at 360 px, ${theme}`);
    }
  });
});
