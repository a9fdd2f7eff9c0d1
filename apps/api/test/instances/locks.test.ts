/**
 * The pieces that make several instances behave as one, where two-instances.test.ts cannot
 * reach in reasonable time: a lock holder whose connection breaks, a listener that loses its
 * connection. In one process, on a real PostgreSQL database.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisoryLease, withAdvisoryLock } from '../../src/db/advisory-lock.js';
import {
  ARTICLES_CHANNEL,
  createChanges,
  RELAY_APPLICATION_NAME,
  startArticlesChangedRelay,
} from '../../src/changes/index.js';
import { createLogger } from '../../src/lib/logger.js';
import { createTestContext, type TestContext } from '../context.js';
import { eventually } from './instance.js';

let ctx: TestContext;
let connectionString: string;
let sql: pg.Client;
beforeAll(async () => {
  ctx = await createTestContext();
  connectionString = ctx.database.pool.options.connectionString!;
  sql = new pg.Client({ connectionString });
  await sql.connect();
});
afterAll(async () => {
  await sql.end();
  await ctx.close();
});

/**
 * Ends the server side of every connection of this database that holds an advisory lock, and
 * waits (up to 5 s) until each backend is gone: without the wait, its locks may still be held
 * when the next statement runs.
 */
async function terminateLockHolders(): Promise<number> {
  const { rowCount } = await sql.query(
    `select pg_terminate_backend(pid, 5000) from pg_locks
      where locktype = 'advisory' and granted
        and database = (select oid from pg_database where datname = current_database())`,
  );
  return rowCount ?? 0;
}

describe('withAdvisoryLock', () => {
  it('runs the holders of one key one after the other, and lets go when one throws', async () => {
    const { pool } = ctx.database;
    const events: string[] = [];
    let releaseFirst!: () => void;
    const firstMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));

    const first = withAdvisoryLock(pool, 'test:serial', async () => {
      events.push('first in');
      firstStarted();
      await firstMayEnd;
      events.push('first out');
      throw new Error('first failed');
    });
    await started;
    const second = withAdvisoryLock(pool, 'test:serial', async () => {
      events.push('second in');
      return 'second done';
    });
    // The second waits in PostgreSQL: give it the time to ask, then let the first end.
    await eventually(
      'the second caller waiting for the lock',
      async () => {
        const { rows } = await sql.query<{ n: string }>(
          `select count(*) as n from pg_locks
            where locktype = 'advisory' and not granted
              and database = (select oid from pg_database where datname = current_database())`,
        );
        return Number(rows[0]!.n) > 0 || undefined;
      },
      5_000,
    );
    expect(events).toEqual(['first in']);
    releaseFirst();
    await expect(first).rejects.toThrow('first failed');
    await expect(second).resolves.toBe('second done');
    expect(events).toEqual(['first in', 'first out', 'second in']);
  });
});

describe('advisoryLease', () => {
  it('is kept by its holder, refused to others, and taken over when its connection breaks', async () => {
    const { pool } = ctx.database;
    const one = advisoryLease(pool, 'test:lease');
    const other = advisoryLease(pool, 'test:lease');
    try {
      expect(await one.tryAcquire()).toBe(true);
      expect(await other.tryAcquire()).toBe(false);
      expect(await one.tryAcquire()).toBe(true); // kept, not taken again
      expect(await other.tryAcquire()).toBe(false);

      // The holder's connection dies (a database restart, a network cut): the lock goes with it.
      expect(await terminateLockHolders()).toBe(1);
      expect(await other.tryAcquire()).toBe(true);
      // The old holder notices its connection is gone and finds the lock taken.
      expect(await one.tryAcquire()).toBe(false);
      expect(one.held).toBe(false);

      await other.release();
      expect(await one.tryAcquire()).toBe(true);
    } finally {
      await one.release();
      await other.release();
    }
    // Released: nothing of this database holds an advisory lock any more.
    expect(await terminateLockHolders()).toBe(0);
  });
});

describe('the articles-changed relay', () => {
  it('replays other instances’ changes, sends its own, and listens again after a cut', async () => {
    const changes = createChanges();
    const { articleCountsChanged, articlesVersion } = changes;
    const relay = await startArticlesChangedRelay({
      connectionString,
      pool: ctx.database.pool,
      changes,
      logger: createLogger('silent'),
      reconnectMs: 20,
    });
    const heard: string[] = [];
    const listener = new pg.Client({ connectionString });
    await listener.connect();
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query(`listen ${ARTICLES_CHANNEL}`);
    const fromOther = (ids?: string[]) =>
      sql.query('select pg_notify($1, $2)', [
        ARTICLES_CHANNEL,
        JSON.stringify({ from: 'another-instance', ids }),
      ]);
    const changedAfter = (version: number) =>
      eventually('a change heard', () => articlesVersion() > version || undefined, 3_000);

    try {
      // Another instance's like: replayed here, and not sent back.
      let version = articlesVersion();
      await fromOther(['article-1']);
      await changedAfter(version);
      // This instance's like: sent once, with its article.
      articleCountsChanged('article-2');
      articleCountsChanged('article-3');
      const own = await eventually(
        'this instance’s change sent',
        () => heard.find((payload) => payload.includes('article-2')),
        3_000,
      );
      expect(JSON.parse(own).ids).toEqual(['article-2', 'article-3']);
      expect(heard.filter((payload) => payload.includes('article-1'))).toHaveLength(1);

      // The listening connection is cut: the relay listens again, and meanwhile-missed changes
      // count as a change of everything.
      version = articlesVersion();
      const { rowCount } = await sql.query(
        `select pg_terminate_backend(pid, 5000) from pg_stat_activity
          where application_name = $1 and datname = current_database()`,
        [RELAY_APPLICATION_NAME],
      );
      expect(rowCount).toBe(1);
      await eventually(
        'the relay listening again',
        async () => {
          const { rows } = await sql.query<{ n: string }>(
            `select count(*) as n from pg_stat_activity
              where application_name = $1 and datname = current_database()`,
            [RELAY_APPLICATION_NAME],
          );
          return Number(rows[0]!.n) === 1 || undefined;
        },
        5_000,
      );
      await changedAfter(version);
      version = articlesVersion();
      await fromOther();
      await changedAfter(version);
    } finally {
      await relay.stop();
      await listener.end();
    }
  });
});
