import { MESSAGES } from '@lede/shared/constants';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, watchConsole } from './support/helpers';
import { apiGet, expectToast, signedInReader } from './support/reader';

function editionCard(page: Page) {
  const card = page.getByRole('region', { name: 'Daily edition by e-mail' });
  return {
    card,
    onOff: card.getByRole('switch', { name: 'E-mail me the edition' }),
    weekly: card.getByRole('radio', { name: 'Weekly' }),
    day: card.getByLabel('Day'),
    time: card.getByLabel('Time', { exact: true }),
    zone: card.getByLabel('Time zone'),
    save: card.getByRole('button', { name: 'Save edition settings' }),
  };
}

test('edition: a reader turns on a weekly edition, finds it kept after a reload, then turns it off', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  await signedInReader(page, request, 'edition');
  await page.goto('/profile');
  const edition = editionCard(page);

  // Off by default, the schedule hidden until it is turned on.
  await expect(edition.onOff).not.toBeChecked();
  await expect(edition.time).toHaveCount(0);

  // On, from the keyboard; weekly on Thursday at 18:45, Lisbon time.
  await edition.onOff.focus();
  await page.keyboard.press('Space');
  await expect(edition.onOff).toBeChecked();
  await edition.weekly.click();
  await edition.day.selectOption('thursday');
  await edition.time.fill('18:45');
  await edition.zone.selectOption('Europe/Lisbon');
  await expectNoA11yViolations(page, 'the profile with the edition card turned on');
  await edition.save.click();
  await expectToast(page, MESSAGES.edition.saved);
  expect(await apiGet(page, '/api/profile/edition')).toMatchObject({
    edition: { frequency: 'weekly', weekday: 'thursday', time: '18:45', timezone: 'Europe/Lisbon' },
  });

  await page.reload();
  await expect(edition.onOff).toBeChecked();
  await expect(edition.weekly).toBeChecked();
  await expect(edition.day).toHaveValue('thursday');
  await expect(edition.time).toHaveValue('18:45');
  await expect(edition.zone).toHaveValue('Europe/Lisbon');

  // Off: nothing is sent any more; the time and zone stay for a later opt-in.
  await edition.onOff.click();
  await expect(edition.time).toHaveCount(0);
  await edition.save.click();
  await expectToast(page, MESSAGES.edition.saved);
  await page.reload();
  await expect(edition.onOff).not.toBeChecked();
  expect(await apiGet(page, '/api/profile/edition')).toMatchObject({
    edition: { frequency: 'off', weekday: null, time: '18:45', timezone: 'Europe/Lisbon' },
  });
  await expectNoA11yViolations(page, 'the profile with the edition card turned off');
  expect(errors).toEqual([]);
});

test('edition: an incomplete time is refused at its field and nothing is saved', async ({
  page,
  request,
}) => {
  await signedInReader(page, request, 'edition-time');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/profile');
  const edition = editionCard(page);
  await edition.onOff.click();
  await edition.time.fill('');
  await edition.save.click();
  await expect(edition.card.getByRole('alert')).toHaveText(MESSAGES.edition.invalidTime);
  await expect(edition.time).toBeFocused();
  await expect(edition.time).toHaveAttribute('aria-invalid', 'true');
  expect(await apiGet(page, '/api/profile/edition')).toMatchObject({
    edition: { frequency: 'off' },
  });
  // The card fits a 360 px screen.
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);
});
