import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { PASSWORD, signUp, uniqueEmail, wrongCode } from '../../../test/flows.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const countUsers = async (email: string) =>
  (
    await ctx.database.pool.query(
      'select count(*)::int as n from users where lower(email) = lower($1)',
      [email],
    )
  ).rows[0].n as number;

async function sendAndVerify(email: string) {
  const agent = ctx.request();
  const sent = await agent.post('/api/auth/send-otp').send({ email }).expect(200);
  await agent
    .post('/api/auth/verify-otp')
    .send({ email, otp: await ctx.mail.lastCode(email), hash: sent.body.hash })
    .expect(200);
  return agent;
}

describe('signup with a one-time code', () => {
  it('creates the account after the mailed code is verified', async () => {
    const email = uniqueEmail();
    const agent = ctx.request();
    const sent = await agent.post('/api/auth/send-otp').send({ email }).expect(200);
    expect(sent.body).toEqual({
      message: 'OTP sent to your email!',
      hash: expect.any(String),
      expiresIn: 300,
    });

    const [mail] = await ctx.mail.messagesTo(email);
    expect(mail!.subject).toBe('Your Lede sign-up code');
    expect(mail!.raw).toContain('expires in 5 minutes');
    expect(mail!.raw).toContain('text/html');
    expect(mail!.code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(sent.body)).not.toContain(mail!.code!);

    const verified = await agent
      .post('/api/auth/verify-otp')
      .send({ email, otp: mail!.code, hash: sent.body.hash });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      message: 'Code verified successfully',
      verified: true,
      verificationToken: expect.any(String),
    });

    const res = await agent
      .post('/api/auth/signup')
      .send({ name: '  Grace Hopper ', email, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Signup successful!');
    expect(res.body.AccessToken).toEqual(expect.any(String));
    expect(res.body.newUser).toEqual({
      _id: expect.any(String),
      name: 'Grace Hopper',
      email,
      profile_url: '/media/default-avatar.svg',
      theme: 'light',
      theme_chosen: false,
      interests: [],
      timezone: 'UTC',
      createdAt: '2030-03-10T09:00:00.000Z',
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/lede_refresh=[^;]+;.*HttpOnly/i);
    expect(cookie).toMatch(/Path=\/api/);

    const me = await agent
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${res.body.AccessToken}`);
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);

    const row = (await ctx.database.pool.query('select * from users where email = $1', [email]))
      .rows[0];
    expect(row.password_hash).toMatch(/^\$2[aby]\$04\$/);
    expect(JSON.stringify(res.body)).not.toMatch(/password|\$2[aby]\$/i);
  });

  it('keeps the code only as a hash in the database', async () => {
    const email = uniqueEmail();
    const sent = await ctx.request().post('/api/auth/send-otp').send({ email }).expect(200);
    const code = await ctx.mail.lastCode(email);
    const row = (
      await ctx.database.pool.query('select * from otp_challenges where id = $1', [sent.body.hash])
    ).rows[0];
    expect(row.purpose).toBe('signup');
    expect(row.attempts_left).toBe(5);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(300_000);
  });

  it('refuses signup without a verified code', async () => {
    const email = uniqueEmail();
    const res = await ctx
      .request()
      .post('/api/auth/signup')
      .send({ name: 'Eve', email, password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please verify the code sent to your email first.');
    expect(await countUsers(email)).toBe(0);

    // A code that was sent but never verified is not enough either.
    await ctx.request().post('/api/auth/send-otp').send({ email }).expect(200);
    const again = await ctx
      .request()
      .post('/api/auth/signup')
      .send({ name: 'Eve', email, password: PASSWORD });
    expect(again.status).toBe(400);
    expect(await countUsers(email)).toBe(0);
  });

  it('counts wrong codes down to zero, then the challenge is dead', async () => {
    const email = uniqueEmail();
    const agent = ctx.request();
    const sent = await agent.post('/api/auth/send-otp').send({ email }).expect(200);
    const code = await ctx.mail.lastCode(email);
    const bad = wrongCode(code);
    for (const attemptsLeft of [4, 3, 2, 1]) {
      const res = await agent
        .post('/api/auth/verify-otp')
        .send({ email, otp: bad, hash: sent.body.hash });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid code', code: 'OTP_INVALID', attemptsLeft });
    }
    const last = await agent
      .post('/api/auth/verify-otp')
      .send({ email, otp: bad, hash: sent.body.hash });
    expect(last.status).toBe(429);
    expect(last.body.attemptsLeft).toBe(0);
    expect(last.body.message).toContain('Too many');

    const right = await agent
      .post('/api/auth/verify-otp')
      .send({ email, otp: code, hash: sent.body.hash });
    expect(right.status).toBe(429);
    expect(right.body.message).toContain('Too many');
    const signup = await agent
      .post('/api/auth/signup')
      .send({ name: 'Mallory', email, password: PASSWORD });
    expect(signup.status).toBe(400);
    expect(await countUsers(email)).toBe(0);
  });

  it('refuses an expired code with a message saying so', async () => {
    const email = uniqueEmail();
    const sent = await ctx.request().post('/api/auth/send-otp').send({ email }).expect(200);
    ctx.clock.advance(301_000);
    const res = await ctx
      .request()
      .post('/api/auth/verify-otp')
      .send({ email, otp: await ctx.mail.lastCode(email), hash: sent.body.hash });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('expired');
  });

  it('accepts a code just before it expires', async () => {
    const email = uniqueEmail();
    const sent = await ctx.request().post('/api/auth/send-otp').send({ email }).expect(200);
    ctx.clock.advance(299_000);
    await ctx
      .request()
      .post('/api/auth/verify-otp')
      .send({ email, otp: await ctx.mail.lastCode(email), hash: sent.body.hash })
      .expect(200);
  });

  it('uses a code once: a second verification and a second signup are refused', async () => {
    const email = uniqueEmail();
    const agent = ctx.request();
    const sent = await agent.post('/api/auth/send-otp').send({ email }).expect(200);
    const code = await ctx.mail.lastCode(email);
    await agent
      .post('/api/auth/verify-otp')
      .send({ email, otp: code, hash: sent.body.hash })
      .expect(200);
    const reuse = await agent
      .post('/api/auth/verify-otp')
      .send({ email, otp: code, hash: sent.body.hash });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toContain('already been used');

    await agent
      .post('/api/auth/signup')
      .send({ name: 'Ann', email, password: PASSWORD })
      .expect(201);
    const second = await agent
      .post('/api/auth/signup')
      .send({ name: 'Ann', email, password: PASSWORD });
    expect(second.status).toBe(400);
    expect(await countUsers(email)).toBe(1);
  });

  it('lets a verification go stale after ten minutes', async () => {
    const email = uniqueEmail();
    const agent = await sendAndVerify(email);
    ctx.clock.advance(11 * 60_000);
    const res = await agent
      .post('/api/auth/signup')
      .send({ name: 'Late', email, password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('expired');
    expect(await countUsers(email)).toBe(0);
  });

  it('retires the previous code when a new one is sent', async () => {
    const email = uniqueEmail();
    const first = await ctx.request().post('/api/auth/send-otp').send({ email }).expect(200);
    const firstCode = await ctx.mail.lastCode(email);
    const second = await ctx.request().post('/api/auth/send-otp').send({ email }).expect(200);
    const old = await ctx
      .request()
      .post('/api/auth/verify-otp')
      .send({ email, otp: firstCode, hash: first.body.hash });
    expect(old.status).toBe(429);
    expect(old.body.message).toContain('Too many');
    await ctx
      .request()
      .post('/api/auth/verify-otp')
      .send({ email, otp: await ctx.mail.lastCode(email), hash: second.body.hash })
      .expect(200);
  });

  it('refuses a code checked against another e-mail or an unknown challenge', async () => {
    const email = uniqueEmail();
    const sent = await ctx.request().post('/api/auth/send-otp').send({ email }).expect(200);
    const code = await ctx.mail.lastCode(email);
    const other = await ctx
      .request()
      .post('/api/auth/verify-otp')
      .send({ email: uniqueEmail(), otp: code, hash: sent.body.hash });
    expect(other.status).toBe(400);
    expect(other.body.message).toContain('not found');
    const unknown = await ctx
      .request()
      .post('/api/auth/verify-otp')
      .send({ email, otp: code, hash: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    const garbage = await ctx
      .request()
      .post('/api/auth/verify-otp')
      .send({ email, otp: code, hash: 'nope' });
    expect(garbage.status).toBe(400);
  });

  it('mails no code to an address that has an account, whatever its case, but tells its owner', async () => {
    const email = uniqueEmail();
    await signUp(ctx, ctx.request(), { email });
    const before = (await ctx.mail.messagesTo(email)).length;
    const res = await ctx.request().post('/api/auth/send-otp').send({ email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['expiresIn', 'hash', 'message']);
    const notice = (await ctx.mail.messagesTo(email)).slice(before);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.subject).toBe('Someone tried to sign up to Lede with your address');
    expect(notice[0]!.code).toBeUndefined();
    // Nobody holds a code of that challenge, so the address never gets a second account.
    const guess = await ctx
      .request()
      .post('/api/auth/verify-otp')
      .send({ email, otp: '000000', hash: res.body.hash });
    expect(guess.status).toBe(400);
    expect(await countUsers(email)).toBe(1);
  });

  it('gives one account when two verified signups for the same e-mail race', async () => {
    const email = uniqueEmail();
    const a = await sendAndVerify(email);
    const b = await sendAndVerify(email);
    const results = await Promise.all([
      a.post('/api/auth/signup').send({ name: 'A', email, password: PASSWORD }),
      b.post('/api/auth/signup').send({ name: 'B', email, password: PASSWORD }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(
      'An account with this email already exists',
    );
    expect(await countUsers(email)).toBe(1);
  });

  it('refuses a weak password and changes nothing', async () => {
    const email = uniqueEmail();
    const agent = await sendAndVerify(email);
    for (const password of ['short', 'alllowercase1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial12']) {
      const res = await agent.post('/api/auth/signup').send({ name: 'Weak', email, password });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Password does not meet all requirements.');
      expect(res.body.errors).toEqual([
        { path: 'password', message: 'Password does not meet all requirements.' },
      ]);
    }
    expect(await countUsers(email)).toBe(0);
    // The verified code was not used up by the refused attempts.
    await agent
      .post('/api/auth/signup')
      .send({ name: 'Strong', email, password: PASSWORD })
      .expect(201);
  });

  it.each([
    [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ email: 'a b@c.de' }, 'Please enter a valid email address.'],
    [{ email: { $gt: '' } }, 'All fields are required.'],
    [{ email: ['a@b.co'] }, 'All fields are required.'],
    [{}, 'All fields are required.'],
  ])('refuses send-otp with %j', async (body, message) => {
    const res = await ctx.request().post('/api/auth/send-otp').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[0].path).toBe('email');
  });

  it('refuses operator objects in every string field and drops unknown keys', async () => {
    const email = uniqueEmail();
    const agent = await sendAndVerify(email);
    const injected = await agent
      .post('/api/auth/signup')
      .send({ name: 'X', email, password: { $ne: null } });
    expect(injected.status).toBe(400);
    const otp = await agent
      .post('/api/auth/verify-otp')
      .send({ email, otp: { $gt: '' }, hash: { $gt: '' } });
    expect(otp.status).toBe(400);
    expect(otp.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['hash', 'otp']);

    const res = await agent.post('/api/auth/signup').send({
      name: 'Ann',
      email,
      password: PASSWORD,
      theme: 'dark',
      interests: ['sports'],
      _id: 'x',
      isAdmin: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.newUser.theme).toBe('light');
    expect(res.body.newUser.interests).toEqual([]);
    expect(res.body.newUser._id).not.toBe('x');
  });

  it('does not accept a login code for signup', async () => {
    const email = uniqueEmail();
    await signUp(ctx, ctx.request(), { email });
    const agent = ctx.request();
    const sent = await agent
      .post('/api/auth/verify-credentials-send-otp')
      .send({ email, password: PASSWORD })
      .expect(200);
    await agent
      .post('/api/auth/verify-otp')
      .send({ email, otp: await ctx.mail.lastCode(email), hash: sent.body.hash })
      .expect(200);
    const other = uniqueEmail();
    const res = await agent
      .post('/api/auth/signup')
      .send({ name: 'X', email: other, password: PASSWORD });
    expect(res.status).toBe(400);
    expect(await countUsers(other)).toBe(0);
  });
});
