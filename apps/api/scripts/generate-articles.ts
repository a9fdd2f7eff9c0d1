/**
 * Fills a database with N articles generated from the bundled corpus, for
 * benchmarks ("search latency at 100,000 articles").
 *
 *   cd apps/api && DATABASE_URL=postgres://... npx tsx scripts/generate-articles.ts 100000
 *
 * Copy k of a seed record keeps its title, takes another record's
 * description (so texts do not simply repeat), is dated k × 5 years earlier
 * (so the real corpus stays the newest slice and the trending/freshness
 * anchors do not move) and gets a distinct link. Deterministic; running it
 * again tops the table up to N and adds nothing when it already holds N.
 */
import { pathToFileURL } from 'node:url';
import { openDatabase, type Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { readSeedRecords, type SeedRecord } from '../src/modules/articles/corpus/seed-file.js';
import { loadSeedRecords } from '../src/modules/articles/seed.js';

const YEARS_PER_COPY = 5;
const DESCRIPTION_STRIDE = 7919;

async function readAll(): Promise<SeedRecord[]> {
  const records: SeedRecord[] = [];
  for await (const record of readSeedRecords()) records.push(record);
  return records;
}

/** `total` records: the real corpus first, then shifted copies. */
export function* generateRecords(
  corpus: readonly SeedRecord[],
  total: number,
): Generator<SeedRecord> {
  for (let i = 0; i < total; i++) {
    const record = corpus[i % corpus.length]!;
    const copy = Math.floor(i / corpus.length);
    if (copy === 0) {
      yield record;
      continue;
    }
    const pubDate = new Date(record.pubDate);
    pubDate.setUTCFullYear(pubDate.getUTCFullYear() - copy * YEARS_PER_COPY);
    yield {
      ...record,
      link: `${record.link}#copy-${copy}`,
      description: corpus[(i + copy * DESCRIPTION_STRIDE) % corpus.length]!.description,
      pubDate: pubDate.toISOString(),
    };
  }
}

/** Loads `total` generated articles (those already present by link are skipped). Returns how many were added. */
export async function loadGeneratedArticles(db: Database, total: number): Promise<number> {
  return loadSeedRecords(db, generateRecords(await readAll(), total));
}

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
