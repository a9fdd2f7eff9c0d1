import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { contractAgent } from '../../../test/contract.js';
import { PASSWORD, signUp, uniqueEmail, wrongCode } from '../../../test/flows.js';
import { memoryLogger } from '../../../test/memory-logger.js';

/**
 * What a stranger can do to someone else's address: spend no budget of the
 * owner's, learn nothing of whether it has an account, and guess codes only so often.
 * Clients come from different addresses through a trusted proxy's X-Forwarded-For.
 */

const OWNER_IP = '203.0.113.20';
const STRANGER_IP = '198.51.100.7';

let ctx: TestContext;
let log: ReturnType<typeof memoryLogger>;
let agent: () => supertest.Agent;

beforeAll(async () => {
  ctx = await createTestContext({ trustProxy: ['loopback'] });
  log = memoryLogger();
  const app = createApp({ ...ctx.deps, logger: log.logger });
  agent = () => contractAgent(app);
});
afterAll(async () => {
  await ctx.close();
});

const from = (ip: string) => ({
  post: (path: string, body: object) => agent().post(path).set('X-Forwarded-For', ip).send(body),
  put: (path: string, body: object, token: string) =>
    agent().put(path).set('X-Forwarded-For', ip).set('Authorization', `Bearer ${token}`).send(body),
});
const owner = from(OWNER_IP);
const stranger = from(STRANGER_IP);

/** A new account, signed up from the owner's address; a window later, so no budget carries. */
async function account(): Promise<{ email: string; token: string }> {
  ctx.clock.advance(60 * 60_000);
  const email = uniqueEmail('owner');
  const { token } = await signUp(ctx, agent().set('X-Forwarded-For', OWNER_IP), { email });
  return { email, token };
}

const securityLines = (event: string) =>
  log.lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.security === event);

