import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { signUp, uniqueEmail } from '../../../test/flows.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  /lede_refresh=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1];

describe('access and refresh tokens', () => {
  it('rotates the refresh token on use', async () => {
    const browser = ctx.request();
    const { res: signup } = await signUp(ctx, browser, { email: uniqueEmail() });
    const first = cookieOf(signup);
    const res = await browser.post('/api/auth/refresh');
    expect(res.status).toBe(200);
    expect(res.body.AccessToken).toEqual(expect.any(String));
    expect(res.body.user).toBeDefined();
    const second = cookieOf(res);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const stored = await ctx.database.pool.query('select token_hash from refresh_tokens');
    expect(JSON.stringify(stored.rows)).not.toContain(second!);
  });

  it('revokes the whole family when an old refresh token is replayed', async () => {
    const browser = ctx.request();
    const { res: signup } = await signUp(ctx, browser, { email: uniqueEmail() });
    const stolen = cookieOf(signup)!;
    await browser.post('/api/auth/refresh').expect(200); // the reader rotates
    // Past the reuse grace window, the old token can only be a copy.
    ctx.clock.advance((ctx.deps.config.refreshReuseGraceSeconds + 1) * 1000);

    const thief = await ctx
      .request()
      .post('/api/auth/refresh')
      .set('Cookie', `lede_refresh=${stolen}`);
    expect(thief.status).toBe(401);
    expect(thief.body.message).toBe('Session expired. Please log in again.');
    // The reader's current token belonged to the same family: it is revoked too.
    expect((await browser.post('/api/auth/refresh')).status).toBe(401);
  });

  it('logout revokes the refresh token and clears the cookie', async () => {
    const browser = ctx.request();
    await signUp(ctx, browser, { email: uniqueEmail() });
    const out = await browser.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/lede_refresh=;/);
    expect((await browser.post('/api/auth/refresh')).status).toBe(401);
  });

  it('refuses a refresh without a cookie or with an expired one', async () => {
    expect((await ctx.request().post('/api/auth/refresh')).status).toBe(401);
    const browser = ctx.request();
    await signUp(ctx, browser, { email: uniqueEmail() });
    ctx.clock.advance(31 * 86_400_000);
    expect((await browser.post('/api/auth/refresh')).status).toBe(401);
  });

  it('renews an expired access token from the refresh cookie and returns it in the body', async () => {
    const browser = ctx.request();
    const { token } = await signUp(ctx, browser, { email: uniqueEmail() });
    ctx.clock.advance(16 * 60_000);
    const res = await browser.get('/api/auth/me').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body.user).toBeDefined();
    expect(res.body.AccessToken).toEqual(expect.any(String));
    expect(res.body.AccessToken).not.toBe(token);
    expect(cookieOf(res)).toBeDefined();
    const again = await ctx
      .request()
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${res.body.AccessToken}`);
    expect(again.status).toBe(200);
  });

  it('refuses an expired access token without a refresh cookie', async () => {
    const { token } = await signUp(ctx, ctx.request(), { email: uniqueEmail() });
    ctx.clock.advance(16 * 60_000);
    const res = await ctx.request().get('/api/auth/me').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Invalid or expired token', code: 'INVALID_TOKEN' });
  });

  it('refuses missing, forged and tampered tokens', async () => {
    const { token, user } = await signUp(ctx, ctx.request(), { email: uniqueEmail() });
    const none = await ctx.request().get('/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: 'Authentication required', code: 'UNAUTHENTICATED' });
    const forged = jwt.sign({ sub: user._id, ver: 0 }, 'not-the-secret');
    expect(
      (await ctx.request().get('/api/auth/me').set('Authorization', `Bearer ${forged}`)).status,
    ).toBe(401);
    const [h, , s] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: user._id, ver: 0, exp: 4102444800 }),
    ).toString('base64url');
    expect(
      (await ctx.request().get('/api/auth/me').set('Authorization', `Bearer ${h}.${payload}.${s}`))
        .status,
    ).toBe(401);
    const none256 = jwt.sign({ sub: user._id, ver: 0 }, '', { algorithm: 'none' });
    expect(
      (await ctx.request().get('/api/auth/me').set('Authorization', `Bearer ${none256}`)).status,
    ).toBe(401);
  });

  it('refuses the token of a deleted account', async () => {
    const { token, user } = await signUp(ctx, ctx.request(), { email: uniqueEmail() });
    await ctx.database.pool.query('delete from users where id = $1', [user._id]);
    expect(
      (await ctx.request().get('/api/auth/me').set('Authorization', `Bearer ${token}`)).status,
    ).toBe(401);
    const left = await ctx.database.pool.query(
      'select count(*)::int as n from refresh_tokens where user_id = $1',
      [user._id],
    );
    expect(left.rows[0].n).toBe(0);
  });
});
