/**
 * A pooled connection and a direct one, proven with real servers: Debian's
 * PostgreSQL (initdb'd for this test on 127.0.0.1) and PgBouncer in transaction mode in front of
 * it (Debian's 1.18: no prepared statements across server connections, no start-up `options`),
 * and two app processes (src/server.ts through tsx, real HTTP) on its one database:
 *
 * - A, direct: DATABASE_URL is PostgreSQL, today's setup (named prepared statements);
 * - B, pooled: DATABASE_URL is PgBouncer, DATABASE_POOLER=transaction (every statement unnamed),
 *   DATABASE_DIRECT_URL PostgreSQL for its LISTEN connections, session locks and migrations.
 *
 * Last, B is SIGKILLed in the middle of parallel likes: every like it acknowledged is stored,
 * and it starts again on the same database.
 *
 * Skipped, saying why, where initdb or pgbouncer are missing (`.ci/run` installs both).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import type { AppDeps } from '../../src/deps.js';
import { systemClock } from '../../src/lib/clock.js';
import { insertArticle, insertArticles } from '../fixtures.js';
import { startFeedServer, type FeedServer } from '../ingestion/feed-server.js';
import { MailCatcher } from '../mail-catcher.js';
import { createReaders } from '../readers.js';
import { findDebianBinaries, startDebianServers, type DebianServers } from './debian-servers.js';
import { call as callInstance, eventually, startInstance, type Instance } from './instance.js';

const binaries = findDebianBinaries();
const missing = 'missing' in binaries ? binaries.missing : undefined;
if (missing) console.warn(`pooler.test.ts skipped: ${missing}`);

const JWT_SECRET = 'one-secret-for-the-direct-and-the-pooled-instance';
const PASSWORD = 'Str0ng!pass';
const PARALLEL_LIKES = 40;
/** Likes sent to B at once, and how many it acknowledges before it is killed. */
const LIKES_AT_KILL = 60;
const ACKNOWLEDGED_BEFORE_KILL = 10;
const FEEDS = ['/fixtures/example-daily.rss.xml', '/fixtures/other-gazette.rss.xml'];

let tmp: string;
let servers: DebianServers | undefined;
let direct: DatabaseHandle | undefined;
const mail = new MailCatcher();
let feeds: FeedServer | undefined;
let a: Instance | undefined;
let b: Instance | undefined;
let envB: Record<string, string> = {};
/** B before it was killed (its log joins the closing check). */
let killedB: Instance | undefined;
let startMs = 0;

/** Every answer either instance gave, for the closing "no 5xx". */
const answers: Array<{ instance: string; method: string; path: string; status: number }> = [];

async function call(
  instance: Instance,
  method: string,
  pathname: string,
  options: { body?: unknown; token?: string } = {},
) {
  const answer = await callInstance(instance, method, pathname, options);
  answers.push({ instance: instance.name, method, path: pathname, status: answer.status });
  return answer;
}

async function count(query: string, values: unknown[] = []): Promise<number> {
  const { rows } = await direct!.pool.query<{ n: string }>(query, values);
  return Number(rows[0]!.n);
}

/** The code mailed to `email` after `after` codes. */
const nextCode = (email: string, after: number) =>
  eventually(
    `code #${after + 1} to ${email}`,
    async () => (await mail.messagesTo(email))[after]?.code,
    5_000,
  );

