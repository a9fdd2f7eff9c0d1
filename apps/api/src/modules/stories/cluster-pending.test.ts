import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticle } from '../../../test/fixtures.js';
import { articles, stories } from '../../db/schema.js';
import { clusterPending, createStoryIndex } from './cluster-pending.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const at = (hour: number) => new Date(Date.UTC(2026, 2, 3, hour));
const pass = (index = createStoryIndex()) =>
  ctx.deps.db.transaction((tx) => clusterPending(tx, { now: at(23), index }));
const report = (title: string, sourceName: string, hour: number, description = '') =>
  insertArticle(ctx.deps.db, { title, sourceName, pubDate: at(hour), description });
const storyOf = async (id: string) =>
  (await ctx.deps.db.select().from(articles).where(eq(articles.id, id)))[0]!.storyId;
const counted = async () =>
  Number(
    (await ctx.deps.db.execute<{ df: number }>(sql`select df from story_terms where term = ''`))
      .rows[0]!.df,
  );

describe('clusterPending across passes', () => {
  it('keeps the stories between passes and rebuilds them after another writer', async () => {
    const index = createStoryIndex();
    const first = await report(
      'Wildfire forces evacuations near Athens suburbs',
      'Coast Herald',
      8,
    );
    await report('Central bank holds interest rates steady', 'Coast Herald', 8);
    expect(await pass(index)).toMatchObject({ assigned: 2, stories: 2 });
    expect(index.counted).toBe(2);

    // Held from the last pass: only the new terms' frequencies are read.
    const second = await report(
      'Athens wildfire: thousands evacuated from suburbs',
      'Pacific Wire',
      9,
    );
    expect(await pass(index)).toMatchObject({ assigned: 1, stories: 1 });
    expect(await storyOf(second.id)).toBe(first.id);
    expect(index.counted).toBe(3);

    // Another instance's pass: the held stories are stale and rebuilt from the database.
    const third = await report('Wildfire near Athens: evacuations continue', 'Daily Ledger', 10);
    await pass();
    expect(await storyOf(third.id)).toBe(first.id);
    const fourth = await report('Athens suburbs wildfire evacuations end', 'Morning Post', 11);
    await pass(index);
    expect(await storyOf(fourth.id)).toBe(first.id);
    expect(index.counted).toBe(await counted());

    const [row] = await ctx.deps.db.select().from(stories).where(eq(stories.id, first.id));
    expect(row).toMatchObject({
      title: 'Wildfire forces evacuations near Athens suburbs',
      size: 4,
      sourceCount: 4,
      firstPublished: at(8),
      lastPublished: at(11),
      mergedInto: null,
    });
  });

  it('starts a new story for a report past the window after the last one', async () => {
    const late = await insertArticle(ctx.deps.db, {
      title: 'Athens wildfire evacuations: suburbs return home',
      sourceName: 'Coast Herald',
      pubDate: new Date(at(11).getTime() + 4 * 24 * 3_600_000),
    });
    await pass();
    expect(await storyOf(late.id)).toBe(late.id);
  });
});
