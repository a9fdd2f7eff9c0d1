import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, signInBrowser, watchConsole } from './support/helpers';

/**
 * Every dialog, opened from the keyboard and closed with Escape, gives focus back to the element
 * that had it (never to the page body).
 */

function cardButtons(page: Page): Locator {
  return page
    .getByRole('list', { name: 'all articles' })
    .getByRole('article')
    .getByRole('heading')
    .getByRole('button');
}

async function closeWithEscape(page: Page, dialog: Locator, returnsTo: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(returnsTo).toBeFocused();
}

test('the shortcuts dialog (?) and the article modal return focus to the card', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto('/explore?category=all');
  const buttons = cardButtons(page);
  await expect(buttons.nth(2)).toBeVisible();

  // j j: the second card; ? opens the shortcuts; Escape comes back to that card.
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(buttons.nth(1)).toBeFocused();
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await closeWithEscape(page, shortcuts, buttons.nth(1));

  // Again from another card, closed with its Close button (Enter).
  await page.keyboard.press('j');
  await expect(buttons.nth(2)).toBeFocused();
  await page.keyboard.press('?');
  await expect(shortcuts).toBeVisible();
  await shortcuts.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  await expect(shortcuts).toBeHidden();
  await expect(buttons.nth(2)).toBeFocused();

  // The article modal, opened with o and with Enter.
  const article = page.getByRole('dialog').filter({ has: page.getByText('Read Full Article') });
  await page.keyboard.press('o');
  await closeWithEscape(page, article, buttons.nth(2));
  await page.keyboard.press('k');
  await expect(buttons.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await closeWithEscape(page, article, buttons.nth(1));
  expect(errors).toEqual([]);
});

test('the profile dialogs return focus to the button that opened them', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'focus');
  await signInBrowser(page, account);
  await page.goto('/profile');

  const reset = page.getByRole('button', { name: 'Reset Interests' });
  await reset.focus();
  await page.keyboard.press('Enter');
  await closeWithEscape(page, page.getByRole('alertdialog'), reset);

  // Delete account: a plain button opens it, at either of its two steps.
  const remove = page.getByRole('button', { name: 'Delete Account' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await closeWithEscape(page, dialog, remove);

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: 'Confirm account deletion' })).toBeVisible();
  await closeWithEscape(page, dialog, remove);

  // Cancel (from the keyboard) too.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
});
