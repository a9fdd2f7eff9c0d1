import { expect, test } from '@playwright/test';
import { watchConsole } from './support/helpers';
import {
  apiGet,
  cardsOf,
  cardTitle,
  expectToast,
  pageToken,
  signedInReader,
} from './support/reader';

interface Controls {
  hiddenSources: { source_name: string }[];
  mutedTopics: { label: string }[];
  learnedTopics: { category: string; label: string }[];
}

test('reader controls: fewer like this, no hiding of the only source, and the profile lists with undo and remove', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  await signedInReader(page, request, 'controls', ['science', 'travel', 'food']);

  // Teach the feed a topic outside the interests: like three sports stories.
  const headers = { Authorization: `Bearer ${await pageToken(page)}` };
  const sports = (await (
    await page.request.get('/api/articles/getarticlebykeyword?keyword=sports&limit=3')
  ).json()) as { articles: { _id: string }[] };
  for (const a of sports.articles)
    await page.request.post('/api/userinteractions/like', { headers, data: { article_id: a._id } });

  await page.goto('/home');
  const cards = cardsOf(page, 'Recommended articles');
  await expect(cards.first()).toBeVisible();

  // Fewer like this, from the keyboard: the card leaves the feed.
  const first = cards.first();
  const title = (await cardTitle(first).textContent())!.trim();
  await first.getByRole('button', { name: 'Fewer like this' }).focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'You will see fewer stories like this');
  await expect(page.getByRole('button', { name: title, exact: true })).toHaveCount(0);
  // No word is muted: the story's subject is turned down, and the toast offers Undo.
  expect((await apiGet<Controls>(page, '/api/recommendations/controls')).mutedTopics).toEqual([]);
  const { subjects } = await apiGet<{ subjects: { steering: string }[] }>(
    page,
    '/api/recommendations/profile',
  );
  expect(subjects.filter((s) => s.steering === 'down').length).toBeGreaterThan(0);

  // The bundled corpus has one source: hiding it would empty the feed, so it is not offered,
  // on the card nor in the dialog, and the API refuses it with a reason.
  await expect(cards.first()).toBeVisible();
  await expect(cards.first().getByRole('button', { name: 'Fewer like this' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide this source' })).toHaveCount(0);
  await cardTitle(cards.first()).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Fewer like this' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Hide this source/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const refused = await page.request.post('/api/recommendations/hidesource', {
    headers,
    data: { source_name: 'HuffPost' },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ code: 'LAST_SOURCE' });

  // The profile lists the muted and learned topics, and no hidden source.
  await page.goto('/profile');
  const feed = page.getByRole('region', { name: 'Your feed' });
  await expect(feed.getByText('No hidden sources.')).toBeVisible();
  // Each topic in one state: the chosen interests once, under Categories, never muted or learned.
  const group = (title: string) =>
    feed.getByRole('heading', { name: title, exact: true }).locator('..');
  for (const label of ['Science', 'Travel', 'Food & Dining']) {
    await expect(
      feed
        .getByRole('list', { name: 'Categories' })
        .getByRole('listitem')
        .filter({ hasText: label }),
    ).toHaveCount(1);
    for (const other of ['Muted topics', 'Learned topics'])
      await expect(
        group(other)
          .getByRole('listitem')
          .filter({ has: page.getByText(label, { exact: true }) }),
      ).toHaveCount(0);
  }
  await expect(
    feed.getByText('Pushed down in your feed, further each time you ask for fewer.'),
  ).toBeVisible();
  await expect(
    feed.getByRole('listitem').filter({ hasText: /Because you liked \d+ sports stories/i }),
  ).toBeVisible();

  const muted = (await apiGet<Controls>(page, '/api/recommendations/controls')).mutedTopics;
  for (const t of muted) {
    await feed.getByRole('button', { name: `Unmute ${t.label}` }).click();
    await expectToast(page, 'Topic no longer muted');
  }
  await expect(feed.getByText('No muted topics.')).toBeVisible();

  await feed.getByRole('button', { name: /^Remove sports$/i }).click();
  await expectToast(page, 'Topic removed from what your feed learned');
  await expect
    .poll(async () =>
      (await apiGet<Controls>(page, '/api/recommendations/controls')).learnedTopics.map(
        (t) => t.category,
      ),
    )
    .not.toContain('sports');
  expect(errors).toEqual([]);
});
