import type { Database, DbExecutor } from '../../db/client.js';
import type { Logger } from '../../lib/logger.js';
import { articlesRepository, type BulkArticle } from './articles.repository.js';
import { normalizeTitle } from './corpus/keywords.js';
import { readSeedRecords, type SeedRecord } from './corpus/seed-file.js';
import type { Changes } from '../../changes/index.js';

const BATCH_SIZE = 500;

type Records = AsyncIterable<SeedRecord> | Iterable<SeedRecord>;

export function seedRecordToArticle(record: SeedRecord): BulkArticle {
  return {
    title: record.title,
    description: record.description,
    creator: record.creator,
    pubDate: new Date(record.pubDate),
    imageUrl: record.image_url,
    link: record.link,
    sourceName: record.source_name,
    sourceUrl: record.source_url,
    sourceIcon: record.source_icon,
    keywords: record.keywords.map((k) => k.toLowerCase()),
    categories: record.categories,
    titleKey: normalizeTitle(record.title),
    origin: 'seed',
  };
}

/**
 * Inserts seed records in batches; links already held are skipped. Returns how many were added;
 * `changes`, when given, hears that the set of articles changed.
 */
export async function loadSeedRecords(
  db: DbExecutor,
  records: Records,
  changes?: Changes,
): Promise<number> {
  let added = 0;
  let batch: BulkArticle[] = [];
  for await (const record of records) {
    batch.push(seedRecordToArticle(record));
    if (batch.length === BATCH_SIZE) {
      added += await articlesRepository.insertNew(db, batch);
      batch = [];
    }
  }
  added += await articlesRepository.insertNew(db, batch);
  if (added > 0) changes?.articlesChanged();
  return added;
}

/**
 * Loads the bundled corpus (or `records`) into an empty articles table, all or
 * nothing, in one transaction. A table that holds anything is left alone. `changes`, when the
 * app already runs, hears that the set of articles changed.
 */
export async function seedCorpusIfEmpty(
  db: Database,
  logger: Logger,
  { records = readSeedRecords(), changes }: { records?: Records; changes?: Changes } = {},
): Promise<number> {
  const started = Date.now();
  const added = await db.transaction(async (tx) => {
    await articlesRepository.lockForSeeding(tx);
    if (!(await articlesRepository.isEmpty(tx))) return 0;
    return loadSeedRecords(tx, records, changes);
  });
  // Once committed: a body prepared meanwhile saw the table before the commit.
  if (added > 0) changes?.articlesChanged();
  if (added > 0)
    logger.info({ articles: added, ms: Date.now() - started }, 'loaded the bundled article corpus');
  else logger.debug('articles already present: corpus not loaded');
  return added;
}
