import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { logIn, signUp, uniqueEmail, wrongCode } from '../../../test/flows.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const userRow = async (id: string) =>
  (await ctx.database.pool.query('select * from users where id = $1', [id])).rows[0];

/** A reader signed up through the real flow, with their own agent (refresh cookie included). */
async function newReader() {
  const email = uniqueEmail('change');
  const agent = ctx.request();
  const { token, user } = await signUp(ctx, agent, { email });
  return { id: user._id as string, email, agent, token };
}
type Reader = Awaited<ReturnType<typeof newReader>>;

const changeEmail = (reader: Reader, body: object) =>
  reader.agent
    .put('/api/profile/changeemail')
    .set('Authorization', `Bearer ${reader.token}`)
    .send(body);

describe('PUT /api/profile/changeemail, step 1: a code to the new address', () => {
  it('mails a code to the new address and changes nothing yet', async () => {
    const reader = await newReader();
    const next = uniqueEmail('moved');
    const res = await changeEmail(reader, { email: ` ${next.toUpperCase()} ` }).expect(200);
    expect(res.body).toEqual({
      message: 'We sent a code to your new email address. Enter it to confirm the change.',
      hash: expect.any(String),
      expiresIn: 300,
      pendingEmail: next,
      user: expect.objectContaining({ _id: reader.id, email: reader.email }),
      AccessToken: expect.any(String),
    });
    const [mail] = await ctx.mail.messagesTo(next);
    expect(mail!.subject).toBe('Confirm your new Lede e-mail address');
    expect(mail!.code).toMatch(/^\d{6}$/);
    expect(await ctx.mail.messagesTo(reader.email)).toHaveLength(1); // only the signup code
    expect((await userRow(reader.id)).email).toBe(reader.email);
  });

  it.each([
    [{ email: 'not-an-email' }],
    [{ email: 'a@b@example.com' }],
    [{ email: { $ne: null } }],
    [{}],
  ])('refuses %j with 400 before any mail', async (body) => {
    const reader = await newReader();
    const before = ctx.mail.messages.length;
    const res = await changeEmail(reader, body).expect(400);
    expect(res.body.errors[0].path).toBe('email');
    await ctx.mail.messagesTo(reader.email);
    expect(ctx.mail.messages).toHaveLength(before);
  });

  it("answers for another account's address as for a free one; its owner gets a notice, no code", async () => {
    const [reader, other] = [await newReader(), await newReader()];
    const before = (await ctx.mail.messagesTo(other.email)).length;
    const res = await changeEmail(reader, { email: other.email.toUpperCase() }).expect(200);
    expect(res.body.pendingEmail).toBe(other.email.toLowerCase());
    expect(res.body.hash).toEqual(expect.any(String));
    const notice = (await ctx.mail.messagesTo(other.email)).slice(before);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.subject).toBe('Someone tried to move a Lede account to your address');
    expect(notice[0]!.code).toBeUndefined();
    expect(notice[0]!.raw).toContain('/forgot-password');
  });

  it('refuses the address the reader already has', async () => {
    const reader = await newReader();
    const res = await changeEmail(reader, { email: reader.email }).expect(400);
    expect(res.body.message).toBe('This is already your email address.');
  });

  it('limits codes per new address like every other code (429)', async () => {
    const reader = await newReader();
    const next = uniqueEmail('limited');
    for (let i = 0; i < ctx.deps.config.otp.emailLimit; i++) {
      await changeEmail(reader, { email: next }).expect(200);
    }
    const res = await changeEmail(reader, { email: next }).expect(429);
    expect(res.body.message).toBe('Too many codes requested. Please wait before trying again.');
  });
});

