/**
 * openDatabase's two modes on the suite's PostgreSQL: as it is (named prepared statements,
 * `plan_cache_mode` set per connection) and behind a transaction pooler (DATABASE_POOLER=
 * transaction: nothing named, nothing set per connection). PgBouncer itself:
 * test/instances/pooler.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/context.js';
import { usersRepository } from '../modules/users/users.repository.js';
import { openDatabase, type DatabaseHandle } from './client.js';

let database: DatabaseHandle & { name: string };
let url: string;
beforeAll(async () => {
  database = await createTestDatabase();
  url = database.pool.options.connectionString!;
});
afterAll(() => database?.close());

/** What one connection of `handle` has prepared and set, asked on that connection. */
async function sessionState(handle: DatabaseHandle) {
  const client = await handle.pool.connect();
  try {
    await client.query({ name: 'lede_client_test', text: 'select $1::int as n', values: [1] });
    const { rows } = await client.query<{ names: string[]; mode: string }>(
      `select array(select name from pg_prepared_statements order by name) as names,
              current_setting('plan_cache_mode') as mode`,
    );
    return rows[0]!;
  } finally {
    client.release();
  }
}

describe('openDatabase', () => {
  it('without a pooler: named statements are prepared once per connection, custom plans forced', async () => {
    const handle = openDatabase(url, { max: 1 });
    try {
      await usersRepository.findById(handle.db, '00000000-0000-0000-0000-000000000000');
      const state = await sessionState(handle);
      expect(state.names).toEqual(['lede_client_test', 'users_find_by_id']);
      expect(state.mode).toBe('force_custom_plan');
    } finally {
      await handle.close();
    }
  });

  it('behind a transaction pooler: every statement unnamed, no start-up options', async () => {
    const handle = openDatabase(url, { max: 1, pooler: 'transaction' });
    try {
      // Drizzle's .prepare(name) and a { name, text } config alike, twice each.
      for (let i = 0; i < 2; i++) {
        await usersRepository.findById(handle.db, '00000000-0000-0000-0000-000000000000');
        await handle.pool.query({ name: 'lede_client_test', text: 'select 2 as n' });
      }
      const state = await sessionState(handle);
      expect(state.names).toEqual([]);
      expect(state.mode).toBe('auto');
      expect(handle.pool.options).not.toHaveProperty('options');
    } finally {
      await handle.close();
    }
  });
});
