import { expect, test } from '@playwright/test';
import { codeFor } from './support/mail';
import { PASSWORD, typeCode, uniqueEmail, watchConsole } from './support/helpers';
import {
  apiGet,
  cardsOf,
  cardTitle,
  expectToast,
  signedInReader,
  streakCounter,
} from './support/reader';

interface Feed {
  recommendations: {
    _id: string;
    status: string;
    article_id: { _id: string; title: string; likes: number };
  }[];
}

test('signup → preferences (fewer than 3 refused) → home with reasons → refresh; opening marks read and the streak shows 1', async ({
  page,
}) => {
  const errors = watchConsole(page);
  const email = uniqueEmail('feed');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await typeCode(page, await codeFor(email, 0));
  await expect(page).toHaveURL(/\/preferences$/);

  await expect(
    page.getByRole('heading', { name: "Welcome! Let's Personalize Your Experience" }),
  ).toBeVisible();
  await expect(page.getByText('0 categories selected')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save & Continue' })).toBeDisabled();
  await page.getByRole('button', { name: /^science/i }).click();
  await page.getByRole('button', { name: /^travel/i }).click();
  await expect(page.getByRole('button', { name: /^science/i })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText('2 categories selected')).toBeVisible();
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expectToast(page, 'Please select at least 3 categories for better personalization.');
  await expect(page).toHaveURL(/\/preferences$/);
  await page.getByRole('button', { name: /Food & Dining/ }).click();
  await expect(page.getByText('3 categories selected')).toBeVisible();
  await page.getByRole('button', { name: 'Save & Continue' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Hello, Grace' })).toBeVisible();
  const cards = cardsOf(page, 'Recommended articles');
  await expect(cards.first()).toBeVisible();
  // Every card says why it was picked, in plain words.
  await expect(cards.first().getByText(/^Because you like /)).toBeVisible();
  const reasons = await cards.getByText(/^Because you like /).allTextContents();
  expect(new Set(reasons).size).toBeGreaterThan(1);

  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expectToast(page, 'Recommendations refreshed!');
  // The screen shows the refreshed feed, in the API's order.
  const refreshed = await apiGet<Feed>(page, '/api/recommendations/get');
  await expect(cardTitle(cards.first())).toHaveText(refreshed.recommendations[0]!.article_id.title);
  await expect(cards).toHaveCount(refreshed.recommendations.length);

  // Opening a recommendation marks it read and starts the streak, without a reload.
  await expect(streakCounter(page)).toContainText('0');
  const title = (await cardTitle(cards.first()).textContent())!.trim();
  await cardTitle(cards.first()).click();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  await expect(streakCounter(page)).toContainText('1');
  await expect
    .poll(async () => {
      const feed = await apiGet<Feed>(page, '/api/recommendations/get');
      return feed.recommendations.find((r) => r.status === 'read') !== undefined;
    })
    .toBe(true);
  expect(errors).toEqual([]);
});

test('like, dislike, save, unsave: counts, toasts and every screen in step', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors = watchConsole(page);
  await signedInReader(page, request, 'react');
  await page.goto('/home');
  const card = cardsOf(page, 'Recommended articles').first();
  await expect(card).toBeVisible();
  const title = (await cardTitle(card).textContent())!.trim();
  const actions = card.getByRole('group', { name: `Actions for ${title}` });
  const count = actions.getByText(/^\d+ likes?$/);
  const before = Number((await count.textContent())!.match(/\d+/)![0]);

  // Like: one more like. Dislike: the like goes, the count comes back.
  await actions.getByRole('button', { name: 'Like', exact: true }).click();
  await expectToast(page, 'Article Liked!');
  await expect(actions.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(count).toHaveText(new RegExp(`^${before + 1} like`));
  await actions.getByRole('button', { name: 'Dislike' }).click();
  await expectToast(page, 'Article Disliked!');
  await expect(actions.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(actions.getByRole('button', { name: 'Dislike' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(count).toHaveText(new RegExp(`^${before} like`));

  // Share without the Web Share API: the link is copied ("Link copied!"), then the share is
  // recorded, and "Article Shared!" takes that toast's place: one toast, never two.
  await actions.getByRole('button', { name: 'Share' }).click();
  await expectToast(page, 'Article Shared!');
  await expect(page.locator('[role="status"]').filter({ hasText: 'Link copied!' })).toHaveCount(0);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`^.+ - http://127\\.0\\.0\\.1:\\d+/article/[0-9a-f-]{36}$`),
  );

  // Save: it is on /saved and in the profile's tab, with the same state.
  await actions.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Article Saved!');
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page.getByRole('tab', { name: 'Saved Articles' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const inProfile = cardsOf(page, 'Saved articles');
  await expect(inProfile).toHaveCount(1);
  await expect(cardTitle(inProfile.first())).toHaveText(title);
  await expect(inProfile.first().getByRole('button', { name: 'Dislike' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(`Saved ${title}`);
  await expect(page.getByRole('tabpanel')).toContainText(/seconds? ago|minutes? ago/);

  await page.goto('/saved');
  const saved = cardsOf(page, 'Saved articles');
  await expect(saved).toHaveCount(1);
  await saved.first().getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Article Unsaved!');
  await expect(saved).toHaveCount(0);
  await expect(page.getByText('No saved articles yet')).toBeVisible();
  // Undo brings it back.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(saved).toHaveCount(1);
  await saved.first().getByRole('button', { name: 'Save' }).click();
  await expect(saved).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Explore articles' })).toHaveAttribute(
    'href',
    '/explore',
  );
  await page.goto('/profile');
  await expect(page.getByText('No saved articles yet')).toBeVisible();
  expect(errors).toEqual([]);
});

test('keyboard reading: j/k, Enter and o, ?, and in the modal 1–4, ←/→, Escape', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedInReader(page, request, 'keys');
  await page.goto('/home');
  const cards = cardsOf(page, 'Recommended articles');
  await expect(cards.first()).toBeVisible();
  const titles = (await cards.evaluateAll((els) =>
    els.slice(0, 3).map((e) => e.querySelector('[aria-haspopup="dialog"]')!.textContent!.trim()),
  )) as string[];

  await page.keyboard.press('j');
  await expect(cardTitle(cards.nth(0))).toBeFocused();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(cardTitle(cards.nth(2))).toBeFocused();
  await page.keyboard.press('k');
  await expect(cardTitle(cards.nth(1))).toBeFocused();
  await page.keyboard.press('o');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: titles[1] })).toBeVisible();

  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('heading', { name: titles[2] })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByRole('heading', { name: titles[1] })).toBeVisible();
  const like = dialog.getByRole('button', { name: 'Like', exact: true });
  await page.keyboard.press('1');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expectToast(page, 'Article Liked!');
  await page.keyboard.press('2');
  await expect(dialog.getByRole('button', { name: 'Dislike' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('3');
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('4');
  await expectToast(page, 'Article Shared!');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cardTitle(cards.nth(1))).toBeFocused();
  // The card shows what the modal did.
  await expect(cards.nth(1).getByRole('button', { name: 'Save' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Enter opens too; shortcuts never fire while typing.
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: titles[1] })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Search articles' }).first().fill('jk?');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('heading', { name: /^Hello/ }).click();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Next article in the list');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});

test('a failing reaction rolls back with its toast', async ({ page, request }) => {
  await signedInReader(page, request, 'rollback');
  await page.goto('/home');
  const card = cardsOf(page, 'Recommended articles').first();
  await expect(card).toBeVisible();
  const like = card.getByRole('button', { name: 'Like', exact: true });
  const count = card.getByText(/^\d+ likes?$/);
  const before = await count.textContent();

  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/userinteractions/like', async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { message: 'Like article failed' } });
  });
  await like.click();
  // Optimistic first…
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(count).not.toHaveText(before!);
  // …then back as it was, with the toast.
  release();
  await expectToast(page, 'Failed to update like status');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(count).toHaveText(before!);
  await page.unroute('**/api/userinteractions/like');
});
