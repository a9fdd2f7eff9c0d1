import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticles } from '../../test/fixtures.js';
import { createTestDatabase } from '../../test/context.js';
import type { DatabaseHandle } from './client.js';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate.js';

const BEFORE = '0013_toggles_plan_cache';

let database: DatabaseHandle;
let migrationsBefore: string;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });

  // The migrations as a database that stopped at 0013 had them.
  migrationsBefore = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-migrations-'));
  await fs.cp(MIGRATIONS_FOLDER, migrationsBefore, { recursive: true });
  const journalFile = path.join(migrationsBefore, 'meta/_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8'));
  const last = journal.entries.findIndex((e: { tag: string }) => e.tag === BEFORE);
  journal.entries = journal.entries.slice(0, last + 1);
  await fs.writeFile(journalFile, JSON.stringify(journal));
});

afterAll(async () => {
  await database.close();
  await fs.rm(migrationsBefore, { recursive: true, force: true });
});

describe('migration 0014 (article_search)', () => {
  it('fills the search rows of the articles already held, with statistics', async () => {
    await migrate(drizzle(database.pool), { migrationsFolder: migrationsBefore });
    await insertArticles(database.db, [
      { title: 'Glacier retreat measured', keywords: ['climate'] },
      { title: 'Harbour reopens', description: 'Boats return to the quay.' },
    ]);

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
});
