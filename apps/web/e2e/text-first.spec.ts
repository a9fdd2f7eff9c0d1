import { categoryLabel, isCategoryId } from '@lede/shared';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, signInBrowser, watchConsole } from './support/helpers';

/** Any emoji (pictographs): they show as empty boxes where no emoji font is installed. */
const EMOJI = /\p{Extended_Pictographic}/u;
const PICTURES = 'https://pictures.example.test';
/** A 1×1 PNG: the picture an ingested article links to, served by the test. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGO4c+cOAAQKAmMvDSx6AAAAAElFTkSuQmCC',
  'base64',
);

/**
 * The bundled corpus has no pictures; ingested feeds do. Gives the second article of every list
 * a picture and the third one a picture that fails to load.
 */
async function withPictures(page: Page): Promise<void> {
  await page.route(`${PICTURES}/**`, (route) =>
    route.request().url().endsWith('/broken.png')
      ? route.fulfill({ status: 404, body: '' })
      : route.fulfill({ body: PNG, contentType: 'image/png' }),
  );
  await page.route('**/api/articles/**', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { articles?: { image_url: string }[] };
    if (json.articles?.[1]) json.articles[1].image_url = `${PICTURES}/picture.png`;
    if (json.articles?.[2]) json.articles[2].image_url = `${PICTURES}/broken.png`;
    await route.fulfill({ response, json });
  });
}

function allCards(page: Page): Locator {
  return page.getByRole('list', { name: 'all articles' }).getByRole('article');
}

async function expectTextFirst(card: Locator): Promise<void> {
  await expect(card.locator('img')).toHaveCount(0);
  await expect(card.getByTestId('source-mark')).toHaveText(/^[\p{Lu}\p{N}]{1,2}$/u);
  await expect(card.getByText('HuffPost', { exact: true })).toBeVisible();
}

test('without a picture a card is text-first: no image, a source mark, its category', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto('/explore?category=all');
  const cards = allCards(page);
  await expect(cards.first()).toBeVisible();
  // No placeholder picture anywhere: the corpus cards have no <img> at all.
  await expect(page.getByRole('list', { name: 'all articles' }).locator('img')).toHaveCount(0);
  await expectTextFirst(cards.first());

  // A category page: a card says its category (in its colour) above the title.
  await page.getByRole('button', { name: 'Science', exact: true }).click();
  const science = page.getByRole('list', { name: 'science articles' }).getByRole('article');
  await expect(science.first()).toBeVisible();
  const category = (await science.first().getAttribute('data-category')) ?? '';
  expect(isCategoryId(category), category).toBe(true);
  if (isCategoryId(category)) {
    await expect(science.first().getByText(categoryLabel(category), { exact: true })).toBeVisible();
  }

  // The article page leads with the text as well.
  await science.first().getByRole('heading').getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: /Read Full Article/ })).toBeVisible();
  await expect(dialog.locator('img')).toHaveCount(0);
  await expect(dialog.getByTestId('source-mark')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a picture keeps its reserved 16:9 box; a broken one falls back to text-first', async ({
  page,
}) => {
  await withPictures(page);
  await page.goto('/explore?category=all');
  const cards = allCards(page);
  const picture = cards.nth(1).locator('img');
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('width', '640');
  await expect(picture).toHaveAttribute('height', '360');
  const box = (await picture.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The picture that fails to load leaves no broken image behind.
  await expectTextFirst(cards.nth(2));

  // The same in the article dialog.
  await cards.nth(1).getByRole('heading').getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('img[width="640"][height="360"]')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('link', { name: /Read Full Article/ })).toBeVisible();
  await expect(dialog.locator('img')).toHaveCount(0);
});

test('topics and interests show SVG icons, never emoji', async ({ page, request }) => {
  await page.goto('/');
  const topics = page.getByRole('region', { name: /topics to follow/ }).getByRole('listitem');
  await expect(topics).toHaveCount(15);
  for (const topic of await topics.all()) {
    await expect(topic.locator('svg')).toHaveCount(1);
    expect(await topic.textContent()).not.toMatch(EMOJI);
  }

  // The interest cards (reached by resetting the interests, as a reader would).
  const account = await createAccount(request, 'icons');
  await signInBrowser(page, account);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Reset Interests' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/preferences$/);
  const interests = page.getByRole('list', { name: 'Interest categories' }).getByRole('button');
  await expect(interests).toHaveCount(15);
  for (const card of await interests.all()) {
    await expect(card.locator('svg').first()).toBeVisible();
    expect(await card.textContent()).not.toMatch(EMOJI);
  }
});
