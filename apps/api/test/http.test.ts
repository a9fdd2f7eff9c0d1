import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { createApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { createTestContext, type TestContext } from './context.js';
import { memoryLogger } from './memory-logger.js';
import { signUp, uniqueEmail } from './flows.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('HTTP behaviour every endpoint shares', () => {
  it('reports health', async () => {
    const res = await ctx.request().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('reports 503 from health when the database is unreachable', async () => {
    const dead = openDatabase('postgres://postgres:postgres@127.0.0.1:1/none', 1);
    const app = createApp({ ...ctx.deps, db: dead.db, pool: dead.pool });
    const res = await supertest(app).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('unavailable');
    const send = await supertest(app).post('/api/auth/send-otp').send({ email: uniqueEmail() });
    expect(send.status).toBe(503);
    expect(send.body).toEqual({
      message: 'Service temporarily unavailable',
      code: 'SERVICE_UNAVAILABLE',
    });
    await dead.close();
  });

  it('logs one line per request: client, method, path without the query, status, time; no secrets', async () => {
    const { logger, lines } = memoryLogger();
    const app = createApp({ ...ctx.deps, logger });
    const email = uniqueEmail();
    await supertest(app).get(`/api/articles/getarticlebykeyword?keyword=${email}`);
    await supertest(app)
      .post('/api/auth/login')
      .set('Authorization', 'Bearer secret-token')
      .set('Cookie', 'refreshToken=secret-cookie')
      .send({ email, password: 'Secret-pass1!' });
    await supertest(app).get('/api/health');
    const entries = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((e) => e.msg === 'request completed');
    expect(entries.map((e) => [e.level, e.req, e.res])).toEqual([
      [30, { method: 'GET', url: '/api/articles/getarticlebykeyword' }, { statusCode: 200 }],
      [40, { method: 'POST', url: '/api/auth/login' }, { statusCode: 400 }],
    ]);
    expect(entries.every((e) => typeof e.responseTime === 'number')).toBe(true);
    expect(entries.every((e) => /127\.0\.0\.1$/.test(String(e.ip)))).toBe(true);
    const all = lines.join('\n');
    for (const secret of [email, 'secret-token', 'secret-cookie', 'Secret-pass1!']) {
      expect(all).not.toContain(secret);
    }
  });

  it('answers unknown API routes with JSON 404', async () => {
    const res = await ctx.request().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    expect((await ctx.request().delete('/api/auth/login')).status).toBe(404);
  });

  it('answers malformed JSON with a JSON 400', async () => {
    const res = await ctx
      .request()
      .post('/api/auth/send-otp')
      .set('Content-Type', 'application/json')
      .send('{"email": "a@b.co",');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).toEqual({ message: 'Malformed JSON body', code: 'MALFORMED_JSON' });
  });

  it('answers a body over 100 kB with a JSON 413', async () => {
    const res = await ctx
      .request()
      .post('/api/auth/signup')
      .send({ name: 'x'.repeat(110_000), email: 'a@b.co', password: 'x' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('treats a non-JSON body as missing fields', async () => {
    const res = await ctx.request().post('/api/auth/send-otp').type('form').send('email=a@b.co');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('All fields are required.');
  });

  it('sets security headers and hides the framework', async () => {
    const res = await ctx.request().get('/api/health');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('allows the app origin with credentials, and no other origin', async () => {
    const ok = await ctx
      .request()
      .options('/api/auth/login')
      .set('Origin', ctx.deps.config.appOrigin)
      .set('Access-Control-Request-Method', 'POST');
    expect(ok.headers['access-control-allow-origin']).toBe(ctx.deps.config.appOrigin);
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const evil = await ctx
      .request()
      .options('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(evil.headers['access-control-allow-origin']).not.toBe('https://evil.example');
  });

  it('answers at once when the mail server refuses, and delivers the code once it recovers', async () => {
    const email = uniqueEmail();
    ctx.mail.refuseNext = 2;
    const res = await ctx.request().post('/api/auth/send-otp').send({ email }).expect(200);
    // Two refusals, then the outbox's third attempt gets through.
    const code = await ctx.mail.lastCode(email);
    expect(ctx.mail.refuseNext).toBe(0);
    await ctx
      .request()
      .post('/api/auth/verify-otp')
      .send({ email, otp: code, hash: res.body.hash })
      .expect(200);
  });

  it('answers forgot-password and send-otp before the mail server has taken the mail', async () => {
    const { user } = await signUp(ctx, ctx.request(), { email: uniqueEmail() });
    const stranger = uniqueEmail();
    const release = ctx.mail.hold();
    try {
      // Both answers come while the mail server still holds the mail: an existing account
      // costs no extra time, so the timing does not tell who has one.
      for (const email of [user.email, stranger]) {
        await ctx.request().post('/api/auth/forgot-password').send({ email }).expect(200);
      }
      await ctx.request().post('/api/auth/send-otp').send({ email: stranger }).expect(200);
      expect(ctx.mail.messages.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    } finally {
      release();
    }
    expect((await ctx.mail.messagesTo(user.email)).at(-1)!.subject).toBe(
      'Your Lede password reset code',
    );
    expect(await ctx.mail.messagesTo(stranger)).toHaveLength(1); // the sign-up code only
  });

  it('gives up on a mail after its retries, and the reader can ask for a new code', async () => {
    const email = uniqueEmail();
    ctx.mail.refuse = true;
    try {
      await ctx.request().post('/api/auth/send-otp').send({ email }).expect(200);
      expect(await ctx.mail.messagesTo(email)).toHaveLength(0);
    } finally {
      ctx.mail.refuse = false;
    }
    const again = await ctx.request().post('/api/auth/send-otp').send({ email }).expect(200);
    await ctx
      .request()
      .post('/api/auth/verify-otp')
      .send({ email, otp: await ctx.mail.lastCode(email), hash: again.body.hash })
      .expect(200);
  });

  it('serves the default avatar', async () => {
    const res = await ctx.request().get('/media/default-avatar.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/svg/);
  });
});
