import { expect, test } from '@playwright/test';
import { watchConsole } from './support/helpers';
import { apiGet, cardsOf, cardTitle, expectToast, signedInReader } from './support/reader';

interface Profile {
  subjects: { key: string; steering: string }[];
}

test('"Fewer like this" takes the card out, turns its subject down, and the toast\'s Undo brings it back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await signedInReader(page, request, 'fewer-undo', ['science', 'travel', 'food']);

  await page.goto('/home');
  const cards = cardsOf(page, 'Recommended articles');
  await expect(cards.first()).toBeVisible();
  const card = cards.nth(1);
  const title = (await cardTitle(card).textContent())!.trim();
  const titled = page.getByRole('button', { name: title, exact: true });
  await expect(titled).toHaveCount(1);

  // Fewer like this, from the keyboard: the card leaves and its subject is turned down.
  await card.getByRole('button', { name: 'Fewer like this' }).focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'You will see fewer stories like this');
  await expect(titled).toHaveCount(0);
  const down = (await apiGet<Profile>(page, '/api/recommendations/profile')).subjects.filter(
    (s) => s.steering === 'down',
  );
  expect(down).toHaveLength(1);

  // The toast offers Undo, reached and pressed from the keyboard: the card comes back.
  const undo = page.locator('[role="status"]').getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  await undo.focus();
  await expect(undo).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Story back in your feed');
  await expect(titled).toHaveCount(1);
  await expect(cardTitle(cards.nth(1))).toHaveText(title);
  expect(
    (await apiGet<Profile>(page, '/api/recommendations/profile')).subjects.filter(
      (s) => s.steering === 'down',
    ),
  ).toEqual([]);
  expect(errors).toEqual([]);
});
