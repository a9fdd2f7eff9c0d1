import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { articleJsonBothWays } from '../../../test/public-json.js';
import { seedCorpusIfEmpty } from './seed.js';

/** A fresh start on the real bundled corpus: what a first `pnpm start` serves. */
let ctx: TestContext;
let loaded: number;

beforeAll(async () => {
  ctx = await createTestContext();
  loaded = await seedCorpusIfEmpty(ctx.deps.db, ctx.deps.logger);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

const ids = (body: { articles: { _id: string }[] }) => body.articles.map((a) => a._id);

describe('the bundled corpus', () => {
  // How long the load takes is measured in `pnpm bench` (articles suite), never asserted here.
  it('loads every seed record, and only once', async () => {
    expect(loaded).toBeGreaterThan(9000);
    expect(await seedCorpusIfEmpty(ctx.deps.db, ctx.deps.logger)).toBe(0);
  });

  it('returns articles for every category the seed has items for', async () => {
    const { rows } = await ctx.database.pool.query<{ category: string }>(
      'select distinct unnest(categories) as category from articles order by 1',
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const { category } of rows) {
      const res = await ctx
        .request()
        .get('/api/articles/getarticlebykeyword')
        .query({ keyword: category })
        .expect(200);
      expect(res.body.articles.length, category).toBeGreaterThan(0);
      expect(
        res.body.articles.every((a: { categories: string[] }) => a.categories.includes(category)),
      ).toBe(true);
    }
  });

  it('serves trending that is not simply the newest list', async () => {
    const trending = await ctx
      .request()
      .get('/api/articles/getlatesttrendingarticles?limit=20')
      .expect(200);
    const latest = await ctx.request().get('/api/articles/getlatestarticles?limit=20').expect(200);
    expect(trending.body.articles).toHaveLength(20);
    expect(ids(trending.body)).not.toEqual(ids(latest.body));
    expect(
      ids(trending.body).filter((id) => !ids(latest.body).includes(id)).length,
    ).toBeGreaterThan(0);
    expect(trending.body.nextCursor).toEqual(expect.any(String));
  });

  it('answers searches over the corpus, best match first', async () => {
    const res = await ctx
      .request()
      .get('/api/articles/getarticlebykeyword')
      .query({ keyword: 'hurricane fio' })
      .expect(200);
    expect(res.body.articles.length).toBeGreaterThan(0);
    expect(res.body.articles[0].title).toMatch(/Fiona/);
  });

  it("stores every article's public JSON exactly as the serialiser writes it", async () => {
    const { rows } = await ctx.database.pool.query<{ id: string; title: string }>(
      'select id, title from articles',
    );
    const { stored, serialised } = await articleJsonBothWays(
      ctx.deps.db,
      rows.map((row) => row.id),
    );
    expect(rows.length).toBeGreaterThan(9000);
    const differing = rows.filter((_, i) => stored[i] !== serialised[i]);
    expect(differing.map((row) => row.title)).toEqual([]);
  });
});
