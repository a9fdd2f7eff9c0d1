/**
 * A refresh token's family is one chain: a replay within REFRESH_REUSE_GRACE_SECONDS gets the
 * successor already issued (never a sibling), and a replay after it ends the session at once,
 * on this instance too, with a security line that names the session and never the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { contractAgent } from '../../../test/contract.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { signUp, uniqueEmail } from '../../../test/flows.js';
import { memoryLogger } from '../../../test/memory-logger.js';

let ctx: TestContext;
let log: ReturnType<typeof memoryLogger>;
/** One app instance, like one process: its own kept sessions, its log lines in `log`. */
let request: () => ReturnType<TestContext['request']>;
beforeAll(async () => {
  ctx = await createTestContext();
  log = memoryLogger();
  const app = createApp({ ...ctx.deps, logger: log.logger });
  request = () => contractAgent(app);
});
afterAll(async () => {
  await ctx.close();
});

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  /lede_refresh=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1];

const refreshWith = (cookie: string) =>
  request().post('/api/auth/refresh').set('Cookie', `lede_refresh=${cookie}`);

const me = (token: string) => request().get('/api/auth/me').set('Authorization', `Bearer ${token}`);

async function tokenRows(userId: string) {
  const { rows } = await ctx.database.pool.query<{ n: number; live: number; revoked: number }>(
    `select count(*)::int as n,
            count(*) filter (where used_at is null and revoked_at is null)::int as live,
            count(*) filter (where revoked_at is not null)::int as revoked
       from refresh_tokens where user_id = $1`,
    [userId],
  );
  return rows[0]!;
}

const securityLines = (event: string) => log.warnings().filter((entry) => entry.security === event);

const pastGrace = () => ctx.clock.advance((ctx.deps.config.refreshReuseGraceSeconds + 1) * 1000);

describe('a replay within the grace window', () => {
  it('gets the successor already issued, and no new token is made', async () => {
    const browser = request();
    const { res: signup, user } = await signUp(ctx, browser, { email: uniqueEmail('grace') });
    const copied = cookieOf(signup)!;
    const rotated = await browser.post('/api/auth/refresh').expect(200);
    const successor = cookieOf(rotated)!;
    expect(successor).not.toBe(copied);
    expect(await tokenRows(user._id)).toEqual({ n: 2, live: 1, revoked: 0 });

    ctx.clock.advance(ctx.deps.config.refreshReuseGraceSeconds * 1000 - 1000);
    const replay = await refreshWith(copied).expect(200);
    expect(cookieOf(replay)).toBe(successor);
    expect(replay.body.AccessToken).toEqual(expect.any(String));
    await me(replay.body.AccessToken).expect(200);
    expect(await tokenRows(user._id)).toEqual({ n: 2, live: 1, revoked: 0 });

    // The successor is the one live token, whoever holds it: it still rotates once.
    const next = await refreshWith(successor).expect(200);
    expect(await tokenRows(user._id)).toEqual({ n: 3, live: 1, revoked: 0 });
    pastGrace();
    await refreshWith(successor).expect(401); // held by two, used twice: a copy
    await refreshWith(cookieOf(next)!).expect(401);
  });

  it('after the successor rotated too, gets the newest token of the chain, nothing new', async () => {
    const browser = request();
    const { res: signup, user } = await signUp(ctx, browser, { email: uniqueEmail('chain') });
    const copied = cookieOf(signup)!;
    await browser.post('/api/auth/refresh').expect(200);
    const newest = cookieOf(await browser.post('/api/auth/refresh').expect(200))!;
    expect(await tokenRows(user._id)).toEqual({ n: 3, live: 1, revoked: 0 });

    const replay = await refreshWith(copied).expect(200);
    expect(cookieOf(replay)).toBe(newest);
    expect(await tokenRows(user._id)).toEqual({ n: 3, live: 1, revoked: 0 });
    await browser.post('/api/auth/refresh').expect(200);
  });

  it('concurrent refreshes with one cookie all succeed with the same successor', async () => {
    const { res: signup, user } = await signUp(ctx, request(), { email: uniqueEmail('tab') });
    const cookie = cookieOf(signup)!;
    const results = await Promise.all(Array.from({ length: 6 }, () => refreshWith(cookie)));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const cookies = new Set(results.map(cookieOf));
    expect(cookies.size).toBe(1);
    expect(await tokenRows(user._id)).toEqual({ n: 2, live: 1, revoked: 0 });
    await refreshWith([...cookies][0]!).expect(200);
  });

  it('of a session that ended gets nothing', async () => {
    const browser = request();
    const { res: signup } = await signUp(ctx, browser, { email: uniqueEmail('ended') });
    const copied = cookieOf(signup)!;
    await browser.post('/api/auth/refresh').expect(200);
    await browser.post('/api/auth/logout').expect(200);
    await refreshWith(copied).expect(401);
  });
});

