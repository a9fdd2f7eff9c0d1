import type { Database, DbExecutor } from '../../db/client.js';
import type { Logger } from '../../lib/logger.js';
import {
  DEFAULT_CLUSTERING,
  StoryClusterer,
  type Assignment,
  type ClusteringOptions,
  type StoryMerge,
} from './clustering/clusterer.js';
import { CorpusStats } from '../../lib/text/index.js';
import { articleFeatures, type Features, type StoryArticle } from './clustering/features.js';
import { storiesRepository, type ClusteredArticleRow } from './stories.repository.js';

/** Stream time between merge passes, as in the eval (README "Pipeline", step 6). */
export const MERGE_EVERY_MS = 30 * 60 * 1000;
/** Pending articles read per pass: bounds the memory of a pass over a large backlog. */
const PASS_SIZE = 20_000;

export interface ClusterResult {
  assigned: number;
  /** Merge passes run (one per MERGE_EVERY_MS of the articles' time, or at the end). */
  mergePasses: number;
  merges: number;
  stories: number;
}

/**
 * The stories active after this process's last pass and the corpus statistics, kept between
 * passes so that a pass reads neither back from the database (the stories' features are the
 * costly part; the statistics are every stored document frequency). Valid while the
 * articles counted in the database are exactly those this process counted: a pass by another
 * instance, or articles older than what it holds, make the next pass rebuild it.
 */
export interface StoryIndex {
  clusterer?: StoryClusterer;
  /** Articles counted in story_terms after this process's last pass. */
  counted: number;
  /** The oldest publication time the held stories cover. */
  coversFrom: number;
  /** Publication time of the last merge pass: the next comes MERGE_EVERY_MS of stream time later. */
  lastMergeAt: number;
  /** The newest publication time assigned through this index: where the stream is. */
  newestAt: number;
}

/** An empty index: the first pass builds it. One per process (the ingestion schedule's). */
export function createStoryIndex(): StoryIndex {
  return { counted: -1, coversFrom: Infinity, lastMergeAt: -Infinity, newestAt: -Infinity };
}

export const asStoryArticle = (row: ClusteredArticleRow): StoryArticle => ({
  id: row.id,
  title: row.title,
  description: row.description,
  keywords: row.keywords,
  source: row.sourceName,
  publishedAt: row.pubDate,
});

/** `from` → the story it ended in, following merges made later in the same pass. */
export function resolveMerges(merges: readonly StoryMerge[]): (id: string) => string {
  const into = new Map(merges.map((m) => [m.from, m.into]));
  return (id) => {
    let current = id;
    for (let next = into.get(current); next; next = into.get(current)) current = next;
    return current;
  };
}

/**
 * Puts every article not yet in a story into one, in the order they were published: the
 * stories active around them are taken from `index` or put back from the database, the
 * pending articles assigned in one pass with a merge pass every MERGE_EVERY_MS of their time,
 * and the result written with the statistics it used. In the caller's transaction; one pass
 * at a time (advisory lock).
 */
export async function clusterPending(
  tx: DbExecutor,
  {
    now,
    options,
    index: kept,
    articleIds,
    merge = true,
  }: {
    now: Date;
    options?: Partial<ClusteringOptions>;
    index?: StoryIndex;
    /** Only these (the articles the caller just stored); otherwise every pending article. */
    articleIds?: readonly string[];
    /**
     * Merge passes among the assignments, as their time comes, and at the end of a pass that
     * keeps no index (start-up, seeding). Ingestion says false and runs `mergeDueStories`
     * after its run: merging is no part of assigning an article.
     */
    merge?: boolean;
  },
): Promise<ClusterResult> {
  await storiesRepository.lock(tx);
  const index = kept ?? createStoryIndex();
  const merges = { inStream: merge, atEnd: merge && !kept };
  const total: ClusterResult = { assigned: 0, mergePasses: 0, merges: 0, stories: 0 };
  for (;;) {
    const { rows: pending, counted } = await storiesRepository.pending(tx, {
      limit: PASS_SIZE,
      ids: articleIds,
    });
    if (pending.length === 0) return total;
    const result = await clusterBatch(tx, pending, { now, options, index, merges, counted });
    total.assigned += result.assigned;
    total.mergePasses += result.mergePasses;
    total.merges += result.merges;
    total.stories += result.stories;
    if (pending.length < PASS_SIZE) return total;
  }
}

