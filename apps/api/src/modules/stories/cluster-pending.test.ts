import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticle } from '../../../test/fixtures.js';
import { articles, stories } from '../../db/schema.js';
import { clusterPending, createStoryIndex, mergeDueStories } from './cluster-pending.js';

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

  it('assigns only the articles named when the caller names them, as ingestion does', async () => {
    const hour = 11 + 5 * 24;
    const named = await report('Harbour strike halts container traffic', 'Coast Herald', hour);
    const other = await report('Mountain rail line reopens after landslide', 'Pacific Wire', hour);
    const result = await ctx.deps.db.transaction((tx) =>
      clusterPending(tx, { now: at(23), index: createStoryIndex(), articleIds: [named.id] }),
    );
    expect(result).toMatchObject({ assigned: 1 });
    expect(await storyOf(named.id)).toBe(named.id);
    expect(await storyOf(other.id)).toBeNull();
    // A pass that names none (start-up, seeding) takes every pending article.
    await pass();
    expect(await storyOf(other.id)).toBe(other.id);
  });
});

describe('a merge of stored stories', () => {
  it('moves the merged story to the one it joined, explained, and its address answers that one', async () => {
    const day = (hour: number) => new Date(Date.UTC(2026, 5, 10, hour));
    const add = (title: string, sourceName: string, hour: number) =>
      insertArticle(ctx.deps.db, { title, sourceName, pubDate: day(hour) });
    const passWith = (mergeThreshold: number) =>
      ctx.deps.db.transaction((tx) =>
        clusterPending(tx, { now: day(23), options: { joinThreshold: 0.99, mergeThreshold } }),
      );
    // Two reports that do not join (a join asks 0.99 here), each a story, stored apart.
    const a = await add('Flooding closes the Danube ports near Vienna', 'Coast Herald', 6);
    const b = await add('Vienna: Danube flooding shuts river ports', 'Pacific Wire', 7);
    await passWith(0.99);
    expect([await storyOf(a.id), await storyOf(b.id)]).toEqual([a.id, b.id]);

    // A third report, and a merge pass that finds the three are one story.
    const c = await add('Danube ports near Vienna stay closed by flooding', 'Daily Ledger', 8);
    expect((await passWith(0.1)).merges).toBeGreaterThan(0);
    const story = await storyOf(a.id);
    for (const x of [b, c]) expect(await storyOf(x.id)).toBe(story);

    const [merged] = await ctx.deps.db.select().from(stories).where(eq(stories.id, b.id));
    expect(merged?.mergedInto).toBe(a.id);
    const [explained] = await ctx.deps.db.select().from(articles).where(eq(articles.id, b.id));
    expect(explained).toMatchObject({ storyRule: 'merged' });
    expect(explained!.storySharedTerms).toEqual(expect.arrayContaining(['danube']));

    const res = await ctx.request().get('/api/stories/getstorybyid').query({ story_id: b.id });
    expect(res.status).toBe(200);
    expect(res.body.story).toMatchObject({ _id: a.id, size: 3, source_count: 3 });
    const article = await ctx
      .request()
      .get('/api/articles/getarticlebyid')
      .query({ article_id: b.id });
    expect(article.body.article.story).toEqual({ _id: a.id, size: 3, source_count: 3 });
  });
});

describe('the merge pass after an ingestion run', () => {
  it('merges in its own pass, once MERGE_EVERY_MS of the articles time has passed', async () => {
    const day = (minute: number) => new Date(Date.UTC(2026, 8, 14, 6, minute));
    const options = { joinThreshold: 0.99, mergeThreshold: 0.1 };
    const index = createStoryIndex();
    const ingest = async (title: string, sourceName: string, minute: number, through = index) => {
      const row = await insertArticle(ctx.deps.db, { title, sourceName, pubDate: day(minute) });
      await ctx.deps.db.transaction((tx) =>
        clusterPending(tx, {
          now: day(minute),
          options,
          index: through,
          articleIds: [row.id],
          merge: false,
        }),
      );
      return row;
    };
    const merge = () =>
      ctx.deps.db.transaction((tx) => mergeDueStories(tx, { now: day(59), options, index }));

    // Assigned without merging: each report starts a story (a join asks 0.99 here), and the
    // merge clock starts at the first one.
    const a = await ingest('Lisbon tram strike halts city transport', 'Coast Herald', 0);
    const b = await ingest('Tram strike in Lisbon halts transport', 'Pacific Wire', 1);
    expect(await merge()).toEqual({ mergePasses: 0, merges: 0 });
    expect([await storyOf(a.id), await storyOf(b.id)]).toEqual([a.id, b.id]);

    // 30 minutes of the articles' time later, the run's merge pass finds they are one story.
    const c = await ingest('Lisbon transport: tram strike goes on', 'Daily Ledger', 31);
    expect(await merge()).toEqual({ mergePasses: 1, merges: 2 });
    const story = await storyOf(a.id);
    for (const x of [b, c]) expect(await storyOf(x.id)).toBe(story);
    const d = await ingest('Strike by Lisbon tram drivers halts transport', 'Morning Post', 40);
    expect(await merge()).toEqual({ mergePasses: 0, merges: 0 });
    expect(await storyOf(d.id)).toBe(d.id);

    // Another instance assigns a report before the next merge pass: the stories are put back
    // from the database, and those reported on since the last pass are merged.
    const e = await ingest('Lisbon tram drivers end strike', 'Coast Herald', 62);
    const f = await ingest('Tram strike over in Lisbon', 'Evening Star', 63, createStoryIndex());
    expect(await merge()).toMatchObject({ mergePasses: 1 });
    for (const x of [d, e, f]) expect(await storyOf(x.id)).toBe(story);
    expect(index.counted).toBe(await counted());
    const [row] = await ctx.deps.db.select().from(stories).where(eq(stories.id, story!));
    expect(row).toMatchObject({ size: 6, sourceCount: 5, mergedInto: null });
  });
});
