/**
 * Answers to a caller with credentials are never kept by a cache (src/http/private-answers.ts):
 * every route of the table a session can reach, whatever it answers, says `private, no-store`
 * and varies on Authorization and Cookie; visitors keep their public caching. And a prepared
 * answer is keyed by every parameter of its query (src/http/prepared-key.ts).
 */
import { ROUTES, type Route } from '@lede/shared';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context.js';
import { insertArticles } from './fixtures.js';
import { listenRaw } from './raw-http.js';
import { createReader, createReaders } from './readers.js';

let ctx: TestContext;
let raw: Awaited<ReturnType<typeof listenRaw>>;
let articleId: string;
beforeAll(async () => {
  ctx = await createTestContext({
    publicCacheSeconds: 60,
    readerWrites: { perMinute: 1, perHour: 100 },
  });
  const rows = await insertArticles(ctx.deps.db, [
    { title: 'Harbour report' },
    { title: 'Lighthouse report' },
    { title: 'Ferry report' },
  ]);
  articleId = rows[0]!.id;
  raw = await listenRaw(ctx.app);
});
afterAll(async () => {
  await raw?.close();
  await ctx?.close();
});

type Headers = Record<string, string | string[] | undefined>;

const varyFields = (headers: Headers) =>
  String(headers.vary ?? '')
    .split(',')
    .map((field) => field.trim().toLowerCase())
    .filter(Boolean);

/** What every answer to a request with credentials must say. */
function expectPrivate(headers: Headers, what: string) {
  expect(headers['cache-control'], what).toBe('private, no-store');
  const vary = varyFields(headers);
  expect(vary, what).toEqual(expect.arrayContaining(['authorization', 'cookie']));
  expect(
    vary.filter((field, i) => vary.indexOf(field) !== i),
    `${what}: Vary repeats`,
  ).toEqual([]);
  expect(headers.etag, what).toBeUndefined();
}

/** A route's path with its `:params` filled in (none of the table has any yet). */
const fillPath = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => `${name}-1`);

const sessionRoutes = (Object.entries(ROUTES) as [string, Route][]).filter(
  ([, route]) => route.access !== 'visitor',
);

function call(key: string, route: Route, headers: Record<string, string>): supertest.Test {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  const test = ctx.request()[method](fillPath(route.path)).set(headers);
  // No input: each answers what it answers (200, 400 for missing input, 404, ...).
  return method === 'get' ? test : test.send({});
}