interface BatchOptions {
  now: Date;
  options: Partial<ClusteringOptions> | undefined;
  index: StoryIndex;
  merges: { inStream: boolean; atEnd: boolean };
  /** Articles the stored statistics have counted. */
  counted: number;
}

async function clusterBatch(
  tx: DbExecutor,
  pending: ClusteredArticleRow[],
  { now, options, index, merges: mergeWhen, counted: stored }: BatchOptions,
): Promise<ClusterResult> {
  const articles = pending.map(asStoryArticle);
  const pendingFeatures = articles.map((a) => articleFeatures(a));
  const clusterer = await heldStories(tx, spanOf(articles, options), {
    options,
    index,
    counted: stored,
  });
  const { assignments, merges, lastMergeAt, mergePasses } = assignInOrder(
    clusterer,
    articles,
    pendingFeatures,
    { after: index.lastMergeAt, ...mergeWhen },
  );
  // Until the writes are done the held stories are ahead of the database: a failure on the
  // way makes the next pass rebuild them.
  const counted = index.counted + pending.length;
  index.counted = -1;
  const storyOf = resolveMerges(merges);
  const assignedTo = [...new Set(assignments.map((a) => storyOf(a.storyId)))];
  await storiesRepository.saveAssignments(
    tx,
    assignments.map((a) => ({ ...a, storyId: storyOf(a.storyId) })),
    {
      articlesCounted: pending.length,
      counts: termCounts(pendingFeatures),
      touched: assignedTo,
      now,
    },
  );
  // After the assignments: a story started in this pass may be merged in it too.
  const mergedInto = await saveMerges(tx, merges, now);
  index.counted = counted;
  index.newestAt = Math.max(index.newestAt, pending.at(-1)!.pubDate.getTime());
  mergedAt(index, lastMergeAt);
  return {
    assigned: assignments.length,
    mergePasses,
    merges: merges.length,
    stories: new Set([...assignedTo, ...mergedInto]).size,
  };
}

/** Writes `merges` and refreshes the stories that stay (each resolved); those stories. */
export async function saveMerges(
  tx: DbExecutor,
  merges: readonly StoryMerge[],
  now: Date,
): Promise<string[]> {
  const storyOf = resolveMerges(merges);
  const finalMerges = merges.map((m) => ({ ...m, into: storyOf(m.into) }));
  await storiesRepository.applyMerges(tx, finalMerges, now);
  await storiesRepository.explainMerges(tx, finalMerges);
  const into = [...new Set(finalMerges.map((m) => m.into))];
  await storiesRepository.refresh(tx, into, now);
  return into;
}

/** A merge pass closes the stories older than its window: earlier articles need a rebuild. */
export function mergedAt(index: StoryIndex, at: number): void {
  index.lastMergeAt = at;
  index.coversFrom = Math.max(index.coversFrom, at);
}

/**
 * The merge pass of an ingestion run, in its own transaction after the run's assignments
 * through `index`: when MERGE_EVERY_MS of the articles' time has passed since the last one, at
 * the newest time assigned (as a pass in the stream would), with the stories from `index` or
 * put back from the database. Under the same lock as the assignments.
 */
export async function mergeDueStories(
  tx: DbExecutor,
  { now, options, index }: { now: Date; options?: Partial<ClusteringOptions>; index: StoryIndex },
): Promise<{ mergePasses: number; merges: number }> {
  const none = { mergePasses: 0, merges: 0 };
  const at = index.newestAt;
  if (!Number.isFinite(at) || at < index.lastMergeAt + MERGE_EVERY_MS) return none;
  await storiesRepository.lock(tx);
  const counted = await storiesRepository.counted(tx);
  const { windowMs } = { ...DEFAULT_CLUSTERING, ...options };
  const clusterer = await heldStories(
    tx,
    { first: at, from: at - windowMs, to: at + windowMs },
    { options, index, counted },
  );
  const { merges } = clusterer.mergePass(at);
  // Until the writes are done the held stories are ahead of the database.
  index.counted = -1;
  await saveMerges(tx, merges, now);
  index.counted = counted;
  mergedAt(index, at);
  return { mergePasses: 1, merges: merges.length };
}

/** Publication time in ms: the articles a pass handles carry a Date. */
export const publishedMs = (article: StoryArticle): number =>
  new Date(article.publishedAt).getTime();

