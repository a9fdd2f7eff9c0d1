import fs from 'node:fs/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/context.js';
import { migrationsUpTo } from '../../test/migrations.js';
import { articleJsonBothWays } from '../../test/public-json.js';
import type { DatabaseHandle } from './client.js';
import { runMigrations } from './migrate.js';

const BEFORE = '0013_toggles_plan_cache';

let database: DatabaseHandle;
let migrationsBefore: string;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });

  // The migrations as a database that stopped at 0013 had them.
  migrationsBefore = await migrationsUpTo(BEFORE, { including: true });
});

afterAll(async () => {
  await database.close();
  await fs.rm(migrationsBefore, { recursive: true, force: true });
});

describe('migrations 0014 (article_search) and 0015 (public_json) on articles already held', () => {
  it('fills the search rows of the articles already held, with statistics', async () => {
    await migrate(drizzle(database.pool), { migrationsFolder: migrationsBefore });
    // In SQL: the schema in src/db is the latest one, with columns this database lacks.
    await database.pool.query(
      `insert into articles (title, description, pub_date, link, keywords, title_key) values
         ('Glacier retreat measured', 'Ice "lost" fast', '2022-09-01T00:01:00.123456Z',
          'https://news.example/1', '{climate}', 'glacier retreat measured'),
         ('Harbour reopens', 'Boats return to the quay.', '2022-09-01T00:02:00Z',
          'https://news.example/2', '{}', 'harbour reopens')`,
    );

    await runMigrations(database.db);

    const { rows } = await database.pool.query(
      `select a.title, s.pub_date = a.pub_date as same_date, s.keywords = a.keywords as same_keywords,
              s.search = a.search as same_vector
         from articles a join article_search s on s.article_id = a.id order by a.title`,
    );
    expect(rows).toEqual([
      {
        title: 'Glacier retreat measured',
        same_date: true,
        same_keywords: true,
        same_vector: true,
      },
      { title: 'Harbour reopens', same_date: true, same_keywords: true, same_vector: true },
    ]);
    const stats = await database.pool.query(
      `select count(*)::int as n from pg_stats where tablename = 'article_search' and attname = 'search'`,
    );
    expect(stats.rows[0].n).toBe(1);
    const index = await database.pool.query(
      `select count(*)::int as n from pg_indexes where indexname = 'articles_search_idx'`,
    );
    expect(index.rows[0].n).toBe(0);
  });

  it('gives the articles already held their public JSON (migration 0015)', async () => {
    const { rows } = await database.pool.query<{ id: string }>(
      'select id from articles order by title',
    );
    const { stored, serialised } = await articleJsonBothWays(
      database.db,
      rows.map((row) => row.id),
    );
    expect(stored).toEqual(serialised);
    expect(JSON.parse(stored[0]!)).toMatchObject({
      title: 'Glacier retreat measured',
      description: 'Ice "lost" fast',
      pubDate: '2022-09-01T00:01:00.123Z',
    });
  });
});
