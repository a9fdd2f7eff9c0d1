import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { readSeedRecords, seedCorpusIfEmpty, type BulkArticle } from '../articles/index.js';
import { clusterPending, createStoryIndex } from './cluster-pending.js';
import { storeInStories, writeInStories } from './store-in-stories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  await ctx.database.pool.query('delete from articles');
  await ctx.database.pool.query('truncate stories, story_terms');
});
afterAll(async () => {
  await ctx.close();
});

const at = (hour: number) => new Date(Date.UTC(2026, 2, 3, hour));
let links = 0;
const report = (title: string, sourceName: string, hour: number): BulkArticle => ({
  title,
  description: '',
  creator: [],
  pubDate: at(hour),
  imageUrl: null,
  link: `https://news.example/store-${++links}`,
  sourceName,
  sourceUrl: null,
  sourceIcon: null,
  keywords: [],
  categories: [],
  titleKey: title.toLowerCase(),
  origin: 'rss',
});
const store = (rows: BulkArticle[], index = createStoryIndex()) =>
  ctx.deps.db.transaction((tx) => storeInStories(tx, rows, { now: at(23), index }));

interface Row {
  link: string;
  story: string | null;
  rule: string | null;
  score: number | null;
  terms: string[] | null;
}
const stored = async (): Promise<Row[]> =>
  (
    await ctx.database.pool.query<Row>(
      `select link, story_id as story, story_rule as rule, story_score as score,
              story_shared_terms as terms
         from articles order by link`,
    )
  ).rows;
const counted = async () =>
  Number(
    (await ctx.deps.db.execute<{ df: number }>(sql`select df from story_terms where term = ''`))
      .rows[0]?.df ?? 0,
  );
/** Each story as the links of its members: the grouping, whatever the ids. */
const grouping = (rows: Row[]) => {
  const byStory = new Map<string, string[]>();
  for (const r of rows) byStory.set(r.story!, [...(byStory.get(r.story!) ?? []), r.link]);
  return [...byStory.values()].map((l) => l.sort().join(' ')).sort();
};

describe('storeInStories: each article written once, in its story', () => {
  it('writes the articles with their stories, the statistics and the story rows', async () => {
    const index = createStoryIndex();
    const first = await store(
      [
        report('Wildfire forces evacuations near Athens suburbs', 'Coast Herald', 8),
        report('Central bank holds interest rates steady', 'Coast Herald', 8),
      ],
      index,
    );
    expect(first).toMatchObject({ assigned: 2, stories: 2 });
    expect(index.counted).toBe(2);
    const second = await store(
      [report('Athens wildfire: thousands evacuated from suburbs', 'Pacific Wire', 9)],
      index,
    );
    expect(second.ids).toHaveLength(1);
    expect(index.counted).toBe(3);
    expect(await counted()).toBe(3);

    const rows = await stored();
    const joined = rows.find((r) => r.link.endsWith(String(links)))!;
    expect(joined).toMatchObject({ story: first.ids[0], rule: 'similar' });
    expect(joined.terms).toContain('wildfire');
    expect(rows.every((r) => r.story !== null)).toBe(true);
    const { rows: story } = await ctx.database.pool.query(
      'select title, size, source_count, title_article_id from stories where id = $1',
      [first.ids[0]],
    );
    expect(story[0]).toMatchObject({ size: 2, source_count: 2 });
    expect(story[0].title).toMatch(/Athens/);
  });

  it('assigns again under the lock when another instance wrote since its stories were kept', async () => {
    const mine = createStoryIndex();
    await store(
      [report('Wildfire forces evacuations near Athens suburbs', 'Coast Herald', 8)],
      mine,
    );
    // Another instance (its own index) stores a report of the same event meanwhile.
    await store([report('Athens wildfire: thousands evacuated from suburbs', 'Pacific Wire', 9)]);
    expect(mine.counted).toBe(1);
    await store([report('Wildfire near Athens: evacuations continue', 'Daily Ledger', 10)], mine);
    const rows = await stored();
    expect(new Set(rows.map((r) => r.story)).size).toBe(1);
    expect(mine.counted).toBe(3);
    expect(await counted()).toBe(3);
    const { rows: story } = await ctx.database.pool.query('select size from stories');
    expect(story).toEqual([{ size: 3 }]);
  });

  it('skips a link already held: nothing of it is counted, and the kept stories are rebuilt', async () => {
    const index = createStoryIndex();
    const held = report('Wildfire forces evacuations near Athens suburbs', 'Coast Herald', 8);
    await store([held], index);
    const again = { ...held, title: 'Athens wildfire: thousands evacuated', pubDate: at(9) };
    const fresh = report('Central bank holds interest rates steady', 'Pacific Wire', 9);
    const result = await store([again, fresh], index);
    expect(result.ids).toHaveLength(1);
    expect(await counted()).toBe(2);
    expect(index.counted).toBe(-1);
    expect(await stored()).toHaveLength(2);
    // The next write puts the stories back from the database.
    await store([report('Athens suburbs wildfire evacuations end', 'Morning Post', 10)], index);
    expect(index.counted).toBe(await counted());
  });
});

describe('seeding in stories', () => {
  it('groups the corpus as a pass over the same articles left pending does', async () => {
    // 600 corpus articles a second apart (the corpus gives days only: equal times are assigned
    // in the order given here, and by id in a pass).
    const records = [];
    for await (const record of readSeedRecords()) {
      records.push(record);
      if (records.length === 600) break;
    }
    const timed = records
      .sort((a, b) => a.pubDate.localeCompare(b.pubDate))
      .map((r, i) => ({
        ...r,
        pubDate: new Date(new Date(r.pubDate).getTime() + i * 1000).toISOString(),
      }));

    const seeded = await seedCorpusIfEmpty(ctx.deps.db, ctx.deps.logger, {
      records: timed,
      write: writeInStories({}, () => at(23)),
    });
    expect(seeded).toBe(600);
    const inStories = await stored();
    const titles = (
      await ctx.database.pool.query('select title, size from stories order by title, size')
    ).rows;
    const terms = (await ctx.database.pool.query('select term, df from story_terms order by term'))
      .rows;
    expect(inStories.every((r) => r.story !== null)).toBe(true);

    await ctx.database.pool.query('delete from articles');
    await ctx.database.pool.query('truncate stories, story_terms');
    await seedCorpusIfEmpty(ctx.deps.db, ctx.deps.logger, { records: timed });
    await ctx.deps.db.transaction((tx) => clusterPending(tx, { now: at(23) }));
    const pending = await stored();

    expect(grouping(inStories)).toEqual(grouping(pending));
    const why = (rows: Row[]) => rows.map((r) => [r.link, r.rule, r.score, r.terms]);
    expect(why(inStories)).toEqual(why(pending));
    expect(
      (await ctx.database.pool.query('select title, size from stories order by title, size')).rows,
    ).toEqual(titles);
    expect(
      (await ctx.database.pool.query('select term, df from story_terms order by term')).rows,
    ).toEqual(terms);
    expect(grouping(inStories).some((g) => g.includes(' '))).toBe(true);
  });
});
