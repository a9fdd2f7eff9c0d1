/**
 * "Sudo mode": changing the e-mail address and deleting the account need a sign-in of this
 * session within REAUTH_WINDOW_SECONDS, or the current password in the request. A copied
 * access token (or a refreshed session) alone can do neither.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { PASSWORD, signUp, uniqueEmail } from '../../../test/flows.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const ELEVEN_MINUTES = 11 * 60_000;

/** A reader signed in 11 minutes ago, whose tab kept its session alive with a refresh. */
async function signedInLongAgo(prefix: string) {
  const browser = ctx.request();
  const email = uniqueEmail(prefix);
  const { user } = await signUp(ctx, browser, { email });
  ctx.clock.advance(ELEVEN_MINUTES);
  const refreshed = await browser.post('/api/auth/refresh').expect(200);
  const token = refreshed.body.AccessToken as string;
  return { browser, email, id: user._id as string, token };
}

const countRows = async (query: string, params: unknown[]) =>
  (await ctx.database.pool.query<{ n: number }>(query, params)).rows[0]!.n;

describe('changing the e-mail address', () => {
  it('past the window, a bearer alone is refused and nothing is sent', async () => {
    const { token } = await signedInLongAgo('mail');
    const attacker = uniqueEmail('attacker');
    const res = await ctx
      .request()
      .put('/api/profile/changeemail')
      .set('Authorization', `Bearer ${token}`)
      .send({ email: attacker });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'REAUTH_REQUIRED',
      message: 'Please confirm your password to continue.',
    });
    expect(
      await countRows('select count(*)::int as n from otp_challenges where email = $1', [attacker]),
    ).toBe(0);
  });

  it('past the window, a wrong password is refused and the right one goes ahead', async () => {
    const { token } = await signedInLongAgo('sudo');
    const next = uniqueEmail('next');
    const ask = (password: string) =>
      ctx
        .request()
        .put('/api/profile/changeemail')
        .set('Authorization', `Bearer ${token}`)
        .send({ email: next, password });
    const wrong = await ask('Wr0ng!pass');
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('WRONG_PASSWORD');
    const right = await ask(PASSWORD);
    expect(right.status).toBe(200);
    expect(right.body.pendingEmail).toBe(next);
    expect(await ctx.mail.lastCode(next)).toMatch(/^\d{6}$/);
  });

  it('within the window of its own sign-in, needs no password', async () => {
    const browser = ctx.request();
    const { token } = await signUp(ctx, browser, { email: uniqueEmail('fresh') });
    ctx.clock.advance(5 * 60_000);
    await ctx
      .request()
      .put('/api/profile/changeemail')
      .set('Authorization', `Bearer ${token}`)
      .send({ email: uniqueEmail('fresh-next') })
      .expect(200);
  });
});

describe('deleting the account', () => {
  it('past the window, a bearer alone is refused and the account stays', async () => {
    const { token, id } = await signedInLongAgo('keep');
    const res = await ctx
      .request()
      .delete('/api/profile/deleteaccount')
      .set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('REAUTH_REQUIRED');
    expect(await countRows('select count(*)::int as n from users where id = $1', [id])).toBe(1);
  });

  it('past the window, with the password, deletes it', async () => {
    const { token, id } = await signedInLongAgo('gone');
    await ctx
      .request()
      .delete('/api/profile/deleteaccount')
      .set('Authorization', `Bearer ${token}`)
      .send({ password: PASSWORD })
      .expect(200);
    expect(await countRows('select count(*)::int as n from users where id = $1', [id])).toBe(0);
  });

  it('a correct password restarts the window; refreshes do not', async () => {
    const { browser, token } = await signedInLongAgo('window');
    const change = (password?: string) =>
      ctx
        .request()
        .put('/api/profile/changeemail')
        .set('Authorization', `Bearer ${token}`)
        .send({ email: uniqueEmail('w'), ...(password && { password }) });
    expect((await change()).status).toBe(403);
    expect((await change(PASSWORD)).status).toBe(200);
    expect((await change()).status).toBe(200);
    ctx.clock.advance(ELEVEN_MINUTES);
    const refreshed = await browser.post('/api/auth/refresh').expect(200);
    const res = await ctx
      .request()
      .delete('/api/profile/deleteaccount')
      .set('Authorization', `Bearer ${refreshed.body.AccessToken}`);
    expect(res.status).toBe(403);
  });
});
