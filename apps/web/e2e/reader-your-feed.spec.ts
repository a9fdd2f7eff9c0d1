import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, setTheme, watchConsole } from './support/helpers';
import { apiGet, expectToast, pageToken, signedInReader } from './support/reader';

interface Profile {
  subjects: {
    key: string;
    label: string;
    steering: string;
    sources: { article_id: string; title: string }[];
  }[];
}
interface Preview {
  recommendations: { article_id: { _id: string; title: string }; reasons: string[] }[];
}

/** Likes the first three articles a search finds, as the page's reader; their ids. */
async function likeThree(page: Page, search: string): Promise<string[]> {
  const headers = { Authorization: `Bearer ${await pageToken(page)}` };
  const found = (await (
    await page.request.get(
      `/api/articles/getarticlebykeyword?keyword=${encodeURIComponent(search)}&limit=3`,
    )
  ).json()) as { articles: { _id: string }[] };
  expect(found.articles.length).toBe(3);
  for (const a of found.articles) {
    const res = await page.request.post('/api/userinteractions/like', {
      headers,
      data: { article_id: a._id },
    });
    expect(res.status()).toBe(200);
  }
  return found.articles.map((a) => a._id);
}

/** The preview's items that come from the subject: their reasons name it or a liked title. */
const fromSubject = (items: Preview['recommendations'], titles: string[]) =>
  items.filter((item) =>
    item.reasons.some(
      (r) => r.startsWith('More on ') || titles.some((t) => r.includes(t.slice(0, 25))),
    ),
  );

test('your feed: the learned subject, turned off with a preview, applied and undone; axe in both themes', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await signedInReader(page, request, 'your-feed', ['science', 'travel', 'food']);
  const liked = await likeThree(page, 'Queen Elizabeth');

  // The API's profile names the subject those likes taught, with the articles it came from.
  const { subjects } = await apiGet<Profile>(page, '/api/recommendations/profile');
  const subject = subjects.find(
    (s) => s.sources.filter((x) => liked.includes(x.article_id)).length >= 2,
  )!;
  expect(subject, JSON.stringify(subjects.map((s) => s.label))).toBeDefined();
  const titles = subject.sources.map((s) => s.title);
  // As things stand, the next top 10 carries the subject.
  const before = (await (
    await page.request.post('/api/recommendations/preview', {
      headers: { Authorization: `Bearer ${await pageToken(page)}` },
      data: { changes: [] },
    })
  ).json()) as Preview;
  expect(fromSubject(before.recommendations, titles).length).toBeGreaterThan(0);

  await page.goto('/profile');
  const feed = page.getByRole('region', { name: 'Your feed' });
  const subjectsList = feed.getByRole('list', { name: 'Learned subjects' });
  const row = subjectsList.getByRole('listitem').filter({ hasText: subject.label }).first();
  // A loaded machine may take a while to build the first profile.
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row.getByRole('meter')).toBeVisible();
  await expect(row.getByText(/Weight \d+%/)).toBeVisible();
  await expect(row.getByText(/you liked/)).toBeVisible();

  // Turn it off from the keyboard: staged, not saved.
  const off = row.getByRole('button', { name: `Off ${subject.label}` });
  await off.focus();
  await page.keyboard.press('Enter');
  await expect(off).toHaveAttribute('aria-pressed', 'true');
  await expect(feed.getByText('1 change not applied yet.')).toBeVisible();
  expect(
    (await apiGet<Profile>(page, '/api/recommendations/profile')).subjects.find(
      (s) => s.key === subject.key,
    )!.steering,
  ).toBe('none');

  // The preview shows the next top 10 without the subject.
  await feed.getByRole('button', { name: 'Preview changes' }).click();
  const preview = feed.getByRole('region', { name: 'Preview: your next top 10' });
  await expect(preview.getByRole('listitem')).toHaveCount(10, { timeout: 60_000 });
  const shown = await preview.getByRole('listitem').allTextContents();
  for (const text of shown) {
    expect(text).not.toMatch(/More on /);
    for (const t of titles) expect(text).not.toContain(t.slice(0, 25));
  }

  for (const theme of ['light', 'dark'] as const) {
    // The navigation bar (with the theme switch) hides while the page is scrolled down.
    await page.evaluate(() => window.scrollTo(0, 0));
    await setTheme(page, theme);
    await expectNoA11yViolations(page, `your feed with a preview (${theme})`);
  }

  // Apply: saved, with a toast to undo it.
  await feed.getByRole('button', { name: 'Apply' }).click();
  await expectToast(page, 'Your feed is updated: 1 change');
  await expect(feed.getByText('Turn a subject or category up, down or off')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await apiGet<Profile>(page, '/api/recommendations/profile')).subjects.find(
          (s) => s.key === subject.key,
        )?.steering,
    )
    .toBe('off');
  await expect(
    subjectsList
      .getByRole('listitem')
      .filter({ hasText: subject.label })
      .first()
      .getByRole('button', { name: `Off ${subject.label}` }),
  ).toHaveAttribute('aria-pressed', 'true');

  // Undo restores the subject.
  await page.locator('[role="status"]').getByRole('button', { name: 'Undo' }).first().click();
  await expect
    .poll(
      async () =>
        (await apiGet<Profile>(page, '/api/recommendations/profile')).subjects.find(
          (s) => s.key === subject.key,
        )?.steering,
    )
    .toBe('none');
  await expect(
    subjectsList
      .getByRole('listitem')
      .filter({ hasText: subject.label })
      .first()
      .getByRole('button', { name: `Off ${subject.label}` }),
  ).toHaveAttribute('aria-pressed', 'false');

  // At 360 px nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page, 'your feed at 360 px');
  expect(errors).toEqual([]);
});
