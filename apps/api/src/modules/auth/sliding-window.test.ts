import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { uniqueEmail } from '../../../test/flows.js';
import { pruneRateLimits } from '../../http/rate-limit.js';

/**
 * The code limits slide: no burst at a window edge, hits leak out gradually, concurrent
 * requests never get past the limit, and Retry-After says when the next one will pass.
 */

const WINDOW = 10 * 60_000;
const LIMIT = 4; // codes per e-mail and window

let ctx: TestContext;
beforeAll(async () => {
  // The per-IP limits stay out of the way: every request here comes from one IP.
  ctx = await createTestContext({
    authIpLimit: 1000,
    otp: { emailLimit: LIMIT, ipLimit: 500, windowMinutes: WINDOW / 60_000 },
  });
});
afterAll(async () => {
  await ctx.close();
});

const send = (email: string) => ctx.request().post('/api/auth/send-otp').send({ email });

/** Moves the clock to `offset` ms from a fixed-window boundary comfortably ahead of it. */
function atBoundary(offset: number): number {
  const now = ctx.clock.now().getTime();
  const boundary = (Math.floor(now / WINDOW) + 3) * WINDOW;
  ctx.clock.set(new Date(boundary + offset));
  return boundary;
}
const moveTo = (at: number) => ctx.clock.set(new Date(at));

/** The e-mail limit's entry in the draft-8 RateLimit and RateLimit-Policy headers. */
function emailLimitHeaders(res: supertest.Response) {
  const name = `"${LIMIT}-in-${WINDOW / 60_000}min"`;
  const entry = (header: string) =>
    String(res.headers[header])
      .split(/,\s*(?=")/)
      .find((part) => part.startsWith(name));
  return { rateLimit: entry('ratelimit'), policy: entry('ratelimit-policy') };
}

describe('sliding-window code limits', () => {
  it('refuses a second burst just after a window edge (no twice the limit)', async () => {
    const email = uniqueEmail('edge');
    const boundary = atBoundary(-1000);
    for (let i = 0; i < LIMIT; i++) expect((await send(email)).status).toBe(200);

    moveTo(boundary + 1000);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await send(email)).status);
    expect(statuses).toEqual([429, 429, 429, 429]);
    expect(await ctx.mail.messagesTo(email)).toHaveLength(LIMIT);
  });

  it('says in Retry-After when the next code will be allowed, and no count of the address', async () => {
    const email = uniqueEmail('retry');
    const boundary = atBoundary(-1000);
    for (let i = 0; i < LIMIT; i++) await send(email).expect(200);

    // Right after the edge, the 4 codes still count fully; a quarter window on, one has
    // slid out: 150 s after the edge, 149 s from now.
    moveTo(boundary + 1000);
    const refused = await send(email);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'Too many codes requested. Please wait before trying again.',
      code: 'TOO_MANY_CODES',
      retryAfter: 149,
    });
    expect(refused.headers['retry-after']).toBe('149');
    // The per-address limits send no RateLimit headers (they would tell how an address is
    // used); the per-IP limit's are the only ones.
    expect(emailLimitHeaders(refused)).toEqual({ rateLimit: undefined, policy: undefined });
    expect(String(refused.headers['ratelimit-policy'])).toContain('"500-in-10min"; q=500;');

    moveTo(boundary + 149_000);
    const stillRefused = await send(email);
    expect(stillRefused.status).toBe(429);
    expect(stillRefused.headers['retry-after']).toBe('1');
    moveTo(boundary + 150_000);
    const allowed = await send(email);
    expect(allowed.status).toBe(200);
    expect(emailLimitHeaders(allowed).rateLimit).toBeUndefined();
    expect((await send(email)).status).toBe(429);
  });

  it('lets codes back gradually as earlier ones slide out of the window', async () => {
    const email = uniqueEmail('leak');
    // Four codes spread evenly over one window...
    const boundary = atBoundary(0);
    for (const eighth of [1, 3, 5, 7]) {
      moveTo(boundary + (eighth * WINDOW) / 8);
      await send(email).expect(200);
    }
    // ...leak out one per quarter window: exactly one more each time, never two.
    const accepted: number[] = [];
    for (const quarter of [1, 2, 3, 4]) {
      moveTo(boundary + WINDOW + (quarter * WINDOW) / 4);
      let n = 0;
      while ((await send(email)).status === 200) n++;
      accepted.push(n);
    }
    // So half a window in, half of them (2 of 4) have made room again.
    expect(accepted).toEqual([1, 1, 1, 1]);
    expect(await ctx.mail.messagesTo(email)).toHaveLength(LIMIT + 4);
  });

  it("forgets a window's hits entirely one window length after it ends", async () => {
    const email = uniqueEmail('full');
    // A fixed window ends at its boundary, included: these codes are the last of theirs.
    const boundary = atBoundary(0);
    for (let i = 0; i < LIMIT; i++) await send(email).expect(200);
    moveTo(boundary + WINDOW);
    for (let i = 0; i < LIMIT; i++) await send(email).expect(200);
    expect((await send(email)).status).toBe(429);
  });

  it('lets exactly the limit through when requests on one key arrive at once', async () => {
    const email = uniqueEmail('burst');
    atBoundary(60_000);
    const statuses = (await Promise.all(Array.from({ length: 12 }, () => send(email)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LIMIT);
    expect(await ctx.mail.messagesTo(email)).toHaveLength(LIMIT);
  });

  it('weighs the previous window the same for concurrent requests', async () => {
    const email = uniqueEmail('burst-prev');
    const boundary = atBoundary(-1000);
    for (let i = 0; i < LIMIT; i++) await send(email).expect(200);
    // Half a window later, 2 of the 4 codes still count: room for exactly 2.
    moveTo(boundary + WINDOW / 2);
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => send(email)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(await ctx.mail.messagesTo(email)).toHaveLength(LIMIT + 2);
  });

  it('keeps the previous window through pruning', async () => {
    const email = uniqueEmail('prune');
    const boundary = atBoundary(-1000);
    for (let i = 0; i < LIMIT; i++) await send(email).expect(200);
    moveTo(boundary + 1000);
    const now = ctx.clock.now().getTime();
    // Maintenance prunes what started a day ago; the contract allows down to two windows.
    await pruneRateLimits(ctx.deps.db, new Date(now - 24 * 3_600_000));
    await pruneRateLimits(ctx.deps.db, new Date(now - 2 * WINDOW));
    expect((await send(email)).status).toBe(429);

    // Two windows on, the codes' window can no longer count, and pruning deletes it.
    moveTo(boundary + 2 * WINDOW);
    await pruneRateLimits(ctx.deps.db, new Date(boundary));
    const left = await ctx.database.pool.query(
      `select count(*)::int as n from rate_limit_hits where key = $1 and window_start < $2`,
      [`otp-email:${email}`, new Date(boundary)],
    );
    expect(left.rows[0].n).toBe(0);
    await send(email).expect(200);
  });
});

describe('sliding-window limit counting every request', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestContext({ authIpLimit: 10 });
  });
  afterAll(async () => {
    await strict.close();
  });

  it('admits exactly the limit of 30 concurrent requests from one IP', async () => {
    // An empty body: every admitted request is a validation error, every other one a 429.
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => strict.request().post('/api/auth/send-otp').send({})),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const refused = responses.find((r) => r.status === 429)!;
    expect(refused.body.message).toBe('Too many requests. Please try again later.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(2 * 15 * 60);
  });
});