/** Where the stories active around `articles` (in publication order) lie: a window either side. */
export function spanOf(
  articles: readonly StoryArticle[],
  options: Partial<ClusteringOptions> | undefined,
): Span {
  const { windowMs } = { ...DEFAULT_CLUSTERING, ...options };
  const first = publishedMs(articles[0]!);
  return { first, from: first - windowMs, to: publishedMs(articles.at(-1)!) + windowMs };
}

/** The earliest article time a pass handles, and the span of the stories it needs. */
export interface Span {
  first: number;
  from: number;
  to: number;
}

/**
 * The active stories of `span`, with every stored document frequency: the index's while it is
 * still the database's (no other pass counted articles since, nothing handled older than its
 * last merge pass), else put back from the database into a new index.
 */
export async function heldStories(
  tx: DbExecutor,
  { first, from, to }: Span,
  {
    options,
    index,
    counted,
  }: { options: Partial<ClusteringOptions> | undefined; index: StoryIndex; counted: number },
): Promise<StoryClusterer> {
  if (index.clusterer && first >= index.coversFrom && counted === index.counted)
    return index.clusterer;
  const members = await storiesRepository.activeMembers(tx, new Date(from), new Date(to));
  const stats = await storiesRepository.termStats(tx);
  const clusterer = new StoryClusterer(options, new CorpusStats(stats));
  for (const m of members) clusterer.restore(asStoryArticle(m), m.storyId!);
  clusterer.markChangedSince(first - MERGE_EVERY_MS);
  index.clusterer = clusterer;
  index.counted = stats.total;
  index.coversFrom = first;
  index.lastMergeAt = -Infinity;
  return clusterer;
}

/**
 * Assigns `pending` (in publication order) with a merge pass whenever MERGE_EVERY_MS of their
 * time has passed since the last one (`after`), and one at the end when `atEnd`.
 */
export function assignInOrder(
  clusterer: StoryClusterer,
  pending: readonly StoryArticle[],
  features: readonly Features[],
  merge: { after: number; inStream: boolean; atEnd: boolean },
): {
  assignments: Assignment[];
  merges: StoryMerge[];
  lastMergeAt: number;
  mergePasses: number;
} {
  const assignments: Assignment[] = [];
  const merges: StoryMerge[] = [];
  let lastMergeAt = Number.isFinite(merge.after) ? merge.after : publishedMs(pending[0]!);
  let mergePasses = 0;
  const mergeAt = (at: number) => {
    merges.push(...clusterer.mergePass(at).merges);
    lastMergeAt = at;
    mergePasses += 1;
  };
  pending.forEach((article, i) => {
    const at = publishedMs(article);
    if (merge.inStream && at >= lastMergeAt + MERGE_EVERY_MS) mergeAt(at);
    assignments.push(clusterer.assign(article, features[i]));
  });
  const last = publishedMs(pending.at(-1)!);
  if (merge.atEnd || (merge.inStream && last >= lastMergeAt + MERGE_EVERY_MS)) mergeAt(last);
  return { assignments, merges, lastMergeAt, mergePasses };
}

function termCounts(features: readonly Features[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const f of features) for (const t of f.keys()) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/** The clustering options an operator sets: the window (STORY_WINDOW_HOURS). */
export function storyOptions(windowHours?: number): Partial<ClusteringOptions> {
  return windowHours === undefined ? {} : { windowMs: windowHours * 3_600_000 };
}

/**
 * clusterPending in a transaction of its own, logged: at start-up and after seeding. The same
 * transaction titles the stories an older version wrote (`storiesRepository.retitle`).
 */
export async function clusterPendingStories(
  db: Database,
  {
    now,
    logger,
    options,
    index,
  }: { now: Date; logger: Logger; options?: Partial<ClusteringOptions>; index?: StoryIndex },
): Promise<ClusterResult> {
  const started = Date.now();
  const { result, retitled } = await db.transaction(async (tx) => {
    const result = await clusterPending(tx, { now, options, index });
    return { result, retitled: await storiesRepository.retitle(tx, now) };
  });
  if (result.assigned > 0)
    logger.info({ ...result, ms: Date.now() - started }, 'articles grouped into stories');
  if (retitled > 0)
    logger.info({ stories: retitled }, 'stories titled by their most representative report');
  return result;
}
