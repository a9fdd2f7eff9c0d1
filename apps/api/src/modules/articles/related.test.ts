import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { seedCorpusIfEmpty } from './index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedCorpusIfEmpty(ctx.database.db, ctx.deps.logger);
});
afterAll(async () => {
  await ctx.close();
});

interface Listed {
  _id: string;
  title: string;
  keywords: string[];
  categories: string[];
}

const related = (query: { article_id?: string; limit?: number }) =>
  ctx.request().get('/api/articles/getrelatedarticles').query(query);

describe('GET /api/articles/getrelatedarticles (more like this)', () => {
  it('lists articles sharing its names and phrases, the closest first, never itself', async () => {
    const found = await ctx
      .request()
      .get('/api/articles/getarticlebykeyword')
      .query({ keyword: 'hurricane fiona', limit: 5 })
      .expect(200);
    const story = (found.body.articles as Listed[]).find((a) =>
      a.keywords.includes('hurricane fiona'),
    )!;
    expect(story).toBeDefined();
    const res = await related({ article_id: story._id }).expect(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const list = res.body.articles as Listed[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.length).toBeLessThanOrEqual(6);
    expect(list.map((a) => a._id)).not.toContain(story._id);
    const own = new Set(story.keywords.filter((k) => !story.categories.includes(k)));
    const shared = (a: Listed) =>
      a.keywords.filter((k) => own.has(k)).reduce((n, k) => n + (k.includes(' ') ? 2 : 1), 0);
    for (const a of list) expect([a.title, shared(a) >= 2]).toEqual([a.title, true]);
    const scores = list.map(shared);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    expect(list.slice(0, 3).some((a) => /fiona/i.test(a.title))).toBe(true);
  });

  it('honours limit, and answers 400 for bad input and 404 for an unknown article', async () => {
    const latest = await ctx.request().get('/api/articles/getlatestarticles?limit=1').expect(200);
    const id = latest.body.articles[0]._id as string;
    const two = await related({ article_id: id, limit: 2 }).expect(200);
    expect(two.body.articles.length).toBeLessThanOrEqual(2);
    for (const query of [
      {},
      { article_id: 'x'.repeat(300) },
      { article_id: id, limit: 0 },
      { article_id: id, limit: 13 },
    ]) {
      const res = await related(query);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const missing = await related({ article_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toEqual(expect.any(String));
  });
});