describe('a replay after the grace window', () => {
  it("revokes the family and refuses the session's access tokens on the very next request", async () => {
    const browser = request();
    const {
      res: signup,
      token,
      user,
    } = await signUp(ctx, browser, {
      email: uniqueEmail('stolen'),
    });
    const stolen = cookieOf(signup)!;
    await me(token).expect(200); // this instance now keeps the session
    const rotated = await browser.post('/api/auth/refresh').expect(200);
    await me(rotated.body.AccessToken).expect(200);
    pastGrace();
    await me(token).expect(200); // still within its 15 minutes

    const replay = await refreshWith(stolen).expect(401);
    expect(replay.body.code).toBe('SESSION_EXPIRED');
    expect(cookieOf(replay)).toBeUndefined();

    for (const access of [token, rotated.body.AccessToken as string]) {
      const after = await me(access);
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('INVALID_TOKEN');
    }
    await browser.post('/api/auth/refresh').expect(401);
    expect(await tokenRows(user._id)).toMatchObject({ live: 0, revoked: 2 });
    const { rows } = await ctx.database.pool.query(
      'select ended_at is not null as ended from sessions where user_id = $1',
      [user._id],
    );
    expect(rows).toEqual([{ ended: true }]);
  });

  it('logs refresh.reused with the request id, the ip and the reader, never a token', async () => {
    const browser = request();
    const { res: signup, user } = await signUp(ctx, browser, { email: uniqueEmail('logged') });
    const stolen = cookieOf(signup)!;
    const current = cookieOf(await browser.post('/api/auth/refresh').expect(200))!;
    pastGrace();
    const before = securityLines('refresh.reused').length;
    const replay = await refreshWith(stolen).expect(401);

    const lines = securityLines('refresh.reused');
    expect(lines).toHaveLength(before + 1);
    const line = lines.at(-1)!;
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      'select id from sessions where user_id = $1',
      [user._id],
    );
    expect(line).toMatchObject({
      security: 'refresh.reused',
      reqId: replay.headers['x-request-id'],
      ip: expect.stringMatching(/127\.0\.0\.1|::1/),
      userId: user._id,
      sessionId: rows[0]!.id,
    });
    const logged = log.lines.join('\n');
    for (const secret of [stolen, current]) expect(logged).not.toContain(secret);

    // Presented again, the revoked token is refused without another line.
    await refreshWith(stolen).expect(401);
    expect(securityLines('refresh.reused')).toHaveLength(before + 1);
  });

  it('is logged too when a signed-in route finds it in the cookie', async () => {
    const browser = request();
    const {
      res: signup,
      token,
      user,
    } = await signUp(ctx, browser, {
      email: uniqueEmail('route'),
    });
    const stolen = cookieOf(signup)!;
    await browser.post('/api/auth/refresh').expect(200);
    ctx.clock.advance(16 * 60_000); // the access token expired: the cookie is tried
    const before = securityLines('refresh.reused').length;
    await request()
      .get('/api/auth/me')
      .set({ Authorization: `Bearer ${token}`, Cookie: `lede_refresh=${stolen}` })
      .expect(401);
    expect(securityLines('refresh.reused')).toHaveLength(before + 1);
    expect(securityLines('refresh.reused').at(-1)).toMatchObject({ userId: user._id });
    await browser.post('/api/auth/refresh').expect(401);
  });
});

describe('logout', () => {
  it('logs session.ended with the session and the reader, never a token', async () => {
    const browser = request();
    const { res: signup, token, user } = await signUp(ctx, browser, { email: uniqueEmail('out') });
    const cookie = cookieOf(signup)!;
    const before = securityLines('session.ended').length;
    const out = await browser
      .post('/api/auth/logout')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      'select id from sessions where user_id = $1',
      [user._id],
    );
    const lines = securityLines('session.ended');
    expect(lines).toHaveLength(before + 1); // cookie and bearer name the same session
    expect(lines.at(-1)).toMatchObject({
      reqId: out.headers['x-request-id'],
      userId: user._id,
      sessionId: rows[0]!.id,
    });
    const logged = log.lines.join('\n');
    for (const secret of [cookie, token]) expect(logged).not.toContain(secret);
  });

  it('without a session logs nothing', async () => {
    const before = securityLines('session.ended').length;
    await request().post('/api/auth/logout').expect(200);
    expect(securityLines('session.ended')).toHaveLength(before);
  });
});
