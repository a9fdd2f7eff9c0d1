/**
 * A session ends for good: logout (by cookie or by bearer) refuses its access tokens from the
 * next request on, and no session outlives SESSION_MAX_DAYS, however often it is refreshed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { logIn, signUp, uniqueEmail } from '../../../test/flows.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const me = (token: string) =>
  ctx.request().get('/api/auth/me').set('Authorization', `Bearer ${token}`);

describe('logout', () => {
  it('refuses the access token kept from before, at once', async () => {
    const browser = ctx.request();
    const { token } = await signUp(ctx, browser, { email: uniqueEmail('out') });
    expect((await me(token)).status).toBe(200);
    await browser.post('/api/auth/logout').expect(200);
    const after = await me(token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('INVALID_TOKEN');
  });

  it('with the bearer alone (no cookie) ends that session too', async () => {
    const { token } = await signUp(ctx, ctx.request(), { email: uniqueEmail('bearer') });
    await ctx
      .request()
      .post('/api/auth/logout')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect((await me(token)).status).toBe(401);
  });

  it("ends only that session: the reader's other sign-in goes on", async () => {
    const email = uniqueEmail('two');
    const phone = ctx.request();
    const laptop = ctx.request();
    const first = await signUp(ctx, phone, { email });
    const second = await logIn(ctx, laptop, email);
    await phone.post('/api/auth/logout').expect(200);
    expect((await me(first.token)).status).toBe(401);
    expect((await me(second.token)).status).toBe(200);
    const ended = await ctx.database.pool.query(
      'select count(*) filter (where ended_at is not null)::int as ended, count(*)::int as n from sessions where user_id = $1',
      [first.user._id],
    );
    expect(ended.rows[0]).toEqual({ ended: 1, n: 2 });
  });
});

describe("a session's absolute lifetime", () => {
  it('ends after SESSION_MAX_DAYS, however often it was refreshed', async () => {
    const browser = ctx.request();
    await signUp(ctx, browser, { email: uniqueEmail('old') });
    for (let day = 0; day < 3; day++) {
      ctx.clock.advance(9 * 86_400_000);
      await browser.post('/api/auth/refresh').expect(200);
    }
    ctx.clock.advance(4 * 86_400_000); // day 31 since sign-in
    const res = await browser.post('/api/auth/refresh');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('SESSION_EXPIRED');
  });

  it('never hands out an access token that outlives its session', async () => {
    const browser = ctx.request();
    await signUp(ctx, browser, { email: uniqueEmail('edge') });
    ctx.clock.advance(30 * 86_400_000 - 5 * 60_000); // five minutes left
    const res = await browser.post('/api/auth/refresh').expect(200);
    const { exp } = JSON.parse(
      Buffer.from(res.body.AccessToken.split('.')[1], 'base64url').toString(),
    ) as { exp: number };
    expect(exp * 1000 - ctx.clock.now().getTime()).toBeLessThanOrEqual(5 * 60_000);
    ctx.clock.advance(6 * 60_000);
    expect((await me(res.body.AccessToken)).status).toBe(401);
  });
});
