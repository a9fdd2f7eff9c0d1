/**
 * N articles generated from the bundled corpus, for benchmarks at scale ("search latency at
 * 100,000 articles"). Copy k of a seed record keeps its title, takes another record's
 * description (so texts do not simply repeat), is dated k × 5 years earlier (so the real corpus
 * stays the newest slice and the trending/freshness anchors do not move) and gets a distinct
 * link. Deterministic; loading again tops the table up to N and adds nothing when it holds N.
 */
import type { Database } from '../src/db/client.js';
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
