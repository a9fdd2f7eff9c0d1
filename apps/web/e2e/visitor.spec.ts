import { expect, test } from '@playwright/test';
import { CATEGORIES, CATEGORY_IDS } from '@lede/shared';
import { watchConsole } from './support/helpers';

test('the landing page paints without waiting for the API, then shows top stories', async ({
  page,
}) => {
  const errors = watchConsole(page);
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${url.pathname}${url.search}`);
  });
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Discover News That Matters—To You' }),
  ).toBeVisible();
  // Today's top stories, which visitors can read at once, asked for after the first paint (on a
  // busy machine, later than the network's first quiet moment).
  const stories = page.getByRole('region', { name: 'Top stories' }).locator('a[href^="/article/"]');
  await expect(stories).toHaveCount(6);
  await expect(stories.first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // One call in all.
  expect(apiCalls).toEqual(['/api/articles/getlatesttrendingarticles?limit=6']);
  // The topic pills open Explore on that topic.
  await page.getByRole('link', { name: 'World News', exact: true }).click();
  await expect(page).toHaveURL(/\/explore\?category=world$/);
  await expect(page.getByRole('button', { name: 'World News', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goBack();
  await expect(page.getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute(
    'href',
    'https://creativecommons.org/licenses/by/4.0/',
  );
  // Visitors see the streak as 0 and the SignUp / Login links.
  await expect(page.getByText('Reading streak, days:')).toBeAttached();
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('0');
  await page.getByRole('link', { name: 'Explore First' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await page.goBack();
  await page.getByRole('link', { name: /Get Started/ }).click();
  await expect(page).toHaveURL(/\/signup$/);
  expect(errors).toEqual([]);
});

test('explore: 17 chips in order, trending by default, every chip has a count', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await page.goto('/explore');
  const chips = page.getByRole('group', { name: 'Categories' }).getByRole('button');
  // The categories by their labels, capitalised as the rest of the app writes them.
  const title = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);
  await expect(chips).toHaveText(['all', 'trending now', ...CATEGORIES.map((c) => title(c.label))]);
  await expect(page.getByRole('button', { name: 'trending now' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // "(50+ articles)" while more pages can load, the exact number at a list's end.
  const count = page.getByText(/^\(\d+\+? articles\)$/);
  await expect(count).toBeVisible();

  for (const chip of ['all', 'trending now', ...CATEGORY_IDS]) {
    const found = CATEGORIES.find((c) => c.id === chip);
    const label = found ? title(found.label) : chip;
    await page.getByRole('button', { name: label, exact: true }).click();
    await expect(page.getByRole('button', { name: label, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(count).toBeVisible();
    const n = Number(/\((\d+)\+? articles\)/.exec((await count.textContent()) ?? '')?.[1]);
    expect(n, `${chip} has articles`).toBeGreaterThan(0);
    await expect(
      page.getByRole('list', { name: `${chip} articles` }).getByRole('article'),
    ).toHaveCount(n);
  }
  expect(errors).toEqual([]);
});

test('explore: 8 skeletons while loading, then the empty text for a category with none', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/articles/getarticlebykeyword?*', async (route) => {
    await held;
    await route.fulfill({ json: { articles: [], nextCursor: null } });
  });
  await page.goto('/explore?category=automotive');
  const loading = page.getByRole('status', { name: 'Loading articles' });
  await expect(loading).toBeVisible();
  await expect(loading.locator(':scope > div')).toHaveCount(8);
  release();
  await expect(page.getByText('No articles found for "automotive" category')).toBeVisible();
  await expect(page.getByText('(0 articles)')).toBeVisible();
});

test('search: count, results, empty state and blank queries', async ({ page }) => {
  await page.goto('/explore');
  const box = page.getByRole('searchbox', { name: 'Search articles' });
  // A blank query is not submitted from the navigation bar.
  await box.fill('   ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/explore$/);

  await box.fill('climate');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=climate$/);
  const found = page.getByText(/^Found \d+\+? articles?$/);
  await expect(found).toBeVisible();
  const n = Number(/Found (\d+)/.exec((await found.textContent()) ?? '')?.[1]);
  expect(n).toBeGreaterThan(0);
  await expect(page.getByRole('article')).toHaveCount(n);

  await page.goto('/search?q=zzqxjvkw');
  await expect(page.getByText('Found 0 articles')).toBeVisible();
  await expect(page.getByText('No articles found', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Explore articles' }).click();
  await expect(page).toHaveURL(/\/explore$/);

  // Back button: history back.
  await page.goto('/search?q=climate');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/explore$/);

  await page.goto('/search?q=%20%20');
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByText(/Found/)).toHaveCount(0);
});

test('the article page shows the article, or "Article not found"', async ({ page, request }) => {
  const res = await request.get('/api/articles/getlatestarticles?limit=1');
  const { articles } = (await res.json()) as { articles: { _id: string; title: string }[] };
  const article = articles[0]!;
  await page.goto(`/article/${article._id}`);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await expect(page.getByRole('link', { name: /Read Full Article/ })).toBeVisible();
  await expect(page.getByText(/^\d{2} [A-Z][a-z]+ \d{4}$/).first()).toBeVisible();

  await page.goto('/article/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Article not found' })).toBeVisible();
  await page.goto('/article/not-an-id');
  await expect(page.getByRole('heading', { name: 'Article not found' })).toBeVisible();
});

test('an unknown route shows the 404 page with its three buttons', async ({ page }) => {
  await page.goto('/explore');
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBeLessThan(500);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/home');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await page.goto('/no/such/page');
  await page.getByRole('link', { name: 'Explore Articles' }).click();
  await expect(page).toHaveURL(/\/explore$/);
});