describe('PUT /api/profile/changeemail, step 2: the code applies the change', () => {
  async function startChange(reader: Reader) {
    const next = uniqueEmail('moved');
    const sent = await changeEmail(reader, { email: next }).expect(200);
    return { next, hash: sent.body.hash as string, code: await ctx.mail.lastCode(next) };
  }

  it('moves the account, tells the old address, and signs every other session out', async () => {
    const reader = await newReader();
    // A second session of the same reader, elsewhere (its own refresh cookie).
    const elsewhere = ctx.request();
    const other = await logIn(ctx, elsewhere, reader.email);
    const { next, hash, code } = await startChange(reader);

    const res = await changeEmail(reader, { email: next, otp: code, hash }).expect(200);
    expect(res.body).toEqual({
      message: 'Email updated successfully',
      user: expect.objectContaining({ _id: reader.id, email: next }),
      AccessToken: expect.any(String),
    });
    expect((await userRow(reader.id)).email).toBe(next);
    const notice = (await ctx.mail.messagesTo(reader.email)).at(-1)!;
    expect(notice.subject).toBe('Your Lede e-mail address was changed');
    expect(notice.raw).toContain(next);

    // The calling session goes on, with the new token and its own refresh cookie.
    await reader.agent
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${res.body.AccessToken}`)
      .expect(200);
    await reader.agent.post('/api/auth/refresh').expect(200);
    // The old access token and the other session are dead.
    await ctx
      .request()
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${reader.token}`)
      .expect(401);
    await ctx
      .request()
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${other.token}`)
      .expect(401);
    await elsewhere.post('/api/auth/refresh').expect(401);
    // The new address signs in; the old one no longer does.
    await logIn(ctx, ctx.request(), next);
    await ctx
      .request()
      .post('/api/auth/verify-credentials-send-otp')
      .send({ email: reader.email, password: 'Str0ng!pass' })
      .expect(400);
  });

  it('a wrong code reports attempts left and changes nothing', async () => {
    const reader = await newReader();
    const { next, hash, code } = await startChange(reader);
    const res = await changeEmail(reader, { email: next, otp: wrongCode(code), hash }).expect(400);
    expect(res.body).toEqual({ message: 'Invalid code', code: 'OTP_INVALID', attemptsLeft: 4 });
    expect((await userRow(reader.id)).email).toBe(reader.email);
    await changeEmail(reader, { email: next, otp: code, hash }).expect(200);
  });

  it('an expired code is refused with "expired"', async () => {
    const reader = await newReader();
    const { next, hash, code } = await startChange(reader);
    ctx.clock.advance(301_000);
    // The reader's bearer token may have expired meanwhile: the refresh cookie carries on.
    const res = await reader.agent
      .put('/api/profile/changeemail')
      .send({ email: next, otp: code, hash })
      .expect(400);
    expect(res.body.message).toMatch(/expired/);
    expect((await userRow(reader.id)).email).toBe(reader.email);
  });

  it('a code without its hash (or the reverse) is refused with 400', async () => {
    const reader = await newReader();
    const { next, code } = await startChange(reader);
    const res = await changeEmail(reader, { email: next, otp: code }).expect(400);
    expect(res.body.errors[0].path).toBe('otp');
    expect((await userRow(reader.id)).email).toBe(reader.email);
  });

  it("another reader cannot use someone else's code", async () => {
    const [reader, thief] = [await newReader(), await newReader()];
    const { next, hash, code } = await startChange(reader);
    const res = await changeEmail(thief, { email: next, otp: code, hash }).expect(400);
    expect(res.body.message).toBe('Code not found. Please request a new one.');
    expect((await userRow(thief.id)).email).toBe(thief.email);
  });

  it('a code works once', async () => {
    const reader = await newReader();
    const { next, hash, code } = await startChange(reader);
    const done = await changeEmail(reader, { email: next, otp: code, hash }).expect(200);
    reader.token = done.body.AccessToken;
    await changeEmail(reader, { email: next, otp: code, hash }).expect(400);
  });

  it('the address taken by someone else after the code was sent gives 409', async () => {
    const reader = await newReader();
    const { next, hash, code } = await startChange(reader);
    await signUp(ctx, ctx.request(), { email: next });
    const res = await changeEmail(reader, { email: next, otp: code, hash }).expect(409);
    expect(res.body).toEqual({
      message: 'An account with this email already exists',
      code: 'EMAIL_TAKEN',
    });
    expect((await userRow(reader.id)).email).toBe(reader.email);
  });
});