describe('no lockout by strangers', () => {
  it("a stranger's six reset requests and eleven wrong passwords leave the owner a sign-in code", async () => {
    const { email } = await account();
    // The owner has a sign-in code waiting when the stranger starts.
    const pending = await owner
      .post('/api/auth/verify-credentials-send-otp', { email, password: PASSWORD })
      .expect(200);
    const pendingCode = await ctx.mail.lastCode(email);

    const resets: number[] = [];
    for (let i = 0; i < 6; i++) {
      resets.push((await stranger.post('/api/auth/forgot-password', { email })).status);
    }
    expect(resets).toEqual([200, 200, 200, 200, 200, 429]);
    const wrong: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await stranger.post('/api/auth/verify-credentials-send-otp', {
        email,
        password: 'Wr0ng!pass',
      });
      wrong.push(res.status);
    }
    expect(wrong).toEqual([...Array<number>(10).fill(400), 429]);

    // The reset requests cancelled nothing of the owner's: the pending code still works...
    await owner
      .post('/api/auth/verify-otp', { email, otp: pendingCode, hash: pending.body.hash })
      .expect(200);
    // ...and from the owner's own connection a new code comes, and signs in.
    const sent = await owner
      .post('/api/auth/verify-credentials-send-otp', { email, password: PASSWORD })
      .expect(200);
    const verified = await owner
      .post('/api/auth/verify-otp', {
        email,
        otp: await ctx.mail.lastCode(email),
        hash: sent.body.hash,
      })
      .expect(200);
    await owner
      .post('/api/auth/login', {
        email,
        password: PASSWORD,
        verificationToken: verified.body.verificationToken,
      })
      .expect(200);
    // The owner's own reset budget is untouched too.
    await owner.post('/api/auth/forgot-password', { email }).expect(200);

    const failures = securityLines('signin.failed').filter((l) => l.ip === STRANGER_IP);
    expect(failures).toHaveLength(10);
    expect(failures[0]).toMatchObject({ email: expect.stringMatching(/^o\*\*\*@example\.com$/) });
    expect(securityLines('signin.locked').at(-1)).toMatchObject({
      ip: STRANGER_IP,
      reqId: expect.any(String),
    });
  });

  it("a stranger behind the owner's own IP never locks the owner's browser out", async () => {
    ctx.clock.advance(60 * 60_000);
    const email = uniqueEmail('office');
    const OFFICE = '192.0.2.80';
    // The owner's browser keeps its cookies: signing up leaves it a device cookie.
    const browser = agent().set('X-Forwarded-For', OFFICE);
    await signUp(ctx, browser, { email });
    const wrong: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await from(OFFICE).post('/api/auth/verify-credentials-send-otp', {
        email,
        password: 'Wr0ng!pass',
      });
      wrong.push(res.status);
    }
    expect(wrong.at(-1)).toBe(429);
    // Another browser of that office, unknown to the account, is held up with the stranger...
    const unknown = await from(OFFICE).post('/api/auth/verify-credentials-send-otp', {
      email,
      password: PASSWORD,
    });
    expect(unknown.status).toBe(429);
    // ...the owner's is not: its wrong passwords would count on their own.
    await browser
      .post('/api/auth/verify-credentials-send-otp')
      .send({ email, password: PASSWORD })
      .expect(200);
    // A forged or another account's device cookie is worth nothing.
    const forged = await agent()
      .post('/api/auth/verify-credentials-send-otp')
      .set('X-Forwarded-For', OFFICE)
      .set('Cookie', `lede_device=00000000-0000-0000-0000-000000000000.x.${'0'.repeat(64)}`)
      .send({ email, password: PASSWORD });
    expect(forged.status).toBe(429);
  });

  it('counts wrong codes per address and purpose across challenges', async () => {
    const { email } = await account();
    const guess = async (hash: string) =>
      stranger.post('/api/auth/verify-password-reset-otp', { email, hash, otp: '000000' });
    const statuses: number[] = [];
    let last: supertest.Response | undefined;
    // Each new challenge brings 5 attempts, but the address's 10 an hour are shared.
    for (let challenge = 0; challenge < 3; challenge++) {
      const { hash } = (await stranger.post('/api/auth/forgot-password', { email })).body as {
        hash: string;
      };
      for (let i = 0; i < 5; i++) {
        last = await guess(hash);
        statuses.push(last.status);
      }
    }
    // The code 000000 could be right once in a million: the assertions allow for none.
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses[4]).toBe(429); // the first challenge's fifth attempt: it is dead
    expect(statuses.slice(5, 9)).toEqual([400, 400, 400, 400]);
    expect(statuses.slice(9)).toEqual(Array<number>(6).fill(429));
    expect(last!.body).toMatchObject({ code: 'OTP_GUESSES_EXHAUSTED', attemptsLeft: 0 });
    expect(last!.body.retryAfter).toBeGreaterThan(0);
    expect(last!.headers['retry-after']).toBe(String(last!.body.retryAfter));

    // Even the right code waits out the hour; then it works.
    const fresh = await owner.post('/api/auth/forgot-password', { email }).expect(200);
    const code = await ctx.mail.lastCode(email);
    const early = await owner.post('/api/auth/verify-password-reset-otp', {
      email,
      hash: fresh.body.hash,
      otp: code,
    });
    expect(early.status).toBe(429);
    expect(early.body.code).toBe('OTP_GUESSES_EXHAUSTED');
    ctx.clock.advance(2 * 60 * 60_000);
    const again = await owner.post('/api/auth/forgot-password', { email }).expect(200);
    await owner
      .post('/api/auth/verify-password-reset-otp', {
        email,
        hash: again.body.hash,
        otp: await ctx.mail.lastCode(email),
      })
      .expect(200);
    // A sign-in code of the same address was never held up by the reset guesses.
    expect(securityLines('code.wrong').filter((l) => l.purpose === 'password_reset')).toHaveLength(
      10,
    );
    expect(securityLines('code.locked').length).toBeGreaterThan(0);
  });

  it('never writes a code, a token or a password in a log line', () => {
    const text = log.lines.join('\n');
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('Wr0ng!pass');
    expect(text).not.toMatch(/"(otp|code|resetToken|verificationToken|AccessToken)":/);
  });
});

/** What a response shows about the address: status, body fields, and the headers but ids. */
function shape(res: supertest.Response) {
  const headers = Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) => !['date', 'x-request-id', 'etag', 'content-length'].includes(name))
      // The per-IP limits' partition keys name the caller, not the address.
      .map(([name, value]) => [name, String(value).replace(/pk=:[^:]*:/g, 'pk')]),
  );
  return { status: res.status, fields: Object.keys(res.body as object).sort(), headers };
}

