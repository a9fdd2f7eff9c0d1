/**
 * Several instances behave as one: two app processes (src/server.ts through tsx,
 * real HTTP) on one PostgreSQL database, one SMTP server and one feed server.
 *
 * What makes them one (see src/db/advisory-lock.ts):
 * - start-up: migrations and the corpus seed run under the advisory lock `lede:start-up`
 *   (and the migrator under `lede:migrations`): the second instance waits, then finds them done;
 * - codes and rate-limit counts live in PostgreSQL, so either instance sees the other's;
 * - ingestion: the instance holding `lede:ingestion-schedule` (pg_try_advisory_lock, kept) ingests, the
 *   other skips its runs, so every feed is fetched by one instance per run;
 * - prepared public bodies: a change is sent with NOTIFY lede_articles_changed and the other
 *   instance drops what it prepared at once (src/changes/articles-relay.ts). Should a
 *   notification be lost, PUBLIC_CACHE_SECONDS still bounds how stale a body gets: it is
 *   60 s here, far longer than the test waits, so what the test sees is the notification.
 * - kept session rows: a trigger on `users` sends NOTIFY lede_users_changed for every change
 *   of a reader's row, and each instance drops the row it kept (src/changes/users-relay.ts).
 * - prepared feed answers: triggers on `recommendations` send NOTIFY lede_feeds_changed with
 *   the reader's id, and each instance drops that reader's answer (src/changes/feeds-relay.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCKS } from '../../src/db/advisory-lock.js';
import { readSeedRecords } from '../../src/modules/articles/corpus/seed-file.js';
import { MailCatcher } from '../mail-catcher.js';
import { startFeedServer, type FeedServer } from '../ingestion/feed-server.js';
import {
  call,
  createEmptyDatabase,
  eventually,
  startInstance,
  type EmptyDatabase,
  type Instance,
} from './instance.js';

const OTP_EMAIL_LIMIT = 3;
const PUBLIC_CACHE_SECONDS = 60;
const FEEDS = ['/fixtures/example-daily.rss.xml', '/fixtures/other-gazette.rss.xml'];
const PASSWORD = 'Str0ng!pass';

const serverUrl = inject('pgServerUrl');
let database: EmptyDatabase;
const mail = new MailCatcher();
let feeds: FeedServer;
let sql: pg.Client;
let tmp: string;
let a: Instance;
let b: Instance;
let startMs = 0;

beforeAll(async () => {
  // Empty, not from the migrated template: the instances migrate it themselves.
  database = await createEmptyDatabase(serverUrl, 'instances');
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();

  const smtpUrl = await mail.start();
  feeds = await startFeedServer();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-instances-'));
  const env = (name: string): Record<string, string> => ({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: path.join(tmp, name),
    DATABASE_URL: database.url,
    JWT_SECRET: 'one-secret-for-every-instance-of-this-test',
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'info',
    BCRYPT_COST: '4',
    OTP_EMAIL_LIMIT: String(OTP_EMAIL_LIMIT),
    PUBLIC_CACHE_SECONDS: String(PUBLIC_CACHE_SECONDS),
    INGEST_FEEDS: FEEDS.map((feed) => feeds.url(feed)).join(','),
    INGEST_INTERVAL_MINUTES: '1',
    INGEST_ALLOW_PRIVATE_FEEDS: 'true',
  });
  const started = Date.now();
  // At the same time, on the empty database.
  [a, b] = await Promise.all([startInstance('A', env('a')), startInstance('B', env('b'))]);
  startMs = Date.now() - started;
}, 90_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sql?.end();
  await mail.stop();
  await feeds?.close();
  await database?.drop();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
}, 30_000);

/** The codes mailed to `email` so far; the mail leaves the app after its answer. */
async function codeNumber(email: string, n: number): Promise<string> {
  return eventually(
    `mail #${n} to ${email}`,
    async () => (await mail.messagesTo(email))[n - 1]?.code,
    5_000,
  );
}

let emailCounter = 0;
const uniqueEmail = () => `reader.${Date.now().toString(36)}${++emailCounter}@example.com`;

async function count(query: string): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(query);
  return Number(rows[0]!.n);
}

/** A session made through B: code from A's mail, verified and signed up through B. */
let session: { email: string; token: string } | undefined;

