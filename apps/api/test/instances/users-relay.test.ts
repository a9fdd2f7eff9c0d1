/**
 * The users-changed relay (src/changes/users-relay.ts) in one process, on a real database:
 * a reader's row kept by an app follows changes made elsewhere (another instance, or SQL by
 * hand), and a listener that loses its connection serves nothing it may have missed.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import {
  startUsersChangedRelay,
  USERS_RELAY_APPLICATION_NAME,
  type UsersChangedRelay,
} from '../../src/changes/index.js';
import { createLogger } from '../../src/lib/logger.js';
import { createSessionUsers } from '../../src/modules/auth/index.js';
import { contractAgent } from '../contract.js';
import { createTestContext, type TestContext } from '../context.js';
import { signUp, uniqueEmail } from '../flows.js';
import { createReader, type TestReader } from '../readers.js';
import { eventually } from './instance.js';

let ctx: TestContext;
let sql: pg.Client;
let relay: UsersChangedRelay;
let request: () => ReturnType<typeof contractAgent>;
beforeAll(async () => {
  ctx = await createTestContext();
  const connectionString = ctx.database.pool.options.connectionString!;
  sql = new pg.Client({ connectionString });
  await sql.connect();
  const sessionUsers = createSessionUsers();
  relay = await startUsersChangedRelay({
    connectionString,
    sessionUsers,
    logger: createLogger('silent'),
    reconnectMs: 20,
  });
  const app = createApp({ ...ctx.deps, sessionUsers });
  request = () => contractAgent(app);
});
afterAll(async () => {
  await relay?.stop();
  await sql?.end();
  await ctx?.close();
});

const me = (reader: TestReader) => request().get('/api/auth/me').set(reader.auth());
const nameOf = async (reader: TestReader) => (await me(reader)).body.user?.name as string;

const rename = (reader: TestReader, name: string) =>
  sql.query('update users set name = $2 where id = $1', [reader.id, name]);

const relayConnections = async () => {
  const { rows } = await sql.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where application_name = $1 and datname = current_database()`,
    [USERS_RELAY_APPLICATION_NAME],
  );
  return rows[0]!.n;
};

describe('a kept session row, changed elsewhere', () => {
  it('shows a change made outside this app', async () => {
    const reader = await createReader(ctx.deps);
    expect(await nameOf(reader)).toBe('Reader 0');
    await rename(reader, 'Changed elsewhere');
    await eventually(
      'the new name',
      async () => (await nameOf(reader)) === 'Changed elsewhere' || undefined,
      3_000,
    );
  });

  it('refuses a token revoked outside this app (session version, deletion, truncation)', async () => {
    const revocations = [
      (id: string) =>
        sql.query('update users set session_version = session_version + 1 where id = $1', [id]),
      (id: string) => sql.query('delete from users where id = $1', [id]),
      () => sql.query('truncate users cascade'),
    ];
    for (const revoke of revocations) {
      const reader = await createReader(ctx.deps);
      expect((await me(reader)).status).toBe(200);
      await revoke(reader.id);
      await eventually(
        `401 after ${revoke.toString()}`,
        async () => (await me(reader)).status === 401 || undefined,
        3_000,
      );
    }
  });

  it('refuses a token whose session logged out on another instance', async () => {
    // Signed in and logged out through the test context's app; this app kept the session.
    const browser = ctx.request();
    const { token } = await signUp(ctx, browser, { email: uniqueEmail('elsewhere') });
    const here = () => request().get('/api/auth/me').set('Authorization', `Bearer ${token}`);
    expect((await here()).status).toBe(200);
    await browser.post('/api/auth/logout').expect(200);
    await eventually('401 here', async () => (await here()).status === 401 || undefined, 3_000);
  });

  it('refuses a token whose session another instance ended for a replayed refresh cookie', async () => {
    const browser = ctx.request();
    const { token, res } = await signUp(ctx, browser, { email: uniqueEmail('replayed') });
    const copied = /lede_refresh=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;
    const here = () => request().get('/api/auth/me').set('Authorization', `Bearer ${token}`);
    expect((await here()).status).toBe(200);
    await browser.post('/api/auth/refresh').expect(200);
    ctx.clock.advance((ctx.deps.config.refreshReuseGraceSeconds + 1) * 1000);
    await ctx
      .request()
      .post('/api/auth/refresh')
      .set('Cookie', `lede_refresh=${copied}`)
      .expect(401);
    await eventually('401 here', async () => (await here()).status === 401 || undefined, 3_000);
  });

  it('after its connection is cut, the relay listens again and serves nothing it missed', async () => {
    const reader = await createReader(ctx.deps);
    expect(await nameOf(reader)).toBe('Reader 0');
    const { rowCount } = await sql.query(
      `select pg_terminate_backend(pid, 5000) from pg_stat_activity
        where application_name = $1 and datname = current_database()`,
      [USERS_RELAY_APPLICATION_NAME],
    );
    expect(rowCount).toBe(1);
    // Changed while nobody may be listening.
    await rename(reader, 'Changed unheard');
    await eventually(
      'the relay listening again',
      async () => (await relayConnections()) === 1 || undefined,
      5_000,
    );
    await eventually(
      'the change made meanwhile',
      async () => (await nameOf(reader)) === 'Changed unheard' || undefined,
      3_000,
    );
    // And it hears changes again.
    await rename(reader, 'Changed after');
    await eventually(
      'the change made after',
      async () => (await nameOf(reader)) === 'Changed after' || undefined,
      3_000,
    );
  });
});
