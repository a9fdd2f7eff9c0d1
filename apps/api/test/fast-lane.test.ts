import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context.js';
import { insertArticles } from './fixtures.js';
import { listenRaw } from './raw-http.js';
import { createReader } from './readers.js';

let ctx: TestContext;
let raw: Awaited<ReturnType<typeof listenRaw>>;
let path: string;
beforeAll(async () => {
  ctx = await createTestContext({ publicCacheSeconds: 60 });
  const [row] = await insertArticles(ctx.deps.db, [{ title: 'Harbour report' }]);
  path = `/api/articles/getarticlebyid?article_id=${row!.id}`;
  raw = await listenRaw(ctx.app);
});
afterAll(async () => {
  await raw?.close();
  await ctx?.close();
});

/** A reader's read of an article a visitor has read before (so the fast lane knows the URL). */
async function readAsReader(authorization: { Authorization: string }) {
  await raw.get(path);
  return raw.get(path, { ...authorization, 'Accept-Encoding': 'gzip' });
}

/** The headers a client sees, without the ones that belong to one answer. */
function urlHeaders(headers: Record<string, unknown>) {
  const perAnswer = ['date', 'x-request-id', 'cache-control', 'etag', 'content-length'];
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !perAnswer.includes(name)));
}

describe('repeated reads of a public answer (the fast lane)', () => {
  it('rest on the stack giving a reader and a visitor the same headers but for the per-answer ones', async () => {
    // Fresh URLs (an unknown query parameter is ignored): both answers come from the stack.
    const reader = await createReader(ctx.deps);
    const asReader = await raw.get(`${path}&n=1`, { ...reader.auth(), 'Accept-Encoding': 'gzip' });
    const asVisitor = await raw.get(`${path}&n=2`, { 'Accept-Encoding': 'gzip' });
    expect(asReader.json()).toHaveProperty('AccessToken');
    expect(urlHeaders(asReader.headers)).toEqual(urlHeaders(asVisitor.headers));
  });

  it('give a signed-in reader their token on every read, never a cacheable answer', async () => {
    const reader = await createReader(ctx.deps);
    const auth = reader.auth();
    for (let i = 0; i < 3; i++) {
      const res = await readAsReader(auth);
      expect(res.status).toBe(200);
      expect(res.json().AccessToken).toBe(auth.Authorization.slice('Bearer '.length));
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('answer a token whose session ended as a visitor, at once (still privately)', async () => {
    const reader = await createReader(ctx.deps);
    const auth = reader.auth();
    expect((await readAsReader(auth)).json()).toHaveProperty('AccessToken');
    await ctx.request().post('/api/auth/logout').set(auth).expect(200);
    const after = await readAsReader(auth);
    expect(after.status).toBe(200);
    expect(after.json()).not.toHaveProperty('AccessToken');
    // A request with credentials is never answered for a shared cache (http/private-answers.ts).
    expect(after.headers['cache-control']).toBe('private, no-store');
  });

  it('give a token close to its expiry a fresh one, and an expired one a visitor’s answer', async () => {
    const reader = await createReader(ctx.deps);
    const auth = reader.auth();
    const token = auth.Authorization.slice('Bearer '.length);
    await readAsReader(auth);
    const ttl = ctx.deps.config.accessTokenTtlSeconds;
    ctx.clock.advance(Math.ceil((ttl * 2) / 3 + 1) * 1000);
    const renewed = (await readAsReader(auth)).json().AccessToken;
    expect(renewed).toEqual(expect.any(String));
    expect(renewed).not.toBe(token);
    ctx.clock.advance(ttl * 1000);
    expect((await readAsReader(auth)).json()).not.toHaveProperty('AccessToken');
  });
});
