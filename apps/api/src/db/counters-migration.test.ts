import fs from 'node:fs/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/context.js';
import { migrationsUpTo } from '../../test/migrations.js';
import type { DatabaseHandle } from './client.js';
import { runMigrations } from './migrate.js';

const BEFORE = '0015_article_public_json';

let database: DatabaseHandle;
let migrationsBefore: string;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  // The migrations as a database that stopped at 0015 had them.
  migrationsBefore = await migrationsUpTo(BEFORE, { including: true });
});

afterAll(async () => {
  await database.close();
  await fs.rm(migrationsBefore, { recursive: true, force: true });
});

describe('migration 0016 (shares and views count readers) on counters already kept', () => {
  it('recounts shares and views as the readers behind them', async () => {
    await migrate(drizzle(database.pool), { migrationsFolder: migrationsBefore });
    const query = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    const readers = await query(
      `insert into users (email, name, password_hash) values
         ('a@example.com', 'A', 'x'), ('b@example.com', 'B', 'x') returning id`,
    );
    const [a, b] = readers.rows.map((r: { id: string }) => r.id);
    // As the code before kept them: every share and every reading day counted.
    const articles = await query(
      `insert into articles (title, description, pub_date, link, title_key, shares, views) values
         ('Shared a lot', '', '2022-09-01T00:00:00Z', 'https://news.example/1', 'shared a lot', 61, 3),
         ('Never shared', '', '2022-09-01T00:00:00Z', 'https://news.example/2', 'never shared', 0, 0)
       returning id`,
    );
    const [shared, untouched] = articles.rows.map((r: { id: string }) => r.id);
    await query(
      `insert into article_shares (user_id, article_id, created_at)
         select $1::uuid, $3::uuid, now() from generate_series(1, 60)
         union all select $2::uuid, $3::uuid, now()`,
      [a, b, shared],
    );
    await query(
      `insert into article_views (user_id, article_id, viewed_at, local_day) values
         ($1, $3, now(), '2030-03-09'), ($1, $3, now(), '2030-03-10'), ($2, $3, now(), '2030-03-10')`,
      [a, b, shared],
    );

    await runMigrations(database.db);

    const counters = await query(
      'select id, shares, views from articles where id = any($1) order by title',
      [[shared, untouched]],
    );
    expect(counters.rows).toEqual([
      { id: untouched, shares: 0, views: 0 },
      { id: shared, shares: 2, views: 2 },
    ]);
    // The rows stay: the readers' activity and reading days.
    const rows = await query(
      `select (select count(*)::int from article_shares) as shares,
              (select count(*)::int from article_views) as views`,
    );
    expect(rows.rows).toEqual([{ shares: 61, views: 3 }]);
  });
});
