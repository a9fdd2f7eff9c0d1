/**
 * A verified sign-up or sign-in code works only for the client that verified it: its proof
 * comes back as the `lede_verification` cookie (or `verificationToken` in the body), and
 * signup/login refuse a password alone, however recently someone else typed the code.
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

const setCookies = (res: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []);

/** Client A asks for a sign-in code and types it. */
async function verifyLoginCode(email: string) {
  const reader = ctx.request();
  const sent = await reader
    .post('/api/auth/verify-credentials-send-otp')
    .send({ email, password: PASSWORD })
    .expect(200);
  const verified = await reader
    .post('/api/auth/verify-otp')
    .send({ email, otp: await ctx.mail.lastCode(email), hash: sent.body.hash })
    .expect(200);
  return { reader, verified };
}

describe('sign-in codes bound to the client that verified them', () => {
  it("refuses another client's login with the password alone, then lets the reader in", async () => {
    const email = uniqueEmail('bound');
    await signUp(ctx, ctx.request(), { email });
    const { reader, verified } = await verifyLoginCode(email);

    // The attacker knows the password and calls /login from a cookie jar of their own.
    const stolen = await ctx.request().post('/api/auth/login').send({ email, password: PASSWORD });
    expect(stolen.status).toBe(401);
    expect(stolen.body).toMatchObject({ code: 'VERIFICATION_TOKEN_REQUIRED' });
    expect(stolen.body.AccessToken).toBeUndefined();

    // The reader's own client (the spec's: it only sends its cookies) still signs in.
    const res = await reader.post('/api/auth/login').send({ email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.AccessToken).toEqual(expect.any(String));
    expect(verified.body.verificationToken).toEqual(expect.any(String));
    expect(setCookies(res).some((c) => /^lede_verification=;/.test(c))).toBe(true);
  });

  it('sets the proof as an HttpOnly, SameSite=Strict cookie for /api/auth only', async () => {
    const email = uniqueEmail('cookie');
    await signUp(ctx, ctx.request(), { email });
    const { verified } = await verifyLoginCode(email);
    const cookie = setCookies(verified).find((c) => c.startsWith('lede_verification='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth(;|$)/);
    expect(cookie).toContain(verified.body.verificationToken);
  });

  it('accepts the proof in the body from a client without cookies, once', async () => {
    const email = uniqueEmail('body');
    await signUp(ctx, ctx.request(), { email });
    const { verified } = await verifyLoginCode(email);
    const { verificationToken } = verified.body;
    const login = () =>
      ctx.request().post('/api/auth/login').send({ email, password: PASSWORD, verificationToken });
    expect((await login()).status).toBe(200);
    const again = await login();
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.body.AccessToken).toBeUndefined();
  });

  it('refuses a proof made for another address', async () => {
    const email = uniqueEmail('mine');
    const other = uniqueEmail('theirs');
    await signUp(ctx, ctx.request(), { email });
    await signUp(ctx, ctx.request(), { email: other });
    const { verified } = await verifyLoginCode(other);
    const res = await ctx.request().post('/api/auth/login').send({
      email,
      password: PASSWORD,
      verificationToken: verified.body.verificationToken,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VERIFICATION_REQUIRED');
  });

  it('refuses the proof once the verified code is older than 10 minutes', async () => {
    const email = uniqueEmail('late');
    await signUp(ctx, ctx.request(), { email });
    const { reader } = await verifyLoginCode(email);
    ctx.clock.advance(11 * 60_000);
    const res = await reader.post('/api/auth/login').send({ email, password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VERIFICATION_EXPIRED');
  });
});

describe('sign-up codes bound to the client that verified them', () => {
  it("refuses another client's signup of an address whose owner just verified a code", async () => {
    const email = uniqueEmail('owner');
    const owner = ctx.request();
    const sent = await owner.post('/api/auth/send-otp').send({ email }).expect(200);
    await owner
      .post('/api/auth/verify-otp')
      .send({ email, otp: await ctx.mail.lastCode(email), hash: sent.body.hash })
      .expect(200);

    const squatter = await ctx
      .request()
      .post('/api/auth/signup')
      .send({ name: 'Mallory', email, password: 'An0ther!pass' });
    expect(squatter.status).toBe(401);
    expect(squatter.body.code).toBe('VERIFICATION_TOKEN_REQUIRED');
    const rows = await ctx.database.pool.query(
      'select count(*)::int as n from users where email = $1',
      [email],
    );
    expect(rows.rows[0].n).toBe(0);

    const res = await owner
      .post('/api/auth/signup')
      .send({ name: 'Owner', email, password: PASSWORD })
      .expect(201);
    expect(res.body.newUser.name).toBe('Owner');
  });
});
