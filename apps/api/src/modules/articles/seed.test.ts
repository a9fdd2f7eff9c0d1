import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import type { SeedRecord } from './corpus/seed-file.js';
import { loadSeedRecords, seedCorpusIfEmpty } from './seed.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  await ctx.database.pool.query('delete from articles');
});
afterAll(async () => {
  await ctx.close();
});

const record = (n: number, overrides: Partial<SeedRecord> = {}): SeedRecord => ({
  link: `https://www.huffpost.com/entry/story-${n}`,
  title: `Café Owners Rally Against Rent Rises, Part ${n} - HuffPost`,
  description: `Description ${n}`,
  creator: ['Carla K. Johnson', 'AP'],
  pubDate: `2022-09-${String(10 + n).padStart(2, '0')}T12:00:00.000Z`,
  source_name: 'HuffPost',
  source_url: 'https://www.huffpost.com',
  source_icon: null,
  image_url: null,
  source_category: 'FOOD & DRINK',
  categories: ['food', 'business'],
  keywords: ['food', 'business', 'cafe', 'rent'],
  ...overrides,
});
const records = [1, 2, 3, 4, 5].map((n) => record(n));
const countArticles = async () =>
  (await ctx.database.pool.query('select count(*)::int as n from articles')).rows[0].n;

describe('seeding the corpus', () => {
  it('loads records as articles the API serves', async () => {
    expect(await seedCorpusIfEmpty(ctx.deps.db, ctx.deps.logger, { records })).toBe(5);
    const res = await ctx.request().get('/api/articles/getlatestarticles').expect(200);
    expect(res.body.articles).toHaveLength(5);
    const first = res.body.articles[0];
    expect(first).toMatchObject({
      title: 'Café Owners Rally Against Rent Rises, Part 5 - HuffPost',
      creator: ['Carla K. Johnson', 'AP'],
      pubDate: '2022-09-15T12:00:00.000Z',
      link: 'https://www.huffpost.com/entry/story-5',
      source_name: 'HuffPost',
      image_url: '/media/default-article.svg',
      keywords: ['food', 'business', 'cafe', 'rent'],
      categories: ['food', 'business'],
      likes: 0,
    });
    const { rows } = await ctx.database.pool.query(
      'select origin, title_key from articles where link = $1',
      [first.link],
    );
    expect(rows[0]).toEqual({
      origin: 'seed',
      title_key: 'cafe owners rally against rent rises part 5',
    });
  });

  it('keeps empty author lists, images and icons as given', async () => {
    await loadSeedRecords(
      ctx.deps.db,
      [
        record(7, {
          creator: [],
          image_url: 'https://img.example/7.jpg',
          source_icon: 'https://img.example/icon.png',
          keywords: [],
        }),
      ],
      ctx.deps.changes,
    );
    const res = await ctx.request().get('/api/articles/getlatestarticles').expect(200);
    expect(res.body.articles[0]).toMatchObject({
      creator: [],
      image_url: 'https://img.example/7.jpg',
      source_icon: 'https://img.example/icon.png',
      keywords: [],
    });
  });

  it('is idempotent: a second start loads nothing', async () => {
    await seedCorpusIfEmpty(ctx.deps.db, ctx.deps.logger, { records });
    expect(await seedCorpusIfEmpty(ctx.deps.db, ctx.deps.logger, { records })).toBe(0);
    expect(await countArticles()).toBe(5);
  });

  it('leaves a table that already holds articles alone', async () => {
    await loadSeedRecords(ctx.deps.db, records.slice(0, 2));
    expect(await seedCorpusIfEmpty(ctx.deps.db, ctx.deps.logger, { records })).toBe(0);
    expect(await countArticles()).toBe(2);
  });

  it('skips links already held when records are loaded again', async () => {
    expect(await loadSeedRecords(ctx.deps.db, records)).toBe(5);
    expect(await loadSeedRecords(ctx.deps.db, [...records, record(6)])).toBe(1);
    expect(await countArticles()).toBe(6);
  });

  it('inserts in batches and survives concurrent starts', async () => {
    const many = Array.from({ length: 1234 }, (_, i) =>
      record(i, { pubDate: '2022-09-01T12:00:00.000Z' }),
    );
    const results = await Promise.all([
      seedCorpusIfEmpty(ctx.deps.db, ctx.deps.logger, { records: many }),
      seedCorpusIfEmpty(ctx.deps.db, ctx.deps.logger, { records: many }),
    ]);
    expect(results.sort()).toEqual([0, 1234]);
    expect(await countArticles()).toBe(1234);
  });

  it('loads nothing when the records are unreadable, all or nothing', async () => {
    async function* brokenAfterFirstBatch() {
      for (let i = 0; i < 600; i++) yield record(1000 + i, { pubDate: '2022-09-01T12:00:00.000Z' });
      throw new Error('corrupt seed file');
    }
    await expect(
      seedCorpusIfEmpty(ctx.deps.db, ctx.deps.logger, { records: brokenAfterFirstBatch() }),
    ).rejects.toThrow('corrupt');
    expect(await countArticles()).toBe(0);
  });
});
