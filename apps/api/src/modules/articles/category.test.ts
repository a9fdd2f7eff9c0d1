import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles } from '../../../test/fixtures.js';

let ctx: TestContext;
const at = (day: number) => new Date(Date.UTC(2022, 8, day, 12));

beforeAll(async () => {
  // Articles are written straight into the database here, as another instance would: no
  // prepared answers are kept, so each request reads the table (the cache: prepared-responses.test.ts).
  ctx = await createTestContext({ publicCacheSeconds: 0 });
  await insertArticles(ctx.deps.db, [
    { title: 'Cup final goes to extra time', categories: ['sports'], pubDate: at(1) },
    { title: 'Marathon record falls', categories: ['sports', 'health'], pubDate: at(3) },
    { title: 'Tennis star retires', categories: ['sports'], pubDate: at(2) },
    { title: 'Summit ends without a deal', categories: ['world', 'politics'], pubDate: at(4) },
    { title: 'Street food festival returns', categories: ['food'], pubDate: at(5) },
    {
      title: 'A story about sports without the category',
      categories: ['entertainment'],
      pubDate: at(6),
    },
  ]);
});
afterAll(async () => {
  await ctx.close();
});

const byKeyword = (keyword: string, query: Record<string, string | number> = {}) =>
  ctx
    .request()
    .get('/api/articles/getarticlebykeyword')
    .query({ keyword, ...query });
const titles = (body: { articles: { title: string }[] }) => body.articles.map((a) => a.title);

describe('GET /api/articles/getarticlebykeyword with a category', () => {
  it('lists the articles of a category id, newest first', async () => {
    const res = await byKeyword('sports').expect(200);
    expect(titles(res.body)).toEqual([
      'Marathon record falls',
      'Tennis star retires',
      'Cup final goes to extra time',
    ]);
    expect(res.body.nextCursor).toBeNull();
  });

  it('matches ids and labels case-insensitively', async () => {
    const sports = titles((await byKeyword('sports')).body);
    for (const keyword of ['SPORTS', '  Sports ', 'sPoRtS']) {
      expect(titles((await byKeyword(keyword).expect(200)).body)).toEqual(sports);
    }
    for (const keyword of ['World News', 'world news', 'WORLD', 'world']) {
      expect(titles((await byKeyword(keyword).expect(200)).body)).toEqual([
        'Summit ends without a deal',
      ]);
    }
    for (const keyword of ['Food & Dining', 'food & dining', 'food']) {
      expect(titles((await byKeyword(keyword).expect(200)).body)).toEqual([
        'Street food festival returns',
      ]);
    }
  });

  it('answers an empty list for a category with no articles', async () => {
    const res = await byKeyword('automotive').expect(200);
    expect(res.body).toEqual({ articles: [], nextCursor: null });
  });

  it('pages through a category without repeats', async () => {
    const first = await byKeyword('sports', { limit: 2 }).expect(200);
    expect(titles(first.body)).toEqual(['Marathon record falls', 'Tennis star retires']);
    const second = await byKeyword('sports', { limit: 2, cursor: first.body.nextCursor }).expect(
      200,
    );
    expect(titles(second.body)).toEqual(['Cup final goes to extra time']);
    expect(second.body.nextCursor).toBeNull();
  });

  it('refuses a blank, missing or over-long keyword and a bad page size', async () => {
    for (const query of [
      { keyword: '' },
      { keyword: '   ' },
      {},
      { keyword: 'x'.repeat(201) },
      { keyword: 'sports', limit: 101 },
    ]) {
      const res = await ctx.request().get('/api/articles/getarticlebykeyword').query(query);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});
