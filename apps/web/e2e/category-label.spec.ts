import { CATEGORIES } from '@lede/shared/constants';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiGet, cardTitle, cardsOf, signedInReader } from './support/reader';

/**
 * One category everywhere. A card, its dialog and its article page show the same
 * label (the article's own category, one of the 15, never "News"); so do an Explore card and its
 * page.
 */

/** The 15 labels (the id, unless the spec names it: 'World News', 'Food & Dining'). */
const LABELS = CATEGORIES.map((c) => c.label);

/** The category line (kicker) of a card, a dialog or a page: its text, as written. */
async function labelIn(scope: Locator): Promise<string> {
  const kicker = scope.locator('p.uppercase').first();
  await expect(kicker).toBeVisible();
  const text = (await kicker.textContent())!.trim();
  expect(LABELS, `"${text}" is one of the 15`).toContain(text);
  return text;
}

async function pageLabel(page: Page, id: string, title: string): Promise<string> {
  await page.goto(`/article/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return labelIn(page.locator('main [data-category]').first());
}

test('a feed card, its dialog and its page show the same category', async ({ page, request }) => {
  await signedInReader(page, request, 'category-label');
  await page.goto('/home');
  const feed = await apiGet<{
    recommendations: { article_id: { _id: string; title: string; categories: string[] } }[];
  }>(page, '/api/recommendations/get');
  const cards = cardsOf(page, 'Recommended articles');
  await expect(cards.first()).toBeVisible();
  for (const { article_id: article } of feed.recommendations.slice(0, 3)) {
    const card = cards.filter({ has: page.getByRole('button', { name: article.title }) });
    await expect(card).toHaveCount(1);
    const onCard = await labelIn(card);
    await expect(card).toHaveAttribute('data-category', article.categories[0]!);

    await cardTitle(card).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(await labelIn(dialog.locator('[data-category]').first())).toBe(onCard);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    expect(await pageLabel(page, article._id, article.title)).toBe(onCard);
    await page.goto('/home');
    await expect(cards.first()).toBeVisible();
  }
});

test('an Explore card and its page show the same category', async ({ page }) => {
  await page.goto('/explore?category=all');
  const cards = cardsOf(page, 'all articles');
  await expect(cards.first()).toBeVisible();
  const card = cards.first();
  const title = (await cardTitle(card).textContent())!.trim();
  const onCard = await labelIn(card);
  const res = await page.request.get('/api/articles/getlatestarticles?limit=20');
  const { articles } = (await res.json()) as { articles: { _id: string; title: string }[] };
  const article = articles.find((a) => a.title === title);
  expect(article, title).toBeDefined();
  expect(await pageLabel(page, article!._id, title)).toBe(onCard);
  await expect(page.getByText(/^news$/i)).toHaveCount(0);
});