describe('nothing tells whether an address has an account', () => {
  it('send-otp answers alike for a taken and a free address; the owner is told by mail', async () => {
    const { email: taken } = await account();
    const free = uniqueEmail('free');
    const before = (await ctx.mail.messagesTo(taken)).length;
    // Two fresh callers, so the per-IP counts (the only RateLimit headers) match too.
    const a = await from('192.0.2.11').post('/api/auth/send-otp', { email: taken });
    const b = await from('192.0.2.12').post('/api/auth/send-otp', { email: free });
    expect(shape(a)).toEqual(shape(b));
    expect(a.status).toBe(200);
    expect(a.body.message).toBe(b.body.message);

    const notice = (await ctx.mail.messagesTo(taken)).slice(before);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.code).toBeUndefined();
    expect(notice[0]!.raw).toContain('/login');
    expect(notice[0]!.raw).toContain('/forgot-password');
    expect((await ctx.mail.messagesTo(free)).at(-1)!.code).toMatch(/^\d{6}$/);
    expect(securityLines('email.taken').at(-1)).toMatchObject({ ip: '192.0.2.11' });
  });

  it('an e-mail change to a taken address answers as to a free one, until the last step', async () => {
    const { email: taken } = await account();
    const mover = await account();
    const free = uniqueEmail('free');
    const a = await from('192.0.2.21').put(
      '/api/profile/changeemail',
      { email: taken, password: PASSWORD },
      mover.token,
    );
    const b = await from('192.0.2.22').put(
      '/api/profile/changeemail',
      { email: free, password: PASSWORD },
      mover.token,
    );
    expect(shape(a)).toEqual(shape(b));
    expect(a.status).toBe(200);
    expect((await ctx.mail.messagesTo(taken)).at(-1)!.subject).toBe(
      'Someone tried to move a Lede account to your address',
    );
    // A guess at step 2 says only that the code is wrong.
    const guessed = await owner.put(
      '/api/profile/changeemail',
      { email: taken, otp: '000000', hash: a.body.hash },
      mover.token,
    );
    expect(guessed.status).toBe(400);
    expect(guessed.body.code).toBe('OTP_INVALID');

    // Whoever verified the mailbox learns it is taken: the address was free at step 1, and
    // someone signed up with it before step 2.
    const code = await ctx.mail.lastCode(free);
    await signUp(ctx, agent().set('X-Forwarded-For', '192.0.2.23'), { email: free });
    const late = await owner.put(
      '/api/profile/changeemail',
      { email: free, otp: code, hash: b.body.hash },
      mover.token,
    );
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('EMAIL_TAKEN');
  });
});

describe('limits on profile writes', () => {
  it("limits one reader's profile writes per minute", async () => {
    const { token } = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await owner.put('/api/profile/editname', { name: `Name ${i}` }, token);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('limits profile writes per IP across readers', async () => {
    const small = await createTestContext({ authIpLimit: 3 });
    try {
      const { createReaders } = await import('../../../test/readers.js');
      const readers = await createReaders(small.deps, 4);
      const statuses: number[] = [];
      for (const reader of readers) {
        const res = await small
          .request()
          .put('/api/profile/toggletheme')
          .set(reader.auth())
          .send({ theme: 'dark' });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      // Reads are not writes.
      await small.request().get('/api/profile/getstreak').set(readers[3]!.auth()).expect(200);
    } finally {
      await small.close();
    }
  });
});

describe('wrong codes are logged without the code', () => {
  it('names the purpose and the masked address', async () => {
    const { email } = await account();
    const sent = await owner.post('/api/auth/forgot-password', { email }).expect(200);
    const code = await ctx.mail.lastCode(email);
    await owner
      .post('/api/auth/verify-password-reset-otp', {
        email,
        hash: sent.body.hash,
        otp: wrongCode(code),
      })
      .expect(400);
    const line = securityLines('code.wrong').at(-1)!;
    expect(line).toMatchObject({ purpose: 'password_reset', ip: OWNER_IP });
    expect(JSON.stringify(line)).not.toContain(code);
    expect(JSON.stringify(line)).not.toContain(email);
  });
});

describe('sessions that end are logged', () => {
  it('at a password reset, with the reader and no secret', async () => {
    const { email, token } = await account();
    const sent = await owner.post('/api/auth/forgot-password', { email }).expect(200);
    const verified = await owner
      .post('/api/auth/verify-password-reset-otp', {
        email,
        hash: sent.body.hash,
        otp: await ctx.mail.lastCode(email),
      })
      .expect(200);
    await owner
      .post('/api/auth/reset-password', {
        email,
        newPassword: 'N3w!password',
        resetToken: verified.body.resetToken,
      })
      .expect(200);
    const me = await agent().get('/api/auth/me').set('Authorization', `Bearer ${token}`);
    expect(me.status).toBe(401);
    const line = securityLines('session.ended').at(-1)!;
    expect(line).toMatchObject({ ip: OWNER_IP, userId: expect.any(String) });
    expect(JSON.stringify(line)).not.toContain(verified.body.resetToken);
  });
});
