/**
 * Fills a database with N articles generated from the bundled corpus (see
 * tools/synthetic-articles.ts):
 *
 *   cd apps/api && DATABASE_URL=postgres://... npx tsx scripts/generate-articles.ts 100000
 */
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { loadGeneratedArticles } from '../tools/synthetic-articles.js';

async function main() {
  const total = Number(process.argv[2] ?? 100_000);
  const url = process.env.DATABASE_URL;
  if (!url || !Number.isInteger(total) || total < 1) {
    console.error(
      'usage: DATABASE_URL=postgres://... npx tsx scripts/generate-articles.ts [count=100000]',
    );
    process.exit(1);
  }
  const database = openDatabase(url, 2);
  try {
    await runMigrations(database.db);
    const started = Date.now();
    const added = await loadGeneratedArticles(database.db, total);
    console.log(`added ${added} article(s) in ${Date.now() - started} ms`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
