import { DEFAULT_ARTICLE_IMAGE_PATH, publicArticleSchema } from '@lede/shared';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles } from '../../../test/fixtures.js';

let ctx: TestContext;
let insertedIds: string[];
const TOTAL = 120;

beforeAll(async () => {
  // Articles are written straight into the database here, as another instance would: no
  // prepared answers are kept, so each request reads the table (the cache: prepared-responses.test.ts).
  ctx = await createTestContext({ publicCacheSeconds: 0 });
  // Minutes apart, plus three sharing one instant so the id tie-break is exercised.
  const sameInstant = new Date('2022-09-30T08:00:00Z');
  const rows = await insertArticles(ctx.deps.db, [
    ...Array.from({ length: TOTAL - 3 }, (_, i) => ({
      pubDate: new Date(Date.UTC(2022, 8, 1) + i * 60_000),
    })),
    ...Array.from({ length: 3 }, () => ({ pubDate: sameInstant })),
  ]);
  insertedIds = rows.map((r) => r.id);
});
afterAll(async () => {
  await ctx.close();
});

async function walkLatest(limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const res: Response = await ctx
      .request()
      .get('/api/articles/getlatestarticles')
      .query({ limit, ...(cursor ? { cursor } : {}) })
      .expect(200);
    seen.push(...res.body.articles.map((a: { _id: string }) => a._id));
    cursor = res.body.nextCursor;
    if (!cursor) return { seen, pages: page + 1 };
  }
  throw new Error('pagination never ended');
}

describe('GET /api/articles/getlatestarticles', () => {
  it('answers a first page of 50, newest first, in the public article shape', async () => {
    const res = await ctx.request().get('/api/articles/getlatestarticles').expect(200);
    expect(res.body.articles).toHaveLength(50);
    expect(res.body.nextCursor).toEqual(expect.any(String));
    const [first] = res.body.articles;
    expect(Object.keys(first).sort()).toEqual(Object.keys(publicArticleSchema.shape).sort());
    expect(first.pubDate).toBe('2022-09-30T08:00:00.000Z');
    expect(first.image_url).toBe(DEFAULT_ARTICLE_IMAGE_PATH);
    const dates = res.body.articles.map((a: { pubDate: string }) => a.pubDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('walks every article exactly once, page by page, in a stable order', async () => {
    const { seen, pages } = await walkLatest(17);
    expect(pages).toBe(Math.ceil(TOTAL / 17));
    expect(new Set(seen).size).toBe(TOTAL);
    expect(new Set(seen)).toEqual(new Set(insertedIds));
    expect((await walkLatest(100)).seen).toEqual(seen);
  });

  it('keeps pages exact at sub-millisecond precision', async () => {
    const rows = await insertArticles(ctx.deps.db, [{}, {}]);
    const setPubDate = (id: string, at: string) =>
      ctx.database.pool.query('update articles set pub_date = $2 where id = $1', [id, at]);
    await setPubDate(rows[0]!.id, '2022-10-01T00:00:00.000001Z');
    await setPubDate(rows[1]!.id, '2022-10-01T00:00:00.000002Z');
    const first = await ctx.request().get('/api/articles/getlatestarticles?limit=1').expect(200);
    expect(first.body.articles[0]._id).toBe(rows[1]!.id);
    const second = await ctx
      .request()
      .get('/api/articles/getlatestarticles')
      .query({ limit: 1, cursor: first.body.nextCursor })
      .expect(200);
    expect(second.body.articles[0]._id).toBe(rows[0]!.id);
    await ctx.database.pool.query('delete from articles where id = any($1)', [
      rows.map((r) => r.id),
    ]);
  });

  it('refuses a page size over 100, under 1 or not a number', async () => {
    for (const limit of ['101', '0', '-5', 'ten', '2.5']) {
      const res = await ctx.request().get('/api/articles/getlatestarticles').query({ limit });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe('limit');
    }
    const max = await ctx.request().get('/api/articles/getlatestarticles?limit=100').expect(200);
    expect(max.body.articles).toHaveLength(100);
  });

  it('refuses a cursor it did not issue', async () => {
    const trendingCursor = Buffer.from(JSON.stringify({ o: 50 })).toString('base64url');
    for (const cursor of ['garbage', '%%%', trendingCursor, 'eyJwIjoiMjAyMiJ9']) {
      const res = await ctx.request().get('/api/articles/getlatestarticles').query({ cursor });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid cursor');
    }
  });
});

describe('GET /api/articles/getarticlebyid', () => {
  it('answers the article', async () => {
    const id = insertedIds[5]!;
    const res = await ctx
      .request()
      .get('/api/articles/getarticlebyid')
      .query({ article_id: id })
      .expect(200);
    expect(res.body.article._id).toBe(id);
    expect(publicArticleSchema.parse(res.body.article).title).toMatch(/^Fixture article/);
  });

  it('answers 404 "Article not found" for an unknown id', async () => {
    const res = await ctx
      .request()
      .get('/api/articles/getarticlebyid')
      .query({ article_id: '7d3f1a52-4c1b-4e9a-8a7e-2f4b9c1d0e55' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Article not found', code: 'ARTICLE_NOT_FOUND' });
  });

  it('answers 400 for a missing or malformed id, never 500', async () => {
    for (const query of [
      '',
      '?article_id=',
      '?article_id=abc',
      "?article_id=1' or '1'='1",
      '?article_id=a&article_id=b',
    ]) {
      const res = await ctx.request().get(`/api/articles/getarticlebyid${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});
