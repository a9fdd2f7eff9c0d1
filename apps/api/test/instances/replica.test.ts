/**
 * DATABASE_READ_URL with real servers: Debian's PostgreSQL as the primary, a hot standby
 * streaming from it (pg_basebackup -R, on its own port), and two app processes (src/server.ts
 * through tsx, real HTTP), each with DATABASE_URL the primary and DATABASE_READ_URL the standby.
 * Replay on the standby is paused (`pg_wal_replay_pause()`) to tell which server answered.
 *
 * Skipped, saying why, where initdb, pg_basebackup or pgbouncer are missing (`.ci/run` installs
 * them).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import type { AppDeps } from '../../src/deps.js';
import { systemClock } from '../../src/lib/clock.js';
import { insertArticle } from '../fixtures.js';
import { createReaders } from '../readers.js';
import {
  findDebianBinaries,
  startDebianServers,
  startReplica,
  type DebianServers,
  type Replica,
} from './debian-servers.js';
import { call as callInstance, eventually, startInstance, type Instance } from './instance.js';

const binaries = findDebianBinaries();
const missing = 'missing' in binaries ? binaries.missing : undefined;
if (missing) console.warn(`replica.test.ts skipped: ${missing}`);

const JWT_SECRET = 'one-secret-for-both-instances-on-the-replica';
/** How long an answer is watched for a row the paused standby must not show. */
const WATCH_MS = 1_500;

let tmp: string;
let servers: DebianServers | undefined;
let replica: Replica | undefined;
let primary: DatabaseHandle | undefined;
let standby: pg.Client | undefined;
let a: Instance | undefined;
let b: Instance | undefined;

const answers: Array<{ instance: string; path: string; status: number }> = [];

async function call(
  instance: Instance,
  method: string,
  pathname: string,
  options: { body?: unknown; token?: string } = {},
) {
  const answer = await callInstance(instance, method, pathname, options);
  answers.push({ instance: instance.name, path: pathname, status: answer.status });
  return answer;
}

const latestIds = async (instance: Instance, token?: string) => {
  const answer = await call(instance, 'GET', '/api/articles/getlatestarticles?limit=20', {
    token,
  });
  expect(answer.status).toBe(200);
  return (answer.body.articles as Array<{ _id: string; likes: number }>).map((x) => x._id);
};

/**
 * Pauses replay: `pause requested` already holds back the next record (the startup process checks
 * before applying each one), `paused` once it has stopped.
 */
async function pauseReplay(): Promise<void> {
  await standby!.query('select pg_wal_replay_pause()');
  const { rows } = await standby!.query<{ state: string }>(
    'select pg_get_wal_replay_pause_state() as state',
  );
  expect(['pause requested', 'paused']).toContain(rows[0]!.state);
}

const resumeReplay = () => standby!.query('select pg_wal_replay_resume()');

/** `article`'s row on the standby, or undefined: what a read from it would show. */
async function onStandby(articleId: string) {
  const { rows } = await standby!.query<{ likes: number }>(
    'select likes from articles where id = $1',
    [articleId],
  );
  return rows[0];
}

