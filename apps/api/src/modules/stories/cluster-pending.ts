import type { Database, DbExecutor } from '../../db/client.js';
import type { Logger } from '../../lib/logger.js';
import {
  DEFAULT_CLUSTERING,
  StoryClusterer,
  type Assignment,
  type ClusteringOptions,
  type StoryMerge,
} from './clustering/clusterer.js';
import { CorpusStats } from './clustering/corpus-stats.js';
import { articleFeatures, type Features, type StoryArticle } from './clustering/features.js';
import { storiesRepository, type ClusteredArticleRow } from './stories.repository.js';

/** Stream time between merge passes, as in the eval (README "Pipeline", step 6). */
export const MERGE_EVERY_MS = 30 * 60 * 1000;
/** Pending articles read per pass: bounds the memory of a pass over a large backlog. */
const PASS_SIZE = 20_000;

export interface ClusterResult {
  assigned: number;
  merges: number;
  stories: number;
}

const asStoryArticle = (row: ClusteredArticleRow): StoryArticle => ({
  id: row.id,
  title: row.title,
  description: row.description,
  keywords: row.keywords,
  source: row.sourceName,
  publishedAt: row.pubDate,
});

/** `from` → the story it ended in, following merges made later in the same pass. */
function resolveMerges(merges: readonly StoryMerge[]): (id: string) => string {
  const into = new Map(merges.map((m) => [m.from, m.into]));
  return (id) => {
    let current = id;
    for (let next = into.get(current); next; next = into.get(current)) current = next;
    return current;
  };
}

/**
 * Puts every article not yet in a story into one, in the order they were published: the
 * stories active around them are put back from the database, the pending articles assigned in
 * one pass with a merge pass every MERGE_EVERY_MS of their time, and the result written with
 * the statistics it used. In the caller's transaction; one pass at a time (advisory lock).
 */
export async function clusterPending(
  tx: DbExecutor,
  { now, options }: { now: Date; options?: Partial<ClusteringOptions> },
): Promise<ClusterResult> {
  await storiesRepository.lock(tx);
  const total: ClusterResult = { assigned: 0, merges: 0, stories: 0 };
  for (;;) {
    const pending = await storiesRepository.pending(tx, PASS_SIZE);
    if (pending.length === 0) return total;
    const result = await clusterBatch(tx, pending, now, options);
    total.assigned += result.assigned;
    total.merges += result.merges;
    total.stories += result.stories;
    if (pending.length < PASS_SIZE) return total;
  }
}

async function clusterBatch(
  tx: DbExecutor,
  pending: ClusteredArticleRow[],
  now: Date,
  options: Partial<ClusteringOptions> | undefined,
): Promise<ClusterResult> {
  const { windowMs } = { ...DEFAULT_CLUSTERING, ...options };
  const first = pending[0]!.pubDate.getTime();
  const last = pending.at(-1)!.pubDate.getTime();
  const members = await storiesRepository.activeMembers(
    tx,
    new Date(first - windowMs),
    new Date(last + windowMs),
  );
  const memberFeatures = members.map((m) => articleFeatures(asStoryArticle(m)));
  const pendingFeatures = pending.map((p) => articleFeatures(asStoryArticle(p)));
  const terms = new Set<string>();
  for (const features of [...memberFeatures, ...pendingFeatures])
    for (const t of features.keys()) terms.add(t);
  const stats = new CorpusStats(await storiesRepository.termStats(tx, [...terms]));
  const clusterer = new StoryClusterer(options, stats);
  members.forEach((m, i) => clusterer.restore(asStoryArticle(m), m.storyId!, memberFeatures[i]));

  const { assignments, merges } = assignInOrder(clusterer, pending, pendingFeatures);
  const storyOf = resolveMerges(merges);
  const finalMerges = merges.map((m) => ({ ...m, into: storyOf(m.into) }));
  await storiesRepository.saveAssignments(
    tx,
    assignments.map((a) => ({ ...a, storyId: storyOf(a.storyId) })),
  );
  await storiesRepository.applyMerges(tx, finalMerges, now);
  await storiesRepository.explainMerges(tx, finalMerges);
  const touched = new Set([
    ...assignments.map((a) => storyOf(a.storyId)),
    ...finalMerges.map((m) => m.into),
  ]);
  await storiesRepository.refresh(tx, [...touched], now);
  await storiesRepository.addTermCounts(tx, pending.length, termCounts(pendingFeatures));
  return { assigned: assignments.length, merges: merges.length, stories: touched.size };
}

function assignInOrder(
  clusterer: StoryClusterer,
  pending: readonly ClusteredArticleRow[],
  features: readonly Features[],
): { assignments: Assignment[]; merges: StoryMerge[] } {
  const assignments: Assignment[] = [];
  const merges: StoryMerge[] = [];
  let nextMerge = pending[0]!.pubDate.getTime() + MERGE_EVERY_MS;
  pending.forEach((row, i) => {
    const at = row.pubDate.getTime();
    if (at >= nextMerge) {
      merges.push(...clusterer.mergePass(at).merges);
      nextMerge = at + MERGE_EVERY_MS;
    }
    assignments.push(clusterer.assign(asStoryArticle(row), features[i]));
  });
  merges.push(...clusterer.mergePass(pending.at(-1)!.pubDate).merges);
  return { assignments, merges };
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

/** clusterPending in a transaction of its own, logged: at start-up and after seeding. */
export async function clusterPendingStories(
  db: Database,
  { now, logger, options }: { now: Date; logger: Logger; options?: Partial<ClusteringOptions> },
): Promise<ClusterResult> {
  const started = Date.now();
  const result = await db.transaction((tx) => clusterPending(tx, { now, options }));
  if (result.assigned > 0)
    logger.info({ ...result, ms: Date.now() - started }, 'articles grouped into stories');
  return result;
}
