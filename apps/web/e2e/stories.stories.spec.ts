import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoA11yViolations, setTheme, watchConsole } from './support/helpers';

/**
 * The server of playwright.stories.config.ts ingests three RSS feeds that report one event (an
 * earthquake off Chile) four times, beside unrelated items: one story, three sources.
 */
const FIRST = 'Magnitude 7.1 earthquake strikes off the coast of Chile';
const NEWEST = 'Tsunami warning lifted in Chile after strong earthquake';

interface Listed {
  title: string;
  story: { _id: string; size: number; source_count: number };
}

/** Waits for the first ingestion run (5 s after start) to have grouped the four reports. */
async function quakeStory(request: APIRequestContext): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/articles/getarticlebykeyword?keyword=chile');
        const found = ((await res.json()) as { articles: Listed[] }).articles;
        const story = found.find((a) => a.title === NEWEST)?.story;
        id = story?._id ?? '';
        return story && [story.size, story.source_count];
      },
      { timeout: 45_000 },
    )
    .toEqual([4, 3]);
  return id;
}

test('one card per story, its sources in text, the story page and Full coverage', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const storyId = await quakeStory(request);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/explore?category=all');
  const cards = page.getByRole('list', { name: /all articles/i }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasText: /Chile/ })).toHaveCount(1);
  const card = cards.filter({ hasText: NEWEST });
  const coverage = card.getByRole('link', { name: 'Full coverage: 3 sources' });
  await expect(coverage).toHaveText(/3 sources/);
  await setTheme(page, 'light');
  await expectNoA11yViolations(page, 'explore with a story card (light)');

  await coverage.click();
  await expect(page).toHaveURL(new RegExp(`/story/${storyId}$`));
  await expect(page.getByRole('heading', { level: 1, name: FIRST })).toBeVisible();
  await expect(page.getByText('4 articles from 3 sources').first()).toBeVisible();
  const timeline = page.getByRole('region', { name: /timeline/i }).getByRole('listitem');
  await expect(timeline).toHaveCount(4);
  await expect(timeline.first()).toContainText(NEWEST);
  const sources = page.getByRole('region', { name: /sources/i });
  for (const name of ['Coast Herald', 'Daily Ledger', 'Pacific Wire'])
    await expect(sources.getByText(name, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'story page (light, desktop)');

  await setTheme(page, 'dark');
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoA11yViolations(page, 'story page (dark, 360 px)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // An article of the story opens with the other reports under "Full coverage".
  await timeline.first().getByRole('link', { name: NEWEST }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Full coverage' })).toBeVisible();
  await expect(dialog.getByText('Pacific Wire').first()).toBeVisible();
  await expect(dialog.getByRole('link', { name: /See the whole story/ })).toBeVisible();
  await expectNoA11yViolations(page, 'article with Full coverage (dark, 360 px)');
  expect(errors).toEqual([]);
});
