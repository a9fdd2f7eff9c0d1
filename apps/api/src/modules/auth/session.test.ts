import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticle } from '../../../test/fixtures.js';
import { signUp, uniqueEmail } from '../../../test/flows.js';

let ctx: TestContext;
let articleId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  articleId = (await insertArticle(ctx.database.db, { title: 'A public article' })).id;
});
afterAll(async () => {
  await ctx.close();
});

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  /lede_refresh=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1];

const publicRoutes = () => [
  '/api/articles/getlatestarticles',
  '/api/articles/getlatesttrendingarticles',
  `/api/articles/getarticlebyid?article_id=${articleId}`,
  '/api/articles/getarticlebykeyword?keyword=public',
];

describe('public routes with a session', () => {
  it.each([0, 1, 2, 3])('route %i answers a signed-in reader with their AccessToken', async (i) => {
    const { token } = await signUp(ctx, ctx.request(), { email: uniqueEmail() });
    const res = await ctx
      .request()
      .get(publicRoutes()[i]!)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(res.body.AccessToken).toBe(token);
  });

  it('an expired token with a good refresh cookie gets a fresh token on a public route', async () => {
    const browser = ctx.request();
    const { token } = await signUp(ctx, browser, { email: uniqueEmail() });
    ctx.clock.advance(16 * 60_000);
    const res = await browser
      .get('/api/articles/getlatestarticles')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(res.body.AccessToken).toEqual(expect.any(String));
    expect(res.body.AccessToken).not.toBe(token);
    await ctx
      .request()
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${res.body.AccessToken}`)
      .expect(200);
  });

  it('re-signs a token that is close to expiry', async () => {
    const { token } = await signUp(ctx, ctx.request(), { email: uniqueEmail() });
    ctx.clock.advance(12 * 60_000); // 3 of its 15 minutes left
    const res = await ctx
      .request()
      .get('/api/articles/getlatestarticles')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(res.body.AccessToken).not.toBe(token);
    const claims = jwt.decode(res.body.AccessToken) as { exp: number };
    expect(claims.exp * 1000).toBe(ctx.clock.now().getTime() + 15 * 60_000);
  });
});

describe('public routes never refuse a bad session: they answer as for a visitor', () => {
  async function badCredentials() {
    const { token, user } = await signUp(ctx, ctx.request(), { email: uniqueEmail() });
    const expired = jwt.sign({ sub: user._id, ver: 0, iat: 1, exp: 2 }, ctx.deps.config.jwtSecret);
    const forged = jwt.sign({ sub: user._id, ver: 0 }, 'not-the-secret');
    // Revoked: the password reset bumps the session version of every earlier token.
    await ctx.database.pool.query(
      'update users set session_version = session_version + 1 where id = $1',
      [user._id],
    );
    return [
      ['forged', { Authorization: `Bearer ${forged}` }],
      ['expired, no cookie', { Authorization: `Bearer ${expired}` }],
      ['revoked', { Authorization: `Bearer ${token}` }],
      ['garbage', { Authorization: 'Bearer not.a.jwt' }],
      ['an unknown refresh cookie', { Cookie: 'lede_refresh=unknown-token' }],
      [
        'expired with a revoked cookie',
        { Authorization: `Bearer ${expired}`, Cookie: 'lede_refresh=x' },
      ],
    ] as const;
  }

  it('for every public route and every kind of bad credential', async () => {
    for (const [kind, headers] of await badCredentials()) {
      for (const path of publicRoutes()) {
        const res = await ctx.request().get(path).set(headers);
        expect(res.status, `${kind} on ${path}`).toBe(200);
        expect(res.body.AccessToken, `${kind} on ${path}`).toBeUndefined();
        expect(res.headers['set-cookie'], `${kind} on ${path}`).toBeUndefined();
      }
    }
  });

  it('while signed-in routes keep answering 401', async () => {
    for (const [kind, headers] of await badCredentials()) {
      const res = await ctx.request().get('/api/articles/getsavedarticleids').set(headers);
      expect(res.status, kind).toBe(401);
    }
  });
});

describe('concurrent calls after the access token expired', () => {
  it('ten parallel signed-in calls all succeed and the reader stays signed in', async () => {
    const browser = ctx.request();
    const { token, res: signup } = await signUp(ctx, browser, { email: uniqueEmail() });
    const cookie = cookieOf(signup)!;
    ctx.clock.advance(16 * 60_000);
    const paths = [
      '/api/articles/getlikedarticleids',
      '/api/articles/getdislikedarticleids',
      '/api/articles/getsavedarticleids',
      '/api/profile/getstreak',
      '/api/userinteractions/recentactivity',
      '/api/auth/me',
      '/api/articles/getlatestarticles',
      '/api/articles/getsavedarticles',
      '/api/recommendations/get',
      '/api/auth/me',
    ];
    // Like a tab waking up: every call carries the same expired token and the same cookie.
    const results = await Promise.all(
      paths.map((path) =>
        ctx
          .request()
          .get(path)
          .set({ Authorization: `Bearer ${token}`, Cookie: `lede_refresh=${cookie}` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(paths.map(() => 200));
    for (const res of results) {
      expect(res.body.AccessToken).toEqual(expect.any(String));
      expect(cookieOf(res)).toEqual(expect.any(String));
    }
    // Every new cookie and token works: the session family was not revoked.
    for (const res of results) {
      await ctx
        .request()
        .post('/api/auth/refresh')
        .set('Cookie', `lede_refresh=${cookieOf(res)}`)
        .expect(200);
      await ctx
        .request()
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${res.body.AccessToken}`)
        .expect(200);
    }
  });

  it('a replay after the grace window still revokes the whole family', async () => {
    const browser = ctx.request();
    const { res: signup } = await signUp(ctx, browser, { email: uniqueEmail() });
    const copied = cookieOf(signup)!;
    await browser.post('/api/auth/refresh').expect(200);
    ctx.clock.advance((ctx.deps.config.refreshReuseGraceSeconds + 1) * 1000);
    const replay = await ctx
      .request()
      .post('/api/auth/refresh')
      .set('Cookie', `lede_refresh=${copied}`)
      .expect(401);
    expect(replay.body.message).toBe('Session expired. Please log in again.');
    await browser.post('/api/auth/refresh').expect(401);
  });

  it('within the window, a replay of a revoked family gets nothing', async () => {
    const browser = ctx.request();
    const { res: signup } = await signUp(ctx, browser, { email: uniqueEmail() });
    const copied = cookieOf(signup)!;
    await browser.post('/api/auth/refresh').expect(200);
    await browser.post('/api/auth/logout').expect(200);
    await ctx
      .request()
      .post('/api/auth/refresh')
      .set('Cookie', `lede_refresh=${copied}`)
      .expect(401);
  });
});