describe('every answer to a caller with a session', () => {
  it('covers the table: signed-in routes and optional ones', () => {
    const accesses = new Set(sessionRoutes.map(([, route]) => route.access));
    expect([...accesses].sort()).toEqual(['optional', 'signedIn']);
    expect(sessionRoutes.length).toBeGreaterThan(30);
  });

  it('is private, no-store, and varies on Authorization and Cookie, whatever its status', async () => {
    // A reader per route: a route that ends the session or the account leaves the others alone.
    const readers = await createReaders(ctx.deps, sessionRoutes.length);
    const statuses: Record<string, number> = {};
    for (const [i, [key, route]] of sessionRoutes.entries()) {
      const res = await call(key, route, readers[i]!.auth());
      statuses[key] = res.status;
      expectPrivate(res.headers, `${key} ${res.status}`);
    }
    // The success paths are among them, not only refusals.
    expect(statuses['GET /api/auth/me']).toBe(200);
    expect(statuses['GET /api/articles/getlatestarticles']).toBe(200);
    expect(statuses['GET /api/articles/getarticlebyid']).toBe(400);
  });

  it('is private for a bad token or a refresh cookie alone too: 401s, and optional routes answered as for a visitor', async () => {
    for (const [key, route] of sessionRoutes) {
      const forged = await call(key, route, { Authorization: 'Bearer forged' });
      expectPrivate(forged.headers, `${key} ${forged.status} (forged token)`);
      const cookie = await call(key, route, { Cookie: 'lede_refresh=unknown' });
      expectPrivate(cookie.headers, `${key} ${cookie.status} (refresh cookie)`);
      if (route.access === 'signedIn') expect([key, forged.status]).toEqual([key, 401]);
    }
  });

  it('is private on an unknown /api path (404), a refused write (429) and a visitor route', async () => {
    const reader = await createReader(ctx.deps);
    const missing = await ctx.request().get('/api/nope').set(reader.auth()).expect(404);
    expectPrivate(missing.headers, '404');
    const like = () =>
      ctx
        .request()
        .post('/api/userinteractions/like')
        .set(reader.auth())
        .send({ article_id: articleId });
    await like().expect(200);
    const limited = await like().expect(429);
    expectPrivate(limited.headers, '429');
    const refresh = await ctx
      .request()
      .post('/api/auth/refresh')
      .set('Cookie', 'lede_refresh=unknown')
      .expect(401);
    expectPrivate(refresh.headers, 'refresh 401');
    // A route for anyone, through the stack and then the fast lane: private for a caller with
    // credentials, public for a visitor.
    for (let i = 0; i < 2; i++) {
      const asReader = await raw.get('/api/openapi.json', reader.auth());
      expect(asReader.status).toBe(200);
      expectPrivate(asReader.headers, `openapi.json with a token (${i})`);
      const asVisitor = await raw.get('/api/openapi.json');
      expect(asVisitor.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    }
  });

  it('on a prepared public route, from the stack or the fast lane, is never public, never a 304', async () => {
    const reader = await createReader(ctx.deps);
    const path = '/api/articles/getlatestarticles?limit=2';
    const visitor = await raw.get(path); // prepared, and remembered by the fast lane
    expect(visitor.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const etag = visitor.headers.etag!;
    const callers: Record<string, string>[] = [
      reader.auth(), // known good: the fast lane answers
      { Authorization: 'Bearer forged' }, // the stack, as for a visitor
      { Cookie: 'theme=dark; lede_refresh=unknown' },
      { ...reader.auth(), 'If-None-Match': etag },
      { Authorization: 'Bearer forged', 'If-None-Match': etag },
    ];
    for (const headers of callers) {
      const res = await raw.get(path, headers);
      expect(res.status).toBe(200);
      expectPrivate(res.headers, JSON.stringify(headers));
      expect(res.json().articles).toEqual(visitor.json().articles);
    }
  });
});

describe('a visitor', () => {
  it('keeps the public caching of a public route: max-age, ETag, 304, Vary', async () => {
    const path = '/api/articles/getlatesttrendingarticles?limit=3';
    for (let i = 0; i < 2; i++) {
      // The first from the stack, the second from the fast lane.
      const res = await raw.get(path, { 'Accept-Encoding': 'gzip' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      expect(res.headers.etag).toBeDefined();
      expect(varyFields(res.headers)).toEqual(
        expect.arrayContaining(['accept-encoding', 'authorization', 'cookie']),
      );
      const again = await raw.get(path, { 'If-None-Match': res.headers.etag! });
      expect(again.status).toBe(304);
    }
    // A cookie that is not the session's changes nothing.
    const themed = await raw.get(path, { Cookie: 'theme=dark' });
    expect(themed.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });
});

describe('prepared answers are keyed by every parameter of the query', () => {
  const titles = (res: supertest.Response) =>
    (res.body.articles as { title: string }[]).map((a) => a.title);

  it('another limit or cursor is another answer, after the first was prepared', async () => {
    const latest = (query: Record<string, string | number>) =>
      ctx.request().get('/api/articles/getlatestarticles').query(query).expect(200);
    const one = await latest({ limit: 1 });
    expect(titles(one)).toEqual(['Ferry report']);
    expect(titles(await latest({ limit: 1 }))).toEqual(['Ferry report']); // prepared
    expect(titles(await latest({ limit: 2 }))).toEqual(['Ferry report', 'Lighthouse report']);
    const next = await latest({ limit: 1, cursor: one.body.nextCursor as string });
    expect(titles(next)).toEqual(['Lighthouse report']);
    // The same query written otherwise is the same answer.
    const reordered = await ctx
      .request()
      .get('/api/articles/getlatestarticles?collapse=true&limit=1')
      .expect(200);
    expect(reordered.headers.etag).toBe(one.headers.etag);
  });
});
