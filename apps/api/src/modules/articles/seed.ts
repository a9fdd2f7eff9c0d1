import type { Database, DbExecutor } from '../../db/client.js';
import type { Logger } from '../../lib/logger.js';
import { articlesRepository, type BulkArticle } from './articles.repository.js';
import { normalizeTitle, phraseCorpusOf, understandArticle } from '../../lib/text/index.js';
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
    // The corpus gives the day of each item only (its pubDate is noon UTC of that day).
    pubDateHasTime: record.pub_date_has_time ?? false,
    imageUrl: record.image_url,
    link: record.link,
    sourceName: record.source_name,
    sourceUrl: record.source_url,
    sourceIcon: record.source_icon,
    keywords: record.keywords.map((k) => k.toLowerCase()),
    categories: record.categories,
    categoryScores: record.category_scores,
    sourceCategory: record.source_category,
    terms: record.terms,
    termWeights: record.term_weights,
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
 * Writes new articles in the caller's transaction, all of them at once; how many were written
 * (a link already held is skipped). The stories module's `storeInStories` writes each in its
 * story.
 */
export type ArticleWriter = (tx: DbExecutor, rows: readonly BulkArticle[]) => Promise<number>;

/**
 * Loads the bundled corpus (or `records`) into an empty articles table, all or
 * nothing, in one transaction. A table that holds anything is left alone. `write`, when given,
 * writes the whole corpus (the server and the CLI write it in its stories); else it is inserted
 * in batches without stories. `changes`, when the app already runs, hears that the set of
 * articles changed.
 */
export async function seedCorpusIfEmpty(
  db: Database,
  logger: Logger,
  {
    records = readSeedRecords(),
    changes,
    write,
  }: { records?: Records; changes?: Changes; write?: ArticleWriter } = {},
): Promise<number> {
  const started = Date.now();
  const added = await db.transaction(async (tx) => {
    await articlesRepository.lockForSeeding(tx);
    if (!(await articlesRepository.isEmpty(tx))) return 0;
    if (!write) return loadSeedRecords(tx, records, changes);
    const rows: BulkArticle[] = [];
    for await (const record of records) rows.push(seedRecordToArticle(record));
    return write(tx, rows);
  });
  // Once committed: a body prepared meanwhile saw the table before the commit.
  if (added > 0) changes?.articlesChanged();
  if (added > 0)
    logger.info({ articles: added, ms: Date.now() - started }, 'loaded the bundled article corpus');
  else logger.debug('articles already present: corpus not loaded');
  return added;
}

/**
 * Understands the articles an older version stored (empty `words`): their terms, keywords and
 * category scores, weighed across those articles. Their categories stay as they were: a label a
 * reader saw does not change under them. Returns how many were updated.
 */
export async function understandStoredArticles(db: Database, logger: Logger): Promise<number> {
  const rows = await articlesRepository.notUnderstood(db, 200_000);
  if (rows.length === 0) return 0;
  const started = Date.now();
  const corpus = phraseCorpusOf(rows);
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    const batch = rows.slice(i, i + BATCH_SIZE).map((row) => {
      const { categories: _categories, ...understood } = understandArticle(
        { ...row, sourceCategories: row.sourceCategory ? [row.sourceCategory] : [] },
        corpus,
      );
      const [first] = row.categories;
      return {
        id: row.id,
        ...understood,
        categoryScores: row.categories.map(() => 0),
        keywords: [...(first ? [first] : []), ...understood.keywords.slice(1)],
      };
    });
    await articlesRepository.storeUnderstanding(db, batch);
  }
  logger.info({ articles: rows.length, ms: Date.now() - started }, 'understood stored articles');
  return rows.length;
}
