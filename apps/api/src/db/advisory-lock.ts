import type pg from 'pg';

/**
 * PostgreSQL advisory locks shared by every instance on one database (see docs/operations.md,
 * "Several instances, PgBouncer and a replica"). Keys are names: `hashtext(name)` turns one into
 * the lock's number, the same in every process.
 *
 * The session locks below are taken on a pool of DATABASE_DIRECT_URL (server.ts), PostgreSQL
 * itself: a transaction pooler could run the lock and its unlock on two server connections.
 * Every other lock is a transaction lock (`pg_advisory_xact_lock`) inside the transaction it
 * guards, which holds behind a transaction pooler too.
 *
 * - `lede:start-up`: migrations and the corpus seed, in server.ts (waits);
 * - `lede:migrations`: the migrator itself, for every caller (waits);
 * - `lede:ingestion-schedule`: the instance that ingests on schedule (never waits, kept; see
 *   ../modules/ingestion/schedule.ts).
 *
 * Transaction locks elsewhere: `lede:seed-corpus` (seeding), `lede:feed` + reader (one reader's feed
 * writes, ../modules/feed/stored/feed.repository.ts) and `lede:ingestion` (the inserts
 * of one ingestion run, CLI included).
 */
export const LOCKS = {
  startUp: 'lede:start-up',
  migrations: 'lede:migrations',
  /** Not `lede:ingestion`: that one guards each run's inserts (../modules/ingestion/ingestion.repository.ts). */
  ingestion: 'lede:ingestion-schedule',
} as const;

/**
 * Runs `fn` while this process holds the session advisory lock `key`, waiting for it as long
 * as another session holds it. The lock lives on a connection of its own, taken from `pool`
 * for the call (so `fn` may use the pool, transactions included), and is released even when
 * `fn` throws. A lock whose connection breaks is released by the server.
 */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  key: string,
  fn: () => Promise<T>,
  /** Called once when the lock is taken and this call starts waiting (to log it). */
  onWait?: () => void,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtext($1)) as locked',
      [key],
    );
    if (rows[0]?.locked !== true) {
      onWait?.();
      await client.query('select pg_advisory_lock(hashtext($1))', [key]);
    }
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  try {
    return await fn();
  } finally {
    try {
      await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
    } catch (err) {
      // A broken connection is not returned to the pool (its lock went with it).
      broken = err as Error;
    }
    client.release(broken);
  }
}

/**
 * A session advisory lock taken without waiting and kept until `release()`: the holder of
 * a lease is the one instance that does a job (ingestion). `tryAcquire()` is true while
 * this process holds it: it checks that the lock's connection still answers, and when it
 * broke (the database restarted), tries again on a new one.
 */
export interface AdvisoryLease {
  tryAcquire(): Promise<boolean>;
  /** Whether the last `tryAcquire()` found the lock held by this process. */
  readonly held: boolean;
  release(): Promise<void>;
}

export function advisoryLease(pool: pg.Pool, key: string): AdvisoryLease {
  let client: pg.PoolClient | undefined;
  let lost: Error | undefined;
  const onError = (err: Error) => {
    lost = err;
  };

  const drop = (err?: Error) => {
    if (!client) return;
    client.off('error', onError);
    // Never back to the pool: a connection that held the lock or broke is closed.
    client.release(err ?? true);
    client = undefined;
    lost = undefined;
  };

  return {
    get held() {
      return client !== undefined;
    },

    async tryAcquire() {
      if (client && !lost) {
        try {
          await client.query('select 1');
          return true;
        } catch (err) {
          lost = err as Error;
        }
      }
      if (client) drop(lost);
      const candidate = await pool.connect();
      candidate.on('error', onError);
      let acquired = false;
      try {
        const { rows } = await candidate.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtext($1)) as locked',
          [key],
        );
        acquired = rows[0]?.locked === true;
      } catch (err) {
        candidate.off('error', onError);
        candidate.release(err as Error);
        throw err;
      }
      if (!acquired) {
        candidate.off('error', onError);
        candidate.release();
        return false;
      }
      client = candidate;
      return true;
    },

    async release() {
      if (!client) return;
      try {
        await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
      } catch {
        // Closing the connection below releases it anyway.
      }
      drop();
    },
  };
}
