import fs from 'node:fs/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/context.js';
import { migrationsUpTo } from '../../test/migrations.js';
import { createLogger } from '../lib/logger.js';
import { clusterPendingStories } from '../modules/stories/index.js';
import type { DatabaseHandle } from './client.js';
import { runMigrations } from './migrate.js';

const MIGRATION = '0024_story_titles_and_times';

let database: DatabaseHandle;
let migrationsBefore: string;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  // The migrations as a database that stopped just before 0024 had them.
  migrationsBefore = await migrationsUpTo(MIGRATION, { including: false });
});

afterAll(async () => {
  await database.close();
  await fs.rm(migrationsBefore, { recursive: true, force: true });
});

describe('migration 0024 (story titles, publication times) on data already held', () => {
  it('marks the corpus dates as days only, and the titles are chosen again at start-up', async () => {
    await migrate(drizzle(database.pool), { migrationsFolder: migrationsBefore });
    // In SQL: the schema in src/db is the latest one, with columns this database lacks. A story
    // an older version titled by its first report, whose other two reports tell it better.
    const member = (n: number, title: string, origin: string, terms: string) =>
      `('00000000-0000-4000-8000-00000000000${n}', '${title}', '2022-09-1${n}T12:00:00Z',
        'https://news.example/${n}', '${title.toLowerCase()}', '${origin}', 'Source ${n}',
        '00000000-0000-4000-8000-000000000001', '${terms}', '{3,2,1}')`;
    await database.pool.query(
      `insert into articles (id, title, pub_date, link, title_key, origin, source_name, story_id,
                             terms, term_weights) values
         ${member(1, 'Queen lies in state; a man is charged', 'seed', '{man,charge,queen}')},
         ${member(2, 'Mourners queue to see the Queen lying in state', 'seed', '{queen,state,mourners}')},
         ${member(3, 'The Queen lies in state as mourners queue', 'rss', '{queen,state,mourners}')}`,
    );
    await database.pool.query(
      `insert into stories (id, title, size, source_count, first_published, last_published, updated_at)
       values ('00000000-0000-4000-8000-000000000001', 'Queen lies in state; a man is charged',
               3, 3, '2022-09-11T12:00:00Z', '2022-09-13T12:00:00Z', now())`,
    );

    await runMigrations(database.db);

    const times = await database.pool.query(
      'select origin, pub_date_has_time from articles order by id',
    );
    expect(times.rows).toEqual([
      { origin: 'seed', pub_date_has_time: false },
      { origin: 'seed', pub_date_has_time: false },
      { origin: 'rss', pub_date_has_time: true },
    ]);

    await clusterPendingStories(database.db, {
      now: new Date('2022-09-14T00:00:00Z'),
      logger: createLogger('silent'),
    });
    const story = await database.pool.query('select title, title_article_id from stories');
    expect(story.rows).toEqual([
      {
        title: 'Mourners queue to see the Queen lying in state',
        title_article_id: '00000000-0000-4000-8000-000000000002',
      },
    ]);
  });
});
