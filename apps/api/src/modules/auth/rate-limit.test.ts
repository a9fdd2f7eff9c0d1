import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { contractAgent } from '../../../test/contract.js';
import { PASSWORD, signUp, uniqueEmail } from '../../../test/flows.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ otp: { emailLimit: 3, ipLimit: 8, windowMinutes: 15 } });
});
afterAll(async () => {
  await ctx.close();
});

const send = (email: string) => ctx.request().post('/api/auth/send-otp').send({ email });

describe('rate limits on codes, kept in PostgreSQL', () => {
  it('limits codes per e-mail, then lets them through again in the next window', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) expect((await send(email)).status).toBe(200);
    const limited = await send(email);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many codes requested. Please wait before trying again.');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await ctx.mail.messagesTo(email)).toHaveLength(3);
    // The same e-mail in other letter case is the same e-mail.
    expect((await send(email.toUpperCase())).status).toBe(429);
    ctx.clock.advance(15 * 60_000);
    expect((await send(email)).status).toBe(200);
  });

  it('shares the counts between two app instances on one database', async () => {
    ctx.clock.advance(15 * 60_000);
    const email = uniqueEmail();
    const other = contractAgent(createApp(ctx.deps));
    expect((await send(email)).status).toBe(200);
    expect((await other.post('/api/auth/send-otp').send({ email })).status).toBe(200);
    expect((await send(email)).status).toBe(200);
    expect((await other.post('/api/auth/send-otp').send({ email })).status).toBe(429);
  });

  it('does not count refused requests against the code limit', async () => {
    ctx.clock.advance(15 * 60_000);
    const email = uniqueEmail();
    await signUp(ctx, ctx.request(), { email });
    const login = () =>
      ctx
        .request()
        .post('/api/auth/verify-credentials-send-otp')
        .send({ email, password: PASSWORD });
    for (let i = 0; i < 4; i++) {
      // A wrong password: 400, no code sent, not counted against the codes.
      const wrong = await ctx
        .request()
        .post('/api/auth/verify-credentials-send-otp')
        .send({ email, password: 'Wr0ng!pass' });
      expect(wrong.status).toBe(400);
    }
    for (let i = 0; i < 3; i++) expect((await login()).status).toBe(200);
    expect((await login()).status).toBe(429);
  });

  it('counts each purpose apart: sign-up notices never spend the sign-in codes', async () => {
    ctx.clock.advance(15 * 60_000);
    const email = uniqueEmail();
    await signUp(ctx, ctx.request(), { email }); // its sign-up code is the first of 3
    for (let i = 0; i < 2; i++) expect((await send(email)).status).toBe(200);
    expect((await send(email)).status).toBe(429);
    const login = await ctx
      .request()
      .post('/api/auth/verify-credentials-send-otp')
      .send({ email, password: PASSWORD });
    expect(login.status).toBe(200);
  });

  it('limits codes per IP across many e-mails', async () => {
    ctx.clock.advance(15 * 60_000);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await send(uniqueEmail())).status);
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(statuses[8]).toBe(429);
    // forgot-password shares the same per-IP budget.
    expect(
      (await ctx.request().post('/api/auth/forgot-password').send({ email: uniqueEmail() })).status,
    ).toBe(429);
  });

  it('locks a caller out of an account after repeated wrong passwords', async () => {
    ctx.clock.advance(15 * 60_000);
    const email = uniqueEmail();
    await signUp(ctx, ctx.request(), { email });
    ctx.clock.advance(15 * 60_000);
    for (let i = 0; i < 10; i++) {
      const res = await ctx
        .request()
        .post('/api/auth/verify-credentials-send-otp')
        .send({ email, password: 'Wr0ng!pass' });
      expect(res.status).toBe(400);
    }
    const locked = await ctx
      .request()
      .post('/api/auth/verify-credentials-send-otp')
      .send({ email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many requests. Please try again later.');
  });

  it('never counts correct passwords as failures, even concurrent ones', async () => {
    ctx.clock.advance(15 * 60_000);
    const email = uniqueEmail();
    await signUp(ctx, ctx.request(), { email });
    ctx.clock.advance(15 * 60_000);
    const attempt = (password: string) =>
      ctx.request().post('/api/auth/verify-credentials-send-otp').send({ email, password });
    for (let i = 0; i < 9; i++) expect((await attempt('Wr0ng!pass')).status).toBe(400);
    // Two, to stay under this file's limit of 3 codes per e-mail.
    const concurrent = await Promise.all([attempt(PASSWORD), attempt(PASSWORD)]);
    expect(concurrent.map((r) => r.status)).toEqual([200, 200]);
    expect((await attempt('Wr0ng!pass')).status).toBe(400); // the 10th failure
    const locked = await attempt(PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.retryAfter).toBeGreaterThan(0);
    expect(locked.headers['retry-after']).toBe(String(locked.body.retryAfter));
    // The final login step is locked out too.
    expect(
      (await ctx.request().post('/api/auth/login').send({ email, password: PASSWORD })).status,
    ).toBe(429);
  });
});
