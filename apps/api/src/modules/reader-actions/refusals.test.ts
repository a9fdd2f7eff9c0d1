import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticle } from '../../../test/fixtures.js';
import { createReader, type TestReader } from '../../../test/readers.js';

let ctx: TestContext;
let reader: TestReader;
let articleId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  reader = await createReader(ctx.deps);
  articleId = (await insertArticle(ctx.database.db)).id;
});
afterAll(async () => {
  await ctx.close();
});

const actions = [
  '/api/userinteractions/like',
  '/api/userinteractions/dislike',
  '/api/userinteractions/save',
  '/api/userinteractions/share',
  '/api/articles/markviewed',
];
const reads = [
  '/api/userinteractions/recentactivity',
  '/api/articles/getlikedarticleids',
  '/api/articles/getdislikedarticleids',
  '/api/articles/getsavedarticleids',
  '/api/articles/getsavedarticles',
];

describe('signed-in only', () => {
  it.each(actions)('POST %s without a token is 401 JSON', async (path) => {
    const res = await ctx.request().post(path).send({ article_id: articleId });
    expect(res.status).toBe(401);
    expect(res.type).toBe('application/json');
    expect(res.body).toEqual({ message: 'Authentication required', code: 'UNAUTHENTICATED' });
  });

  it.each(reads)('GET %s without a token is 401 JSON', async (path) => {
    const res = await ctx.request().get(path);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Authentication required');
  });

  it.each(actions)('POST %s with a forged token is 401', async (path) => {
    const res = await ctx
      .request()
      .post(path)
      .set('Authorization', 'Bearer not.a.token')
      .send({ article_id: articleId });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid or expired token');
  });

  it('guards only its own routes under /api/articles', async () => {
    const res = await ctx.request().get('/api/articles/no-such-route');
    expect(res.status).toBe(404);
  });
});

describe('bad input', () => {
  const badBodies: Array<[string, unknown]> = [
    ['a missing body', undefined],
    ['an empty object', {}],
    ['a malformed id', { article_id: 'not-a-uuid' }],
    ['a number', { article_id: 42 }],
    ['an operator object', { article_id: { $gt: '' } }],
    ['an array', { article_id: [articleId] }],
  ];

  for (const path of actions) {
    it.each(badBodies)(`POST ${path} with %s is 400`, async (_label, body) => {
      const req = ctx.request().post(path).set(reader.auth());
      const res = body === undefined ? await req : await req.send(body as object);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(res.body.errors[0].path).toBe('article_id');
    });
  }

  it('refuses malformed JSON with 400, not 500', async () => {
    const res = await ctx
      .request()
      .post('/api/userinteractions/like')
      .set(reader.auth())
      .set('Content-Type', 'application/json')
      .send('{"article_id": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body', code: 'MALFORMED_JSON' });
  });

  it.each([
    ['/api/userinteractions/recentactivity?limit=0'],
    ['/api/userinteractions/recentactivity?limit=101'],
    ['/api/userinteractions/recentactivity?limit=abc'],
    ['/api/userinteractions/recentactivity?limit=1&limit=2'],
    ['/api/articles/getsavedarticles?limit=201'],
    ['/api/articles/getsavedarticles?limit=-1'],
  ])('GET %s is 400', async (path) => {
    const res = await ctx.request().get(path).set(reader.auth());
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('limit');
  });
});

describe('unknown article', () => {
  it.each(actions)('POST %s for an unknown id is 404 and changes nothing', async (path) => {
    const res = await ctx
      .request()
      .post(path)
      .set(reader.auth())
      .send({ article_id: crypto.randomUUID() });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Article not found', code: 'ARTICLE_NOT_FOUND' });
    const activity = await ctx
      .request()
      .get('/api/userinteractions/recentactivity')
      .set(reader.auth());
    expect(activity.body.data).toEqual([]);
  });
});
