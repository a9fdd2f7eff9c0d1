import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, signInBrowser, watchConsole } from './support/helpers';

/**
 * The toast shows, and the dialog's own live region says the same: while the modal is open
 * everything outside it, the toaster included, is hidden from screen readers.
 */
async function expectSaid(page: Page, dialog: Locator, text: string): Promise<void> {
  await expect(
    page.locator('[data-rht-toaster] [role="status"]').filter({ hasText: text }),
  ).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: text })).toHaveCount(1);
}

test('the article modal: keys, focus trap, focus return, click outside', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/explore?category=all');
  const cards = page.getByRole('list', { name: 'all articles' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  const secondTitle = (await cards.nth(1).getByRole('heading').textContent())!.trim();
  const thirdTitle = (await cards.nth(2).getByRole('heading').textContent())!.trim();
  const secondButton = cards.nth(1).getByRole('button', { name: secondTitle });

  // Keyboard only: focus the second card and open it.
  await secondButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: secondTitle })).toBeVisible();
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expect(dialog.getByRole('link', { name: /Read Full Article/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Previous' })).toBeEnabled();

  // ← and → move between articles.
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('heading', { name: thirdTitle })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByRole('heading', { name: secondTitle })).toBeVisible();

  // Tab never leaves the dialog.
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }

  // Escape closes and focus returns to the card.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(secondButton).toBeFocused();

  // A click outside closes it too.
  await cards.first().getByRole('heading').getByRole('button').click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});

test('visitors are invited to sign in to like, and share copies the link', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/explore?category=all');
  await page
    .getByRole('list', { name: 'all articles' })
    .getByRole('article')
    .first()
    .getByRole('heading')
    .getByRole('button')
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Like', exact: true }).click();
  await expectSaid(page, dialog, 'to like articles.');
  await page.keyboard.press('3');
  await expectSaid(page, dialog, 'to save articles.');
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expectSaid(page, dialog, 'Link copied!');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/ - http:\/\/127\.0\.0\.1:\d+\/article\/[0-9a-f-]{36}$/);
});

test('a reader likes, dislikes and saves from the modal; opening records the streak', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'modal');
  await signInBrowser(page, account);
  await page.goto('/explore?category=all');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(page.getByRole('link', { name: 'Profile' }).first()).toBeVisible();
  await page
    .getByRole('list', { name: 'all articles' })
    .getByRole('article')
    .first()
    .getByRole('heading')
    .getByRole('button')
    .click();
  const dialog = page.getByRole('dialog');

  const like = dialog.getByRole('button', { name: 'Like', exact: true });
  const dislike = dialog.getByRole('button', { name: 'Dislike' });
  const likesText = dialog.getByText(/^(\d+ likes?|Be the first to like this article)$/);
  const before = await likesText.textContent();
  await like.click();
  await expectSaid(page, dialog, 'Article Liked!');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(likesText).not.toHaveText(before!);
  await page.keyboard.press('2');
  await expectSaid(page, dialog, 'Article Disliked!');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(dislike).toHaveAttribute('aria-pressed', 'true');
  await expect(likesText).toHaveText(before!);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectSaid(page, dialog, 'Article Saved!');
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Opening the article counted for today's reading streak.
  await page.keyboard.press('Escape');
  await expect(nav).toContainText('1');
});
