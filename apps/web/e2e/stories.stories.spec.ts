import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations, setTheme, watchConsole } from './support/helpers';

/**
 * The server of playwright.stories.config.ts ingests three RSS feeds that report one event (an
 * earthquake off Chile) four times, beside unrelated items: one story, three sources. It also
 * holds the bundled corpus (HuffPost), whose dates are days without a time.
 */
const FIRST = 'Magnitude 7.1 earthquake strikes off the coast of Chile';
const NEWEST = 'Tsunami warning lifted in Chile after strong earthquake';

interface Listed {
  _id: string;
  title: string;
  source_name: string;
  story: { _id: string; size: number; source_count: number };
}

interface StoryAnswer {
  title: string;
  title_article_id: string;
  articles: Array<{ _id: string; title: string; pub_date_has_time: boolean }>;
}

/** Waits for the first ingestion run (5 s after start) to have grouped the four reports. */
async function quakeStory(request: APIRequestContext): Promise<{ id: string; newest: string }> {
  let found: Listed | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/articles/getarticlebykeyword?keyword=chile');
        found = ((await res.json()) as { articles: Listed[] }).articles.find(
          (a) => a.title === NEWEST,
        );
        return found && [found.story.size, found.story.source_count];
      },
      { timeout: 45_000 },
    )
    .toEqual([4, 3]);
  return { id: found!.story._id, newest: found!._id };
}

async function storyAnswer(request: APIRequestContext, id: string): Promise<StoryAnswer> {
  const res = await request.get(`/api/stories/getstorybyid?story_id=${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { story: StoryAnswer }).story;
}

/** Every timeline entry says why it is in the story; the oldest is the first report. */
async function expectWhyOnEveryReport(page: Page, count: number): Promise<void> {
  const entries = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
  await expect(entries).toHaveCount(count);
  for (let i = 0; i < count; i++)
    await expect(entries.nth(i)).toContainText('Why it is in this story:');
  await expect(entries.last()).toContainText('First report');
}

test('one card per story, its sources in text, the story page and Full coverage', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const { id: storyId, newest } = await quakeStory(request);
  const answer = await storyAnswer(request, storyId);
  // Two sources ran the first headline: the most representative, and its source reported first.
  expect(answer.title).toBe(FIRST);

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

  // The card shows the newest report; the story is titled by its most representative one, and
  // its page says which report the card was.
  await coverage.click();
  await expect(page).toHaveURL(new RegExp(`/story/${storyId}\\?report=${newest}$`));
  await expect(page.getByRole('heading', { level: 1, name: FIRST })).toBeVisible();
  await expect(page.getByText('4 articles from 3 sources').first()).toBeVisible();
  await expect(page.getByText(/Your card showed one of its reports/)).toContainText(
    `“${NEWEST}” (Daily Ledger)`,
  );
  const timeline = page.getByRole('region', { name: /timeline/i }).getByRole('listitem');
  await expect(timeline).toHaveCount(4);
  await expect(timeline.first()).toContainText(NEWEST);
  await expect(timeline.first()).toContainText('On your card');
  // The feeds give a time of day: shown.
  await expect(timeline.first()).toContainText('03 March 2026, 12:00 UTC');
  await expectWhyOnEveryReport(page, 4);
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

test('/story/:id in both themes, at 360 px and on a desktop, axe clean', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const { id, newest } = await quakeStory(request);
  await page.goto(`/story/${id}?report=${newest}`);
  await expect(page.getByRole('heading', { level: 1, name: FIRST })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await expect(page.getByRole('region', { name: 'Sources' })).toBeVisible();
      await expectNoA11yViolations(page, `story page (${theme}, ${width} px)`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({ path: `/tmp/lede-story-${theme}-${width}.png`, fullPage: true });
    }
  }
  expect(errors).toEqual([]);
});

test('a story whose source gives dates only shows no time of day', async ({ page, request }) => {
  const errors = watchConsole(page);
  // A story of the bundled corpus with several reports (one card per story in the list).
  let story: Listed['story'] | undefined;
  let cursor: string | null = null;
  for (let n = 0; n < 20 && !story; n++) {
    const res = await request.get(
      `/api/articles/getlatestarticles?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
    );
    const body = (await res.json()) as { articles: Listed[]; nextCursor: string | null };
    story = body.articles.find((a) => a.source_name === 'HuffPost' && a.story.size > 2)?.story;
    cursor = body.nextCursor;
  }
  expect(story, 'a corpus story of three reports or more').toBeDefined();
  const answer = await storyAnswer(request, story!._id);
  expect(answer.articles.every((a) => !a.pub_date_has_time)).toBe(true);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/story/${story!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: answer.title })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expectWhyOnEveryReport(page, answer.articles.length);
  await expect(timeline).not.toContainText('UTC');
  await expect(page.getByRole('region', { name: 'Sources' })).not.toContainText('UTC');
  await expect(timeline.getByRole('listitem').first()).toContainText(/\d{2} \w+ \d{4} · HuffPost/);
  await setTheme(page, 'dark');
  await expectNoA11yViolations(page, 'corpus story (dark, desktop)');
  await page.screenshot({ path: '/tmp/lede-story-corpus-dark-1280.png', fullPage: true });
  expect(errors).toEqual([]);
});
