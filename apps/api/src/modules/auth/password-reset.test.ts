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

const NEW_PASSWORD = 'N3w!password';

async function resetToken(email: string) {
  const sent = await ctx.request().post('/api/auth/forgot-password').send({ email }).expect(200);
  const res = await ctx
    .request()
    .post('/api/auth/verify-password-reset-otp')
    .send({ email, otp: await ctx.mail.lastCode(email), hash: sent.body.hash })
    .expect(200);
  return res.body.resetToken as string;
}

describe('password reset', () => {
  it('resets the password with code and reset token, and ends every session', async () => {
    const email = uniqueEmail();
    const browser = ctx.request();
    const { token } = await signUp(ctx, browser, { email });

    const sent = await ctx.request().post('/api/auth/forgot-password').send({ email });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      message: 'Password reset OTP sent to your email!',
      hash: expect.any(String),
      expiresIn: 300,
    });
    expect((await ctx.mail.messagesTo(email)).at(-1)!.subject).toBe(
      'Your Lede password reset code',
    );

    const verified = await ctx
      .request()
      .post('/api/auth/verify-password-reset-otp')
      .send({ email, otp: await ctx.mail.lastCode(email), hash: sent.body.hash });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      message: 'OTP verified! Now set your new password.',
      resetToken: expect.any(String),
    });

    const reset = await ctx
      .request()
      .post('/api/auth/reset-password')
      .send({ email, newPassword: NEW_PASSWORD, resetToken: verified.body.resetToken });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(
      'Password reset successfully! You can now login with your new password.',
    );

    // The old access token and the old refresh cookie are both dead.
    const me = await ctx.request().get('/api/auth/me').set('Authorization', `Bearer ${token}`);
    expect(me.status).toBe(401);
    expect((await browser.post('/api/auth/refresh')).status).toBe(401);

    const old = await ctx
      .request()
      .post('/api/auth/verify-credentials-send-otp')
      .send({ email, password: PASSWORD });
    expect(old.status).toBe(400);
    const { user } = await logIn(ctx, ctx.request(), email, NEW_PASSWORD);
    expect(user.email).toBe(email);
  });

  it('answers the same for an unknown e-mail and mails nothing', async () => {
    const known = uniqueEmail();
    await signUp(ctx, ctx.request(), { email: known });
    const unknown = uniqueEmail();
    const a = await ctx.request().post('/api/auth/forgot-password').send({ email: known });
    const b = await ctx.request().post('/api/auth/forgot-password').send({ email: unknown });
    expect(b.status).toBe(a.status);
    expect(Object.keys(b.body).sort()).toEqual(Object.keys(a.body).sort());
    expect(b.body.message).toBe(a.body.message);
    expect(await ctx.mail.messagesTo(unknown)).toHaveLength(0);
    const guess = await ctx
      .request()
      .post('/api/auth/verify-password-reset-otp')
      .send({ email: unknown, otp: '123456', hash: b.body.hash });
    expect(guess.status).toBe(400);
    expect(guess.body).toEqual({ message: 'Invalid code', code: 'OTP_INVALID', attemptsLeft: 4 });
  });

  it('uses a reset token once', async () => {
    const email = uniqueEmail();
    await signUp(ctx, ctx.request(), { email });
    const token = await resetToken(email);
    await ctx
      .request()
      .post('/api/auth/reset-password')
      .send({ email, newPassword: NEW_PASSWORD, resetToken: token })
      .expect(200);
    const again = await ctx
      .request()
      .post('/api/auth/reset-password')
      .send({ email, newPassword: 'An0ther!pass', resetToken: token });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('expired');
    await logIn(ctx, ctx.request(), email, NEW_PASSWORD);
  });

  it('refuses a reset token that is too old, for another e-mail, or made up', async () => {
    const email = uniqueEmail();
    const other = uniqueEmail();
    await signUp(ctx, ctx.request(), { email });
    await signUp(ctx, ctx.request(), { email: other });
    const token = await resetToken(email);
    const wrongUser = await ctx
      .request()
      .post('/api/auth/reset-password')
      .send({ email: other, newPassword: NEW_PASSWORD, resetToken: token });
    expect(wrongUser.status).toBe(400);
    const madeUp = await ctx
      .request()
      .post('/api/auth/reset-password')
      .send({ email, newPassword: NEW_PASSWORD, resetToken: 'made-up-token' });
    expect(madeUp.status).toBe(400);
    ctx.clock.advance(11 * 60_000);
    const late = await ctx
      .request()
      .post('/api/auth/reset-password')
      .send({ email, newPassword: NEW_PASSWORD, resetToken: token });
    expect(late.status).toBe(400);
    expect(late.body.message).toContain('expired');
    await logIn(ctx, ctx.request(), email, PASSWORD);
    await logIn(ctx, ctx.request(), other, PASSWORD);
  });

  it('refuses a weak new password and keeps the reset token usable', async () => {
    const email = uniqueEmail();
    await signUp(ctx, ctx.request(), { email });
    const token = await resetToken(email);
    const weak = await ctx
      .request()
      .post('/api/auth/reset-password')
      .send({ email, newPassword: 'weakpass', resetToken: token });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('Password does not meet all requirements.');
    await logIn(ctx, ctx.request(), email, PASSWORD);
    await ctx
      .request()
      .post('/api/auth/reset-password')
      .send({ email, newPassword: NEW_PASSWORD, resetToken: token })
      .expect(200);
  });

  it('counts wrong reset codes down and reports an expired one', async () => {
    const email = uniqueEmail();
    await signUp(ctx, ctx.request(), { email });
    const sent = await ctx.request().post('/api/auth/forgot-password').send({ email });
    const code = await ctx.mail.lastCode(email);
    const wrong = await ctx
      .request()
      .post('/api/auth/verify-password-reset-otp')
      .send({ email, otp: wrongCode(code), hash: sent.body.hash });
    expect(wrong.body).toEqual({ message: 'Invalid code', code: 'OTP_INVALID', attemptsLeft: 4 });
    ctx.clock.advance(300_001);
    const expired = await ctx
      .request()
      .post('/api/auth/verify-password-reset-otp')
      .send({ email, otp: code, hash: sent.body.hash });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toContain('expired');
    expect(expired.body).not.toHaveProperty('resetToken');
  });
});
