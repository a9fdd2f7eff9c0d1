import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { insertArticles } from '../../test/fixtures.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { runMigrations } from './migrate.js';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const BEFORE = '0013_toggles_plan_cache';

let name: string;
let database: DatabaseHandle;
let migrationsBefore: string;

beforeAll(async () => {
  const serverUrl = inject('pgServerUrl');
  name = `upgrade_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  database = openDatabase(url.toString(), 2);

  // The migrations as a database that stopped at 0013 had them.
  migrationsBefore = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-migrations-'));
  await fs.cp(MIGRATIONS, migrationsBefore, { recursive: true });
  const journalFile = path.join(migrationsBefore, 'meta/_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8'));
  const last = journal.entries.findIndex((e: { tag: string }) => e.tag === BEFORE);
  journal.entries = journal.entries.slice(0, last + 1);
  await fs.writeFile(journalFile, JSON.stringify(journal));
});

afterAll(async () => {
  await database.close();
  await fs.rm(migrationsBefore, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: inject('pgServerUrl') });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
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