/**
 * The reader row a session resolves to is kept by the process (modules/auth/session-users.ts):
 * each test first makes a signed-in request, so the row is kept, then changes the account.
 */
describe('a kept session never outlives a change of the account', () => {
  const me = (token: string) =>
    ctx.request().get('/api/auth/me').set('Authorization', `Bearer ${token}`);

  it('a password reset refuses every earlier token on the next request', async () => {
    const email = uniqueEmail();
    const { token } = await signUp(ctx, ctx.request(), { email });
    expect((await me(token)).status).toBe(200);

    const sent = await ctx.request().post('/api/auth/forgot-password').send({ email }).expect(200);
    const verified = await ctx
      .request()
      .post('/api/auth/verify-password-reset-otp')
      .send({ email, otp: await ctx.mail.lastCode(email), hash: sent.body.hash })
      .expect(200);
    await ctx
      .request()
      .post('/api/auth/reset-password')
      .send({ email, newPassword: 'N3w!password', resetToken: verified.body.resetToken })
      .expect(200);

    const after = await me(token);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Invalid or expired token');
  });

  it('a deleted account is refused on the next request', async () => {
    const { token } = await signUp(ctx, ctx.request(), { email: uniqueEmail() });
    expect((await me(token)).status).toBe(200);
    await ctx
      .request()
      .delete('/api/profile/deleteaccount')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect((await me(token)).status).toBe(401);
    expect(
      (await ctx.request().get('/api/recommendations/get').set('Authorization', `Bearer ${token}`))
        .status,
    ).toBe(401);
  });

  it("the reader's own changes show on their next request", async () => {
    const { token } = await signUp(ctx, ctx.request(), { email: uniqueEmail() });
    const auth = { Authorization: `Bearer ${token}` };
    expect((await me(token)).body.user).toMatchObject({ name: 'Ada Lovelace', interests: [] });

    await ctx
      .request()
      .put('/api/profile/editname')
      .set(auth)
      .send({ name: 'Ada King' })
      .expect(200);
    await ctx
      .request()
      .post('/api/profile/setinterests')
      .set(auth)
      .send({ interests: ['sports', 'science', 'travel'] })
      .expect(200);
    expect((await me(token)).body.user).toMatchObject({
      name: 'Ada King',
      interests: ['sports', 'science', 'travel'],
    });
    const feed = await ctx.request().get('/api/recommendations/get').set(auth).expect(200);
    expect(feed.body.interestCount).toBe(3);
  });
});