describe('two instances on one database behave as one', () => {
  it('two concurrent starts migrate and seed once, and both come up healthy', async () => {
    console.info(`both instances listening after ${startMs} ms`);
    for (const instance of [a, b]) {
      const ready = await call(instance, 'GET', '/api/health/ready');
      expect(ready.status, `${instance.name}: ${instance.output()}`).toBe(200);
    }

    const journal = JSON.parse(
      await fs.readFile(
        fileURLToPath(new URL('../../drizzle/meta/_journal.json', import.meta.url)),
        'utf8',
      ),
    ) as { entries: unknown[] };
    expect(await count('select count(*) as n from drizzle.__drizzle_migrations')).toBe(
      journal.entries.length,
    );
    expect(await count('select count(distinct hash) as n from drizzle.__drizzle_migrations')).toBe(
      journal.entries.length,
    );

    let corpusSize = 0;
    for await (const _record of readSeedRecords()) corpusSize++;
    expect(await count(`select count(*) as n from articles where origin = 'seed'`)).toBe(
      corpusSize,
    );
    // One of them loaded it; the other found it there.
    const loads = [a, b].flatMap((i) => i.logged('loaded the bundled article corpus'));
    expect(loads).toHaveLength(1);
  });

  it('a code sent through one instance verifies through the other', async () => {
    const email = uniqueEmail();
    const sent = await call(a, 'POST', '/api/auth/send-otp', { body: { email } });
    expect(sent.status).toBe(200);
    const code = await codeNumber(email, 1);

    const verified = await call(b, 'POST', '/api/auth/verify-otp', {
      body: { email, otp: code, hash: sent.body.hash },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.verified).toBe(true);
    // No cookie jar here: the proof of the verified code goes in the body.
    const signup = await call(b, 'POST', '/api/auth/signup', {
      body: {
        name: 'Ada Lovelace',
        email,
        password: PASSWORD,
        verificationToken: verified.body.verificationToken,
      },
    });
    expect(signup.status).toBe(201);
    expect(signup.body.newUser.email).toBe(email);

    // The session B opened is good on A too.
    const token = signup.body.AccessToken as string;
    const streak = await call(a, 'GET', '/api/profile/getstreak', { token });
    expect(streak.status).toBe(200);
    session = { email, token };
  });

  it('a rate limit counts requests to both instances', async () => {
    const email = uniqueEmail();
    const send = (instance: Instance) =>
      call(instance, 'POST', '/api/auth/send-otp', { body: { email } });
    const statuses: number[] = [];
    for (let i = 0; i < OTP_EMAIL_LIMIT; i++) statuses.push((await send(i % 2 ? b : a)).status);
    expect(statuses).toEqual(Array(OTP_EMAIL_LIMIT).fill(200));

    const overA = await send(a);
    const overB = await send(b);
    expect([overA.status, overB.status]).toEqual([429, 429]);
    expect(overB.body.message).toBe('Too many codes requested. Please wait before trying again.');
    await codeNumber(email, OTP_EMAIL_LIMIT);
    expect(await mail.messagesTo(email)).toHaveLength(OTP_EMAIL_LIMIT);
  });

  it('only one instance ingests: each feed is fetched once per run, each item stored once', async () => {
    // Both schedules fire ~5 s after their start; wait until both have decided.
    const [finished, skipped] = await eventually(
      'one run finished and one skipped',
      () => {
        const runs = [a, b].flatMap((i) => i.logged('ingestion run finished'));
        const skips = [a, b].flatMap((i) =>
          i.logged('another instance holds the ingestion lock: this run is skipped'),
        );
        return runs.length > 0 && skips.length > 0 ? ([runs, skips] as const) : undefined;
      },
      20_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\nA:\n${a.output()}\nB:\n${b.output()}`);
    });
    const ingester = [a, b].find((i) => i.logged('this instance ingests').length > 0)!;
    const other = ingester === a ? b : a;
    expect(ingester.logged('ingestion run finished')).toEqual(finished);
    expect(other.logged('this instance ingests')).toEqual([]);
    expect(other.logged('ingestion run finished')).toEqual([]);
    expect(skipped.length).toBeGreaterThanOrEqual(1);

    // The feed server saw each feed once per run (one, unless the test ran past the interval):
    // one instance fetched.
    const runs = finished.length;
    expect([...feeds.requests].sort()).toEqual(
      FEEDS.flatMap((feed) => Array(runs).fill(feed)).sort(),
    );
    const inserted = finished.reduce((sum, run) => sum + (run.inserted as number), 0);
    expect(inserted).toBeGreaterThan(0);
    expect(await count(`select count(*) as n from articles where origin = 'rss'`)).toBe(inserted);
    expect(
      await count(
        'select count(*) as n from (select link from articles group by link having count(*) > 1) d',
      ),
    ).toBe(0);
  }, 30_000);

  it('a like through one instance shows in the bodies the other prepared, at once', async () => {
    expect(session, 'the sign-up test runs first').toBeDefined();
    const latest = await call(b, 'GET', '/api/articles/getlatestarticles');
    expect(latest.status).toBe(200);
    const article = latest.body.articles[0] as { _id: string; likes: number };
    const byIdPath = `/api/articles/getarticlebyid?article_id=${article._id}`;
    const before = await call(b, 'GET', byIdPath);
    expect(before.body.article.likes).toBe(article.likes);

    const liked = await call(a, 'POST', '/api/userinteractions/like', {
      body: { article_id: article._id },
      token: session!.token,
    });
    expect(liked.status).toBe(200);

    // B prepared both bodies and may keep them 60 s; A's NOTIFY makes it drop them.
    const deadlineMs = 3_000;
    const started = Date.now();
    await eventually(
      'the like in B’s article body',
      async () =>
        (await call(b, 'GET', byIdPath)).body.article.likes === article.likes + 1 || undefined,
      deadlineMs,
    );
    await eventually(
      'the like in B’s latest page',
      async () => {
        const page = await call(b, 'GET', '/api/articles/getlatestarticles');
        const shown = (page.body.articles as Array<{ _id: string; likes: number }>).find(
          (x) => x._id === article._id,
        );
        return shown?.likes === article.likes + 1 || undefined;
      },
      deadlineMs,
    );
    console.info(`B showed the like ${Date.now() - started} ms after A took it`);
  });

  it('a name changed through one instance shows through the other', async () => {
    expect(session, 'the sign-up test runs first').toBeDefined();
    const { token } = session!;
    // B keeps the reader's row from here on.
    expect((await call(b, 'GET', '/api/auth/me', { token })).body.user.name).toBe('Ada Lovelace');

    const renamed = await call(a, 'PUT', '/api/profile/editname', {
      body: { name: 'Ada King' },
      token,
    });
    expect(renamed.status).toBe(200);
    const started = Date.now();
    await eventually(
      'the new name through B',
      async () =>
        (await call(b, 'GET', '/api/auth/me', { token })).body.user?.name === 'Ada King' ||
        undefined,
      3_000,
    );
    console.info(`B showed the new name ${Date.now() - started} ms after A answered`);
  });

  it('a feed article read through one instance shows read in the answer the other prepared', async () => {
    expect(session, 'the sign-up test runs first').toBeDefined();
    const { token } = session!;
    const interests = await call(a, 'POST', '/api/profile/setinterests', {
      body: { interests: ['politics', 'world', 'business'] },
      token,
    });
    expect(interests.status).toBe(200);
    type Shown = { _id: string; status: string; article_id: { _id: string; title: string } };
    const feedThroughB = async () =>
      (await call(b, 'GET', '/api/recommendations/get', { token })).body.recommendations as Shown[];
    // B hears of the ingested articles over LISTEN/NOTIFY: on a loaded machine its candidates
    // may take a moment to include them.
    const first = await eventually(
      'a feed from the ingested articles through B',
      async () => (await feedThroughB())[0],
      10_000,
      200,
    );
    // B prepares the reader's feed answer and may keep it 60 s. A title changed by hand is
    // announced to nobody: once B answers an older title than the database holds, B is
    // serving the answer it keeps.
    let edits = 0;
    await eventually(
      'B keeping its answer',
      async () => {
        const title = `Edited by hand ${++edits}`;
        await sql.query('update articles set title = $2 where id = $1', [
          first.article_id._id,
          title,
        ]);
        const shown = (await feedThroughB()).find((r) => r._id === first._id);
        return (shown && shown.article_id.title !== title) || undefined;
      },
      3_000,
    );
    const read = await call(a, 'POST', '/api/recommendations/markasread', {
      body: { articleId: first.article_id._id },
      token,
    });
    expect(read.status).toBe(200);
    const started = Date.now();
    await eventually(
      'the read mark through B',
      async () =>
        (await feedThroughB()).find((r) => r._id === first._id)?.status === 'read' || undefined,
      3_000,
    );
    console.info(`B showed the read mark ${Date.now() - started} ms after A answered`);
  });

  it('an account deleted through one instance is refused by both', async () => {
    expect(session, 'the sign-up test runs first').toBeDefined();
    const { token } = session!;
    expect((await call(b, 'GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await call(a, 'GET', '/api/auth/me', { token })).status).toBe(200);

    const deleted = await call(a, 'DELETE', '/api/profile/deleteaccount', { token });
    expect(deleted.status).toBe(200);
    expect((await call(a, 'GET', '/api/auth/me', { token })).status).toBe(401);
    const started = Date.now();
    await eventually(
      'B refusing the token',
      async () => (await call(b, 'GET', '/api/auth/me', { token })).status === 401 || undefined,
      3_000,
    );
    console.info(`B refused the deleted account ${Date.now() - started} ms after A answered`);
  });

  it('both stop cleanly, and the ingestion lock goes with the instance that held it', async () => {
    const codes = await Promise.all([a.stop(), b.stop()]);
    expect(codes, `A:\n${a.output()}\nB:\n${b.output()}`).toEqual([0, 0]);
    const { rows } = await sql.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtext($1)) as locked',
      [LOCKS.ingestion],
    );
    expect(rows[0]!.locked).toBe(true);
    await sql.query('select pg_advisory_unlock(hashtext($1))', [LOCKS.ingestion]);
  }, 30_000);
});