describe.skipIf(missing !== undefined)(
  'a streaming replica serves the public reads; a reader still sees their own writes',
  () => {
    beforeAll(async () => {
      if ('missing' in binaries) return;
      tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-replica-'));
      servers = await startDebianServers(binaries);
      replica = await startReplica(binaries, servers.directUrl);
      const env = (name: string): Record<string, string> => ({
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: path.join(tmp, name),
        JWT_SECRET,
        LOG_LEVEL: 'info',
        BCRYPT_COST: '4',
        SEED_CORPUS: 'false',
        INGEST_FEEDS: 'none',
        // Every public read reaches a database (no prepared body answers it).
        PUBLIC_CACHE_SECONDS: '0',
        DATABASE_POOL_MAX: '5',
        DATABASE_URL: servers!.directUrl,
        DATABASE_READ_URL: replica!.url,
      });
      [a, b] = await Promise.all([startInstance('A', env('a')), startInstance('B', env('b'))]);
      primary = openDatabase(servers.directUrl, 2);
      standby = new pg.Client({ connectionString: replica.url });
      await standby.connect();
    }, 60_000);

    afterAll(async () => {
      await standby?.query('select pg_wal_replay_resume()').catch(() => undefined);
      await Promise.all([a?.stop(), b?.stop()]);
      await standby?.end();
      await primary?.close();
      await replica?.stop();
      await servers?.stop();
      if (tmp) await fs.rm(tmp, { recursive: true, force: true });
    }, 30_000);

    it('the standby is in recovery and refuses writes', async () => {
      const { rows } = await standby!.query<{ recovering: boolean }>(
        'select pg_is_in_recovery() as recovering',
      );
      expect(rows[0]!.recovering).toBe(true);
      await expect(standby!.query('create table nope (id int)')).rejects.toThrow(/read-only/);
    });

    it('the latest list, the article page and search come from the standby: paused, a new row stays out', async () => {
      const first = await insertArticle(primary!.db, {
        title: 'Lighthouse keepers vote to strike',
      });
      await eventually(
        'the first article through the replay',
        async () => ((await latestIds(a!)).includes(first.id) ? true : undefined),
        5_000,
      );
      await pauseReplay();
      try {
        const hidden = await insertArticle(primary!.db, {
          title: 'Lighthouse keepers end their strike',
        });
        const watchUntil = Date.now() + WATCH_MS;
        while (Date.now() < watchUntil) {
          for (const instance of [a!, b!]) {
            expect(await latestIds(instance)).not.toContain(hidden.id);
            const page = await call(
              instance,
              'GET',
              `/api/articles/getarticlebyid?article_id=${hidden.id}`,
            );
            expect(page.status).toBe(404);
            const search = await call(
              instance,
              'GET',
              '/api/articles/getarticlebykeyword?keyword=lighthouse+keepers',
            );
            expect(JSON.stringify(search.body)).toContain(first.id);
            expect(JSON.stringify(search.body)).not.toContain(hidden.id);
          }
        }
        // The row is on the primary all along.
        const { rows } = await primary!.pool.query('select 1 from articles where id = $1', [
          hidden.id,
        ]);
        expect(rows).toHaveLength(1);
        await resumeReplay();
        const resumed = Date.now();
        await eventually(
          'both instances listing the row once replay resumed',
          async () =>
            (await latestIds(a!)).includes(hidden.id) && (await latestIds(b!)).includes(hidden.id)
              ? true
              : undefined,
          5_000,
        );
        console.info(`listed ${Date.now() - resumed} ms after replay resumed`);
      } finally {
        await resumeReplay();
      }
    });

    it("a reader's like shows at once, through either instance, while the standby lags behind it", async () => {
      const article = await insertArticle(primary!.db, { title: 'Harbour ferry timetable' });
      await eventually('the article on the standby', () => onStandby(article.id), 5_000);
      const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET });
      const [reader] = await createReaders(
        { config, db: primary!.db, clock: systemClock } as unknown as AppDeps,
        1,
      );
      const token = reader!.auth().Authorization.replace(/^Bearer /, '');
      await pauseReplay();
      try {
        const liked = await call(a!, 'POST', '/api/userinteractions/like', {
          body: { article_id: article.id },
          token,
        });
        expect(liked.status).toBe(200);
        // The standby has not replayed it: an answer showing 1 like came from the primary.
        expect((await onStandby(article.id))?.likes).toBe(0);
        for (const instance of [a!, b!]) {
          const ids = await call(instance, 'GET', '/api/articles/getlikedarticleids', { token });
          expect(JSON.stringify(ids.body)).toContain(article.id);
          // B hears of the like through NOTIFY, within milliseconds.
          const page = await eventually(
            `${instance.name} showing the like`,
            async () => {
              const answer = await call(
                instance,
                'GET',
                `/api/articles/getarticlebyid?article_id=${article.id}`,
                { token },
              );
              return answer.body.article?.likes === 1 ? answer : undefined;
            },
            1_000,
            20,
          );
          expect(page.status).toBe(200);
          const latest = await call(instance, 'GET', '/api/articles/getlatestarticles?limit=20', {
            token,
          });
          const shown = (latest.body.articles as Array<{ _id: string; likes: number }>).find(
            (x) => x._id === article.id,
          );
          expect(shown?.likes).toBe(1);
        }
        expect((await onStandby(article.id))?.likes).toBe(0);
      } finally {
        await resumeReplay();
      }
    });

    it('answered no 5xx at all', () => {
      expect(answers.length).toBeGreaterThan(10);
      expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
      for (const instance of [a!, b!]) {
        expect(
          instance.logs.filter((line) => line.level >= 50),
          instance.name,
        ).toEqual([]);
      }
    });
  },
);
