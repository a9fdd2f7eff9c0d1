/**
 * When a reader's unseen candidates run out, articles shown before fill the page: never a second
 * card of a story the page already has. A corpus smaller than a feed, so the second
 * refresh is mostly fill.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.js';
import { insertArticles } from '../../../../test/fixtures.js';
import { createReader } from '../../../../test/readers.js';
import { CORPUS_END, labelledCorpus, readerClient } from '../../../../test/recommendations.js';
import { clusterPendingStories } from '../../stories/index.js';
import { FEED_SIZE } from '../feed.settings.js';

const INTERESTS = ['politics', 'business', 'world'];
const HOUR_MS = 3_600_000;

let ctx: TestContext;
let client: ReturnType<typeof readerClient>;
let reports: string[];

const report = (title: string, sourceName: string, hours: number, description: string) => ({
  title,
  titleKey: title.toLowerCase(),
  description,
  sourceName,
  categories: ['politics'],
  keywords: ['senate', 'budget', 'shutdown'],
  pubDate: new Date(CORPUS_END + hours * HOUR_MS),
});

beforeAll(async () => {
  ctx = await createTestContext();
  client = readerClient(ctx.request);
  await insertArticles(ctx.database.db, labelledCorpus(INTERESTS, 5));
  reports = (
    await insertArticles(ctx.database.db, [
      report(
        'Senate passes stopgap budget to avert government shutdown',
        'Coast Herald',
        1,
        'The Senate passed a stopgap budget bill late on Friday, averting a government shutdown.',
      ),
      report(
        'Government shutdown averted as Senate approves stopgap budget',
        'Pacific Wire',
        2,
        'A stopgap budget approved by the Senate averts a government shutdown until December.',
      ),
    ])
  ).map((r) => r.id);
  await clusterPendingStories(ctx.database.db, { now: ctx.clock.now(), logger: ctx.deps.logger });
});
afterAll(async () => {
  await ctx.close();
});

describe('a feed filled with articles shown before', () => {
  it('never shows two cards of one story', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    const stories = (feed: Awaited<ReturnType<typeof client.refresh>>) =>
      feed.recommendations.map((r) => r.article_id.story._id);

    const first = await client.refresh(reader);
    const story = first.recommendations.find((r) => reports.includes(r.article_id._id))!.article_id
      .story;
    expect(story).toMatchObject({ size: 2, source_count: 2 });
    expect(stories(first).filter((id) => id === story._id)).toHaveLength(1);

    // The other report is the one unseen article left; the rest of the page is fill.
    const second = await client.refresh(reader);
    expect(second.recommendations.length).toBeGreaterThan(1);
    expect(second.recommendations.length).toBeLessThan(FEED_SIZE);
    expect(stories(second).filter((id) => id === story._id)).toHaveLength(1);
    expect(new Set(stories(second)).size).toBe(second.recommendations.length);
  });
});
