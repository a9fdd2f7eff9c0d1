import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { LOCKS } from './advisory-lock.js';
import { poolOf, type Database } from './client.js';

/** Works from src/ (tsx, vitest) and from dist/ (built): both sit one level below the package. */
export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/**
 * Applies the pending migrations. Several processes may call it at once on one database
 * (instances starting together, the ingest CLI): each waits for the advisory lock
 * `lede:migrations`, so one applies them and the others find nothing left to do. Lock and
 * migrations share one connection, so a pool of one connection is enough.
 */
export async function runMigrations(db: Database): Promise<void> {
  const pool = poolOf(db);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [LOCKS.migrations]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [LOCKS.migrations]);
    }
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    // After an error the connection is closed, not pooled: it may still hold the lock.
    client.release(broken);
  }
}