describe.skipIf(missing !== undefined)(
  'PgBouncer in transaction mode: a direct and a pooled instance behave as one',
  () => {
    beforeAll(async () => {
      if ('missing' in binaries) return;
      tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-pooler-'));
      servers = await startDebianServers(binaries);
      const smtpUrl = await mail.start();
      feeds = await startFeedServer();
      const env = (name: string, database: Record<string, string>): Record<string, string> => ({
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: path.join(tmp, name),
        JWT_SECRET,
        SMTP_URL: smtpUrl,
        LOG_LEVEL: 'info',
        BCRYPT_COST: '4',
        SEED_CORPUS: 'false',
        // The first run 5 s after the start; one instance holds the lease and ingests.
        INGEST_FEEDS: FEEDS.map((feed) => feeds!.url(feed)).join(','),
        INGEST_INTERVAL_MINUTES: '1',
        INGEST_ALLOW_PRIVATE_FEEDS: 'true',
        // Every public read reaches the database (no prepared body answers it).
        PUBLIC_CACHE_SECONDS: '0',
        DATABASE_POOL_MAX: '10',
        ...database,
      });
      envB = env('b', {
        DATABASE_URL: servers.pooledUrl,
        DATABASE_DIRECT_URL: servers.directUrl,
        DATABASE_POOLER: 'transaction',
      });
      const started = Date.now();
      // At the same time, on the empty database: one migrates under the start-up lock (on
      // PostgreSQL itself for both), the other waits for it.
      [a, b] = await Promise.all([
        startInstance('A (direct)', env('a', { DATABASE_URL: servers.directUrl })),
        startInstance('B (pooled)', envB),
      ]);
      startMs = Date.now() - started;
      direct = openDatabase(servers.directUrl, 2);
    }, 60_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await direct?.close();
      await mail.stop();
      await feeds?.close();
      // Both servers by PID, then their directory.
      await servers?.stop();
      if (tmp) await fs.rm(tmp, { recursive: true, force: true });
    }, 30_000);

    it('both start on the empty database, migrated once, with three LISTEN connections each', async () => {
      console.info(`both instances listening after ${startMs} ms`);
      for (const instance of [a!, b!]) {
        expect((await call(instance, 'GET', '/api/health/ready')).status, instance.output()).toBe(
          200,
        );
      }
      expect(
        await count('select count(distinct hash) as n from drizzle.__drizzle_migrations'),
      ).toBe(await count('select count(*) as n from drizzle.__drizzle_migrations'));
      // Three relays each (articles, sessions, feeds). That B's are on PostgreSQL itself, not
      // through PgBouncer (which would not forward a notification), the logout test shows.
      expect(
        await count(
          `select count(*) as n from pg_stat_activity
            where application_name like 'lede %-changed relay' and datname = current_database()`,
        ),
      ).toBe(6);
    });

    let session: { email: string; token: string } | undefined;

    it('a reader signs up through one and signs in through the other', async () => {
      const email = `pooled.${Date.now().toString(36)}@example.com`;
      const sent = await call(a!, 'POST', '/api/auth/send-otp', { body: { email } });
      expect(sent.status).toBe(200);
      const verified = await call(b!, 'POST', '/api/auth/verify-otp', {
        body: { email, otp: await nextCode(email, 0), hash: sent.body.hash },
      });
      expect(verified.status).toBe(200);
      const signup = await call(b!, 'POST', '/api/auth/signup', {
        body: {
          name: 'Ada Lovelace',
          email,
          password: PASSWORD,
          verificationToken: verified.body.verificationToken,
        },
      });
      expect(signup.status).toBe(201);

      const credentials = await call(a!, 'POST', '/api/auth/verify-credentials-send-otp', {
        body: { email, password: PASSWORD },
      });
      expect(credentials.status).toBe(200);
      const again = await call(b!, 'POST', '/api/auth/verify-otp', {
        body: { email, otp: await nextCode(email, 1), hash: credentials.body.hash },
      });
      expect(again.status).toBe(200);
      const login = await call(a!, 'POST', '/api/auth/login', {
        body: { email, password: PASSWORD, verificationToken: again.body.verificationToken },
      });
      expect(login.status).toBe(200);
      const token = login.body.AccessToken as string;
      for (const instance of [a!, b!]) {
        const me = await call(instance, 'GET', '/api/auth/me', { token });
        expect(me.status).toBe(200);
        expect(me.body.user.email).toBe(email);
      }
      session = { email, token };
    });

    it('counts are exact under parallel likes through both, and signed-in reads and searches through the pool all answer', async () => {
      const [liked, other] = await insertArticles(direct!.db, [
        { title: 'Senate passes the harbour budget after a long vote' },
        { title: 'Harbour budget vote delayed by the senate committee' },
      ]);
      const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET });
      const readers = await createReaders(
        { config, db: direct!.db, clock: systemClock } as unknown as AppDeps,
        PARALLEL_LIKES,
      );
      const token = (reader: (typeof readers)[number]) =>
        reader.auth().Authorization.replace(/^Bearer /, '');
      const results = await Promise.all(
        readers.flatMap((reader, i) => [
          call(i % 2 ? b! : a!, 'POST', '/api/userinteractions/like', {
            body: { article_id: liked!.id },
            token: token(reader),
          }),
          // Each reader's own lookup (a named statement when direct), through both, in between.
          call(i % 2 ? a! : b!, 'GET', '/api/auth/me', { token: token(reader) }),
          // Searches of three words: the term weights and the ranked page, both named when direct.
          call(
            i % 2 ? a! : b!,
            'GET',
            '/api/articles/getarticlebykeyword?keyword=senate+harbour+budget',
          ),
        ]),
      );
      expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
      expect(await count('select likes as n from articles where id = $1', [liked!.id])).toBe(
        PARALLEL_LIKES,
      );
      const article = await call(b!, 'GET', `/api/articles/getarticlebyid?article_id=${liked!.id}`);
      expect(article.body.article.likes).toBe(PARALLEL_LIKES);
      const search = await call(
        b!,
        'GET',
        '/api/articles/getarticlebykeyword?keyword=senate+harbour+budget',
      );
      expect(search.status).toBe(200);
      expect(JSON.stringify(search.body)).toContain(other!.id);
    });

    it('a logout through the direct instance is refused by the pooled one within 2 s', async () => {
      expect(session, 'the sign-up test runs first').toBeDefined();
      const { token } = session!;
      // B keeps the session row now.
      expect((await call(b!, 'GET', '/api/auth/me', { token })).status).toBe(200);
      expect((await call(a!, 'POST', '/api/auth/logout', { token })).status).toBe(200);
      const loggedOut = Date.now();
      await eventually(
        'B refusing the token',
        async () => (await call(b!, 'GET', '/api/auth/me', { token })).status === 401 || undefined,
        2_000,
        20,
      );
      console.info(
        `the pooled instance refused the logged-out token after ${Date.now() - loggedOut} ms`,
      );
    });

    it('one instance ingests, holding its lease on PostgreSQL itself; the other skips', async () => {
      const [finished, skipped] = await eventually(
        'one run finished and one skipped',
        () => {
          const runs = [a!, b!].flatMap((i) => i.logged('ingestion run finished'));
          const skips = [a!, b!].flatMap((i) =>
            i.logged('another instance holds the ingestion lock: this run is skipped'),
          );
          return runs.length > 0 && skips.length > 0 ? ([runs, skips] as const) : undefined;
        },
        20_000,
      );
      const ingesters = [a!, b!].filter((i) => i.logged('this instance ingests').length > 0);
      expect(ingesters).toHaveLength(1);
      expect(finished).toHaveLength(1);
      expect(skipped.length).toBeGreaterThanOrEqual(1);
      console.info(`${ingesters[0]!.name} ingests`);
      expect([...feeds!.requests].sort()).toEqual([...FEEDS].sort());
      // One session holds the lease, and keeps it between runs.
      expect(
        await count(
          `select count(*) as n from pg_locks
            where locktype = 'advisory' and granted and objid::int = hashtext('lede:ingestion-schedule')`,
        ),
      ).toBe(1);
      expect(
        await count(
          'select count(*) as n from (select link from articles group by link having count(*) > 1) d',
        ),
      ).toBe(0);
    }, 30_000);

    it('SIGKILLed during parallel likes, the pooled instance loses no acknowledged like, then starts again', async () => {
      const article = await insertArticle(direct!.db, { title: 'Ferry strike called off' });
      const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET });
      const readers = await createReaders(
        { config, db: direct!.db, clock: systemClock } as unknown as AppDeps,
        LIKES_AT_KILL,
      );
      const tokenOf = (reader: (typeof readers)[number]) =>
        reader.auth().Authorization.replace(/^Bearer /, '');
      let acknowledged = 0;
      let killed: () => void = () => undefined;
      const killedNow = new Promise<void>((resolve) => (killed = resolve));
      const victim = b!;
      const outcomes = readers.map(async (reader) => {
        try {
          const { status } = await call(victim, 'POST', '/api/userinteractions/like', {
            body: { article_id: article.id },
            token: tokenOf(reader),
          });
          if (status < 300 && ++acknowledged === ACKNOWLEDGED_BEFORE_KILL) {
            process.kill(victim.pid, 'SIGKILL');
            killed();
          }
          return { reader, status };
        } catch {
          // The connection died with the process: the like was never acknowledged.
          return { reader, status: undefined };
        }
      });
      await killedNow;
      const settled = await Promise.all(outcomes);
      killedB = victim;
      const stored = await direct!.pool.query<{ user_id: string }>(
        `select user_id from article_reactions where article_id = $1 and kind = 'like'`,
        [article.id],
      );
      const storedBy = new Set(stored.rows.map((row) => row.user_id));
      const acknowledgedBy = settled.filter((o) => o.status !== undefined && o.status < 300);
      const cut = settled.filter((o) => o.status === undefined);
      console.info(
        `SIGKILL after ${acknowledgedBy.length} acknowledged likes; ${cut.length} cut, ${storedBy.size} stored`,
      );
      expect(acknowledgedBy.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
      expect(cut.length, 'likes still in flight when B died').toBeGreaterThan(0);
      expect(acknowledgedBy.filter((o) => !storedBy.has(o.reader.id))).toEqual([]);
      // The counter agrees with the rows: a like cut mid-transaction left neither.
      expect(await count('select likes as n from articles where id = $1', [article.id])).toBe(
        storedBy.size,
      );

      // Nothing B began is left open on the server, holding locks (PgBouncer ends those sessions).
      await eventually(
        'no transaction left open by the killed instance',
        async () =>
          (await count(
            `select count(*) as n from pg_stat_activity where state like 'idle in transaction%'`,
          )) === 0 || undefined,
        5_000,
      );

      const restarted = Date.now();
      b = await startInstance('B (pooled, restarted)', envB);
      console.info(`B listening again ${Date.now() - restarted} ms after its restart began`);
      expect((await call(b, 'GET', '/api/health/ready')).status).toBe(200);
      const unacknowledged = cut[0]!.reader;
      const again = await call(b, 'POST', '/api/userinteractions/like', {
        body: { article_id: article.id },
        token: tokenOf(unacknowledged),
      });
      expect(again.status).toBe(200);
      const page = await call(b, 'GET', `/api/articles/getarticlebyid?article_id=${article.id}`);
      expect(page.body.article.likes).toBe(
        await count('select likes as n from articles where id = $1', [article.id]),
      );
    }, 45_000);

    it('answered no 5xx at all', () => {
      expect(answers.length).toBeGreaterThan(PARALLEL_LIKES * 3);
      expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
      for (const instance of [a!, b!, ...(killedB ? [killedB] : [])]) {
        const errors = instance.logs.filter((line) => line.level >= 50);
        expect(errors, instance.name).toEqual([]);
      }
    });
  },
);
