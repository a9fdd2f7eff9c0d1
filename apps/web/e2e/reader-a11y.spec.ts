import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, setTheme, watchConsole } from './support/helpers';
import { cardsOf, cardTitle, pageToken, signedInReader } from './support/reader';

const THEMES = ['light', 'dark'] as const;

/** Saves the feed's first article and likes the second, through the API as the page's reader. */
async function someActivity(page: Page): Promise<void> {
  const headers = { Authorization: `Bearer ${await pageToken(page)}` };
  const feed = (await (await page.request.get('/api/recommendations/get', { headers })).json()) as {
    recommendations: { article_id: { _id: string } }[];
  };
  const [first, second] = feed.recommendations;
  await page.request.post('/api/userinteractions/save', {
    headers,
    data: { article_id: first!.article_id._id },
  });
  await page.request.post('/api/userinteractions/like', {
    headers,
    data: { article_id: second!.article_id._id },
  });
}

async function noHorizontalScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
}

for (const theme of THEMES) {
  test(`axe: every signed-in screen of the reader, ${theme} theme`, async ({ page, request }) => {
    // Fourteen axe passes over pages of 30 cards: minutes on a loaded 2-core machine.
    test.setTimeout(300_000);
    const errors = watchConsole(page);
    await page.emulateMedia({ colorScheme: theme });
    await signedInReader(page, request, `reader-a11y-${theme}`);
    await someActivity(page);
    await page.goto('/home');
    await setTheme(page, theme);
    const cards = cardsOf(page, 'Recommended articles');
    await expect(cards.first()).toBeVisible();
    await expectNoA11yViolations(page, `/home (${theme})`);

    await cardTitle(cards.first()).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoA11yViolations(page, `feed modal (${theme})`);
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await expectNoA11yViolations(page, `shortcuts dialog (${theme})`);
    await page.keyboard.press('Escape');

    await page.goto('/saved');
    await expect(cardsOf(page, 'Saved articles')).toHaveCount(1);
    await expectNoA11yViolations(page, `/saved (${theme})`);

    await page.goto('/profile');
    await expect(cardsOf(page, 'Saved articles')).toHaveCount(1);
    await expectNoA11yViolations(page, `/profile saved tab (${theme})`);
    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();
    await expectNoA11yViolations(page, `/profile activity tab (${theme})`);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expectNoA11yViolations(page, `/profile edit mode (${theme})`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expectNoA11yViolations(page, `delete dialog, step 1 (${theme})`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Confirmation').fill('DEL');
    await expectNoA11yViolations(page, `delete dialog, step 2 (${theme})`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Reset Interests' }).click();
    await expectNoA11yViolations(page, `reset dialog (${theme})`);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click();
    await expect(page).toHaveURL(/\/preferences$/);
    await page.getByRole('button', { name: /^science/i }).click();
    await expectNoA11yViolations(page, `/preferences, reset mode (${theme})`);

    // The empty states.
    await page.goto('/saved');
    await page
      .getByRole('list', { name: 'Saved articles' })
      .getByRole('button', { name: 'Save' })
      .click();
    await expect(page.getByText('No saved articles yet')).toBeVisible();
    await expectNoA11yViolations(page, `/saved, empty (${theme})`);
    expect(errors).toEqual([]);
  });
}

test('360 px phone: home, modal, saved, profile and preferences fit and work by touch-size controls', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await signedInReader(page, request, 'reader-phone');
  await someActivity(page);

  await page.goto('/home');
  const cards = cardsOf(page, 'Recommended articles');
  await expect(cards.first()).toBeVisible();
  await noHorizontalScroll(page, '/home');
  const like = cards.first().getByRole('button', { name: 'Like', exact: true });
  const box = (await like.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(40);
  expect(box.height).toBeGreaterThanOrEqual(40);
  await cardTitle(cards.first()).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await noHorizontalScroll(page, 'modal');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(cardsOf(page, 'Saved articles')).toHaveCount(1);
  await noHorizontalScroll(page, '/profile');
  await expectNoA11yViolations(page, '/profile at 360 px');
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();
  await noHorizontalScroll(page, '/profile activity');

  await page.goto('/saved');
  await expect(cardsOf(page, 'Saved articles')).toHaveCount(1);
  await noHorizontalScroll(page, '/saved');
  await expectNoA11yViolations(page, '/saved at 360 px');

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Reset Interests' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/preferences$/);
  await noHorizontalScroll(page, '/preferences');
  for (const name of [/^science/i, /^sports/i, /^health/i])
    await page.getByRole('button', { name }).click();
  const save = page.getByRole('button', { name: 'Save & Continue' });
  await expect(save).toBeInViewport();
  await save.click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(cards.first()).toBeVisible();
  await expectNoA11yViolations(page, '/home at 360 px');
  expect(errors).toEqual([]);
});
