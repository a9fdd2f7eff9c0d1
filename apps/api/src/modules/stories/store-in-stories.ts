import { randomUUID } from 'node:crypto';
import type { DbExecutor } from '../../db/client.js';
import type { ArticleWriter, BulkArticle } from '../articles/index.js';
import type { ClusteringOptions } from './clustering/clusterer.js';
import { articleFeatures, type StoryArticle } from './clustering/features.js';
import {
  assignInOrder,
  createStoryIndex,
  heldStories,
  mergedAt,
  publishedMs,
  resolveMerges,
  saveMerges,
  spanOf,
  type ClusterResult,
  type Span,
  type StoryIndex,
} from './cluster-pending.js';
import { storiesRepository } from './stories.repository.js';

/** Rows per write: the corpus (10,000) in two calls; each call counts its terms once. */
const WRITE_CHUNK = 5_000;

export interface StoredInStories extends ClusterResult {
  /** The ids of the articles written (a link already held is skipped), in publication order. */
  ids: string[];
}

interface NewRow {
  id: string;
  article: BulkArticle;
  story: StoryArticle;
}

/**
 * Writes new articles already in their stories: each gets its id here, joins the active story
 * it belongs to or starts one (in publication order, as `clusterPending` assigns), and is
 * inserted once with its story and why it joined, together with the document frequencies it
 * adds and its story's row (title, size, sources, span) — one call per WRITE_CHUNK rows, in
 * the caller's transaction. Ingestion calls it with the articles it found new; seeding with
 * the corpus (`merge: true`).
 *
 * With the stories `index` keeps, the assignments are made before the advisory lock is taken;
 * the write takes it and writes only if the statistics still count what the index counted
 * (no other instance stored articles meanwhile). Otherwise it writes nothing, and the
 * articles are assigned again under the lock on the stories put back from the database.
 */
export async function storeInStories(
  tx: DbExecutor,
  articles: readonly BulkArticle[],
  {
    now,
    options,
    index: kept,
    merge = false,
    ingestedAt,
  }: {
    now: Date;
    options?: Partial<ClusteringOptions>;
    /** The stories held between passes (the ingestion schedule's); without, they are read. */
    index?: StoryIndex;
    /** Merge passes among the articles as their time comes, and one at the end (seeding). */
    merge?: boolean;
    /** Their `ingested_at`; the database's time when left out. */
    ingestedAt?: Date;
  },
): Promise<StoredInStories> {
  const rows = inPublicationOrder(articles);
  const none = { ids: [], assigned: 0, mergePasses: 0, merges: 0, stories: 0 };
  if (rows.length === 0) return none;
  const stories = rows.map((r) => r.story);
  const features = stories.map((s) => articleFeatures(s));
  const index = kept ?? createStoryIndex();
  const mergeWhen = { inStream: merge, atEnd: merge && !kept };
  const span = spanOf(stories, options);

  // Without the lock while the kept stories can hold; the write checks that they did.
  let counted = holds(index, span) ? index.counted : await lockAndCount(tx);
  for (;;) {
    const clusterer = await heldStories(tx, span, { options, index, counted });
    const { assignments, merges, lastMergeAt, mergePasses } = assignInOrder(
      clusterer,
      stories,
      features,
      { after: index.lastMergeAt, ...mergeWhen },
    );
    // Until the writes are done the held stories are ahead of the database: a failure on the
    // way makes the next pass rebuild them.
    index.counted = -1;
    const storyOf = resolveMerges(merges);
    const written = new Set<string>();
    let stale = false;
    for (let at = 0; at < rows.length && !stale; at += WRITE_CHUNK) {
      const ids = await storiesRepository.insertInStories(
        tx,
        rows.slice(at, at + WRITE_CHUNK).map((row, i) => {
          const { articleId: _id, ...assignment } = assignments[at + i]!;
          return {
            id: row.id,
            article: row.article,
            assignment: { ...assignment, storyId: storyOf(assignment.storyId) },
            features: features[at + i]!.keys(),
          };
        }),
        // The first call checks the count under the lock; the next ones hold it already.
        { counted: at === 0 ? counted : null, ingestedAt, now },
      );
      if (ids === null) stale = true;
      else for (const id of ids) written.add(id);
    }
    if (stale) {
      // Another instance stored articles since the index was made: assign again, under the
      // lock (the write took it), on the stories as the database now holds them.
      counted = await storiesRepository.counted(tx);
      continue;
    }
    const ids = rows.filter((r) => written.has(r.id)).map((r) => r.id);
    // After the articles: a story started here may be merged here too.
    const mergedInto = await saveMerges(tx, merges, now);
    // The held stories are the database's again only when every row was written: a skipped
    // one is in them, not in the database.
    if (ids.length === rows.length) index.counted = counted + ids.length;
    index.newestAt = Math.max(index.newestAt, publishedMs(stories.at(-1)!));
    mergedAt(index, lastMergeAt);
    const assignedTo = new Set(
      assignments.filter((a) => written.has(a.articleId)).map((a) => storyOf(a.storyId)),
    );
    return {
      ids,
      assigned: ids.length,
      mergePasses,
      merges: merges.length,
      stories: new Set([...assignedTo, ...mergedInto]).size,
    };
  }
}

/** Whether the kept stories can take articles from `span.first` on: built and not outrun. */
function holds(index: StoryIndex, span: Span): boolean {
  return index.clusterer !== undefined && index.counted >= 0 && span.first >= index.coversFrom;
}

async function lockAndCount(tx: DbExecutor): Promise<number> {
  await storiesRepository.lock(tx);
  return storiesRepository.counted(tx);
}

/**
 * New rows with their ids, in publication order (the order given among equal times); a link
 * repeated in the batch is written once, the first time.
 */
function inPublicationOrder(articles: readonly BulkArticle[]): NewRow[] {
  const links = new Set<string>();
  const rows: NewRow[] = [];
  for (const article of articles) {
    if (links.has(article.link)) continue;
    links.add(article.link);
    const id = randomUUID();
    rows.push({
      id,
      article,
      story: {
        id,
        title: article.title,
        description: article.description,
        keywords: article.keywords,
        source: article.sourceName,
        publishedAt: article.pubDate,
      },
    });
  }
  return rows.sort((a, b) => a.article.pubDate.getTime() - b.article.pubDate.getTime());
}

/**
 * How seeding writes the corpus (`seedCorpusIfEmpty`'s `write`): every article in its story,
 * with a merge pass every MERGE_EVERY_MS of the articles' time and one at the end.
 */
export function writeInStories(
  options: Partial<ClusteringOptions> = {},
  now: () => Date = () => new Date(),
): ArticleWriter {
  return async (tx, rows) =>
    (await storeInStories(tx, rows, { now: now(), options, merge: true })).ids.length;
}
