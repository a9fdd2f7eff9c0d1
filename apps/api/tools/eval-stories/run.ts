import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSeedRecords } from '../../src/modules/articles/index.js';
import { CorpusStats } from '../../src/lib/text/index.js';
import {
  articleFeatures,
  StoryClusterer,
  type Assignment,
  type ClusteringOptions,
} from '../../src/modules/stories/index.js';

/** One line of the labelled stream (../shared/data/stories/README.md). */
export interface LabelledHeadline {
  id: number | string;
  title: string;
  publisher: string;
  /** The article's address (the RSS eval serves it as the item's link). */
  url?: string;
  /** The publisher's host name (the RSS eval's channel link). */
  hostname?: string;
  /** The label: Google News's story. */
  story: string;
  published_at: string;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const DEFAULT_DATA = path.join(
  repoRoot,
  '../shared/data/stories/uci-news-aggregator-dev.jsonl',
);

export function loadHeadlines(file: string): LabelledHeadline[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as LabelledHeadline);
}

/** The merge pass runs after each ingestion run: every 30 minutes (INGEST_INTERVAL_MINUTES). */
export const MERGE_EVERY_MS = 30 * 60 * 1000;

export interface Replay {
  /** The final story of each headline, in input order. */
  clusters: string[];
  assignments: Assignment[];
  /** Milliseconds each assignment took. */
  assignMs: number[];
  mergePassMs: number[];
  merges: number;
  /** Most stories active at once. */
  activeStoriesMax: number;
}

/**
 * Replays headlines in input order through the clustering, headline only, the publisher as the
 * source, with a merge pass every MERGE_EVERY_MS of stream time and one at the end. `stats`
 * (copied, not changed) are the corpus statistics to start from.
 */
export function replay(
  rows: readonly LabelledHeadline[],
  options: Partial<ClusteringOptions> = {},
  stats?: CorpusStats,
): Replay {
  const clusterer = new StoryClusterer(options, stats ? stats.copy() : new CorpusStats());
  const assignments: Assignment[] = [];
  const mergedInto = new Map<string, string>();
  const assignMs: number[] = [];
  const mergePassMs: number[] = [];
  let merges = 0;
  let activeStoriesMax = 0;
  const mergePass = (at: number) => {
    const t0 = performance.now();
    const pass = clusterer.mergePass(at);
    mergePassMs.push(performance.now() - t0);
    for (const m of pass.merges) mergedInto.set(m.from, m.into);
    merges += pass.merges.length;
  };
  let nextPass = Number.NaN;
  for (const row of rows) {
    const at = Date.parse(row.published_at);
    if (Number.isNaN(nextPass)) nextPass = at + MERGE_EVERY_MS;
    if (at >= nextPass) {
      mergePass(at);
      nextPass = at + MERGE_EVERY_MS;
    }
    const t0 = performance.now();
    const assignment = clusterer.assign({
      id: String(row.id),
      title: row.title,
      source: row.publisher,
      publishedAt: at,
    });
    assignMs.push(performance.now() - t0);
    assignments.push(assignment);
    activeStoriesMax = Math.max(activeStoriesMax, clusterer.activeStories);
  }
  if (rows.length > 0) mergePass(Date.parse(rows[rows.length - 1]!.published_at));
  const resolve = (id: string): string => {
    let story = id;
    for (let next = mergedInto.get(story); next; next = mergedInto.get(story)) story = next;
    return story;
  };
  return {
    clusters: assignments.map((a) => resolve(a.storyId)),
    assignments,
    assignMs,
    mergePassMs,
    merges,
    activeStoriesMax,
  };
}

/** The bundled corpus (apps/api/data), read once. */
async function bundledCorpus() {
  const records = [];
  for await (const r of readSeedRecords()) records.push(r);
  return records;
}

/**
 * The corpus statistics of the bundled corpus: what a fresh instance holds after seeding,
 * before its first feed, so the stream's IDF is not made by the stories being clustered alone.
 */
export async function bundledCorpusStats(): Promise<{ stats: CorpusStats; articles: number }> {
  const stats = new CorpusStats();
  const records = await bundledCorpus();
  for (const r of records)
    stats.add(
      articleFeatures({
        id: r.link,
        title: r.title,
        description: r.description,
        source: r.source_name,
        publishedAt: r.pubDate,
      }).keys(),
    );
  return { stats, articles: records.length };
}

/**
 * The stream with `perHeadline` headlines of the bundled corpus after each labelled one, at its
 * time: unrelated articles that keep thousands of stories active at once. Each is its own label.
 */
export async function withUnrelated(
  rows: readonly LabelledHeadline[],
  perHeadline: number,
): Promise<LabelledHeadline[]> {
  const records = await bundledCorpus();
  const out: LabelledHeadline[] = [];
  let next = 0;
  for (const row of rows) {
    out.push(row);
    for (let i = 0; i < perHeadline && next < records.length; i++, next++) {
      const r = records[next]!;
      out.push({
        id: `seed-${next}`,
        title: r.title,
        publisher: r.source_name,
        story: `seed-${next}`,
        published_at: row.published_at,
      });
    }
  }
  return out;
}

/** The stream's stories in two halves (by a hash of the label), each replayed on its own. */
export function splitByStory(rows: readonly LabelledHeadline[]): LabelledHeadline[][] {
  const half = (story: string) => createHash('sha256').update(story).digest()[0]! % 2;
  return [rows.filter((r) => half(r.story) === 0), rows.filter((r) => half(r.story) === 1)];
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
