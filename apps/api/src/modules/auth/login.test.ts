import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { logIn, PASSWORD, signUp, uniqueEmail, wrongCode } from '../../../test/flows.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function account() {
  const email = uniqueEmail();
  await signUp(ctx, ctx.request(), { email });
  return email;
}

describe('login with password and one-time code', () => {
  it('signs in after password and code, and keeps the reader signed in', async () => {
    const email = await account();
    const agent = ctx.request();
    const sent = await agent
      .post('/api/auth/verify-credentials-send-otp')
      .send({ email, password: PASSWORD });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      message: 'Credentials verified! OTP sent to your email.',
      hash: expect.any(String),
      expiresIn: 300,
    });
    const mail = (await ctx.mail.messagesTo(email)).at(-1)!;
    expect(mail.subject).toBe('Your Lede sign-in code');
    await agent
      .post('/api/auth/verify-otp')
      .send({ email, otp: mail.code, hash: sent.body.hash })
      .expect(200);

    const res = await agent
      .post('/api/auth/login')
      .send({ email, password: PASSWORD, timezone: 'Europe/Paris' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Login successful!');
    expect(res.body.user.email).toBe(email);
    expect(res.body.user.timezone).toBe('Europe/Paris');
    expect(res.body.user).not.toHaveProperty('password_hash');
    expect(res.body.user).not.toHaveProperty('passwordHash');
    expect(String(res.headers['set-cookie'])).toMatch(/lede_refresh=.*HttpOnly/i);
    const me = await ctx
      .request()
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${res.body.AccessToken}`);
    expect(me.status).toBe(200);
    expect(me.body.user._id).toBe(res.body.user._id);
  });

  it('never signs in with the password alone', async () => {
    const email = await account();
    const res = await ctx.request().post('/api/auth/login').send({ email, password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please verify the code sent to your email first.');
    expect(res.body).not.toHaveProperty('AccessToken');
    expect(res.headers['set-cookie']).toBeUndefined();

    // Sent but not verified is not enough.
    await ctx
      .request()
      .post('/api/auth/verify-credentials-send-otp')
      .send({ email, password: PASSWORD })
      .expect(200);
    const again = await ctx.request().post('/api/auth/login').send({ email, password: PASSWORD });
    expect(again.status).toBe(400);
  });

  it('refuses a wrong password without sending a code, and an unknown e-mail the same way', async () => {
    const email = await account();
    const before = (await ctx.mail.messagesTo(email)).length;
    const wrong = await ctx
      .request()
      .post('/api/auth/verify-credentials-send-otp')
      .send({ email, password: 'Wr0ng!pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      message: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
    expect(await ctx.mail.messagesTo(email)).toHaveLength(before);

    const nobody = uniqueEmail();
    const unknown = await ctx
      .request()
      .post('/api/auth/verify-credentials-send-otp')
      .send({ email: nobody, password: PASSWORD });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(wrong.body);
    expect(await ctx.mail.messagesTo(nobody)).toHaveLength(0);
  });

  it('accepts the e-mail in any case', async () => {
    const email = await account();
    const { user } = await logIn(ctx, ctx.request(), email.toUpperCase());
    expect(user.email).toBe(email);
  });

  it('uses up the verified code when the final password is wrong', async () => {
    const email = await account();
    const agent = ctx.request();
    const sent = await agent
      .post('/api/auth/verify-credentials-send-otp')
      .send({ email, password: PASSWORD })
      .expect(200);
    await agent
      .post('/api/auth/verify-otp')
      .send({ email, otp: await ctx.mail.lastCode(email), hash: sent.body.hash })
      .expect(200);
    const wrong = await agent.post('/api/auth/login').send({ email, password: 'Wr0ng!pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid email or password');
    const right = await agent.post('/api/auth/login').send({ email, password: PASSWORD });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe('Please verify the code sent to your email first.');
  });

  it('counts wrong login codes and reports attempts left', async () => {
    const email = await account();
    const sent = await ctx
      .request()
      .post('/api/auth/verify-credentials-send-otp')
      .send({ email, password: PASSWORD });
    const res = await ctx
      .request()
      .post('/api/auth/verify-otp')
      .send({ email, otp: wrongCode(await ctx.mail.lastCode(email)), hash: sent.body.hash });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Invalid code', code: 'OTP_INVALID', attemptsLeft: 4 });
  });

  it('does not accept a signup code for login', async () => {
    const email = await account();
    // The signup code of this account was consumed; a new signup challenge mails no code.
    const res = await ctx.request().post('/api/auth/send-otp').send({ email });
    expect(res.status).toBe(200);
    expect((await ctx.mail.messagesTo(email)).at(-1)!.code).toBeUndefined();
    const login = await ctx.request().post('/api/auth/login').send({ email, password: PASSWORD });
    expect(login.status).toBe(400);
  });

  it('rejects a code for another purpose on the reset endpoint', async () => {
    const email = await account();
    const sent = await ctx
      .request()
      .post('/api/auth/verify-credentials-send-otp')
      .send({ email, password: PASSWORD });
    const res = await ctx
      .request()
      .post('/api/auth/verify-password-reset-otp')
      .send({ email, otp: await ctx.mail.lastCode(email), hash: sent.body.hash });
    expect(res.status).toBe(400);
    expect(res.body).not.toHaveProperty('resetToken');
  });
});
