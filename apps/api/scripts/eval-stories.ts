/**
 * Offline evaluation of story clustering:
 *   pnpm --filter @lede/api eval:stories [file.jsonl]     (or STORIES_DATA=file.jsonl)
 * Replays a labelled headline stream in file order through the clustering (headline only, the
 * publisher as the source, a merge pass every 30 minutes of stream time) and prints ONE JSON
 * object: BCubed precision, recall and F1 of our clustering and of a plain TF-IDF single-pass
 * baseline at the best threshold of a sweep; the time per assignment; the same scores on each
 * half of the stories replayed alone; and the time per assignment with thousands of stories
 * active (the bundled corpus mixed in). Design and parameters: src/modules/stories/README.md.
 *
 *   pnpm eval:stories --rss [file.jsonl]
 * replays the file through the real ingestion path instead (tools/eval-stories/rss.ts): one
 * RSS 2.0 feed per publisher served on 127.0.0.1 (<title>, <link> = the row's url or a unique
 * synthetic one, <pubDate>; its newest 50 items), a throwaway embedded PostgreSQL (migrated,
 * the bundled corpus seeded and clustered first, so the statistics start as in memory), and
 * `runIngestion` every 30 minutes of stream time with the clock at that time and one
 * StoryIndex kept between runs, as the schedule does. Only the feeds with new items are
 * fetched (the others would answer held links only). A closing run 30 minutes after the stream
 * ingests one unlabelled headline, whose arrival sets off the last merge pass (the in-memory
 * replay makes one at its end; `beforeClosingRun` scores without it). Each row's story is
 * read back by its link and scored with BCubed over the rows ingestion stored (ingestion may
 * drop some: the JSON says how many and why). Prints { data, rss: { ingested, skipped,
 * precision, recall, f1, runs, ms, ... }, inMemory: { precision, recall, f1, sameRowsAsRss } }
 * (sameRowsAsRss: in memory, scored over the rows ingested); progress on stderr. About 2 minutes on the dev file; bounded by STORIES_RSS_TIMEOUT_MINUTES (default
 * 20). It stops the PostgreSQL and the feed server it started and removes its temp dir, also
 * on a timeout, SIGINT or SIGTERM.
 *
 * A relative file is read from where pnpm was started (INIT_CWD), else from apps/api.
 *
 * Data: the "News Aggregator" data set by Fabio Gasparetti, UCI Machine Learning Repository
 * (2016, doi:10.24432/C5F61C), licensed CC BY 4.0
 * (https://creativecommons.org/licenses/by/4.0/); the changes made to it are listed in
 * ../shared/data/stories/README.md.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { baselineClusters } from '../tools/eval-stories/baseline.js';
import { bcubed } from '../tools/eval-stories/bcubed.js';
import {
  bundledCorpusStats,
  DEFAULT_DATA,
  loadHeadlines,
  percentile,
  replay,
  splitByStory,
  withUnrelated,
  type LabelledHeadline,
  type Replay,
} from '../tools/eval-stories/run.js';
import { rssReport } from '../tools/eval-stories/rss-report.js';
import { FOLDS, outOfFold, TUNE_MIN_PRECISION, TUNING_GRID } from '../tools/eval-stories/folds.js';

/** Unrelated articles after each labelled headline in the load run (most of the corpus). */
const UNRELATED_PER_HEADLINE = 3;
const BASELINE_THRESHOLDS = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6];

const args = process.argv.slice(2);
const rssMode = args.includes('--rss');
const file = dataFile(args.find((a) => !a.startsWith('--')) || process.env.STORIES_DATA);
const rows = loadHeadlines(file);
const corpus = await bundledCorpusStats();
const data = {
  file: path(file),
  headlines: rows.length,
  stories: new Set(rows.map((r) => r.story)).size,
  credit:
    'News Aggregator data set, Fabio Gasparetti, UCI Machine Learning Repository (2016), CC BY 4.0',
};

const round = (x: number, digits = 4) => Number(x.toFixed(digits));
const scores = (predicted: readonly string[], labelled: readonly LabelledHeadline[]) => {
  const b = bcubed(
    predicted,
    labelled.map((r) => r.story),
  );
  return { precision: round(b.precision), recall: round(b.recall), f1: round(b.f1) };
};
const roundAll = (b: { precision: number; recall: number; f1: number }) => ({
  precision: round(b.precision),
  recall: round(b.recall),
  f1: round(b.f1),
});
const timing = (run: Replay) => ({
  assignMs: {
    p50: round(percentile(run.assignMs, 50), 3),
    p99: round(percentile(run.assignMs, 99), 3),
    max: round(Math.max(...run.assignMs), 3),
  },
  mergePassMs: {
    p50: round(percentile(run.mergePassMs, 50), 2),
    max: round(Math.max(...run.mergePassMs), 2),
  },
});

const baselineOf = (labelled: readonly LabelledHeadline[]) => {
  const titles = labelled.map((r) => r.title);
  const sweep = BASELINE_THRESHOLDS.map((threshold) => ({
    threshold,
    ...scores(baselineClusters(titles, threshold), labelled),
  }));
  const best = sweep.reduce((a, b) => (b.f1 > a.f1 ? b : a));
  const precise = sweep.filter((s) => s.precision >= 0.9);
  const bestAtP90 = precise.length ? precise.reduce((a, b) => (b.f1 > a.f1 ? b : a)) : null;
  return { best, bestAtP90, sweep };
};

/** Ours, the baseline, the halves and the load run, all in memory. */
async function inMemoryReport() {
  const ours = replay(rows, {}, corpus.stats);
  const baseline = baselineOf(rows);
  const halves = splitByStory(rows).map((half) => ({
    headlines: half.length,
    stories: new Set(half.map((r) => r.story)).size,
    ours: scores(replay(half, {}, corpus.stats).clusters, half),
    baseline: baselineOf(half).best,
  }));

  const folds = outOfFold(rows, TUNING_GRID, corpus.stats, FOLDS);
  const mixed = await withUnrelated(rows, UNRELATED_PER_HEADLINE);
  const loaded = replay(mixed, {}, corpus.stats);
  const labelledAt = mixed.flatMap((r, i) => (r.story.startsWith('seed-') ? [] : [i]));

  return {
    data,
    corpusStats: `bundled corpus (${corpus.articles} articles), then the stream`,
    ours: {
      ...scores(ours.clusters, rows),
      clusters: new Set(ours.clusters).size,
      merges: ours.merges,
      ...timing(ours),
    },
    outOfFold: {
      how: `${FOLDS} folds by story; options chosen on the other folds (best F1 at precision ≥ ${TUNE_MIN_PRECISION}), scored on the fold, in a replay of the whole stream`,
      ...roundAll(folds.pooled),
      folds: folds.folds.map((f) => ({
        fold: f.fold,
        headlines: f.headlines,
        chosen: f.chosen,
        tuning: roundAll(f.tuning),
        heldOut: roundAll(f.heldOut),
      })),
    },
    baseline: {
      name: 'plain TF-IDF single pass: cosine to cluster centroids, stream IDF',
      ...baseline.best,
      bestAtPrecision90: baseline.bestAtP90,
      sweep: baseline.sweep,
    },
    halves,
    load: {
      articles: mixed.length,
      unrelatedPerHeadline: UNRELATED_PER_HEADLINE,
      activeStoriesMax: loaded.activeStoriesMax,
      labelled: scores(
        labelledAt.map((i) => loaded.clusters[i]!),
        labelledAt.map((i) => mixed[i]!),
      ),
      ...timing(loaded),
    },
  };
}

try {
  const report = rssMode
    ? { data, ...(await rssReport(rows, corpus.stats)) }
    : await inMemoryReport();
  console.log(JSON.stringify(report, null, 2));
} catch (err) {
  // A timeout or a signal in --rss mode: said in one line, everything it started is stopped.
  console.error(`eval:stories: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}

/** The data file: a relative one from where pnpm was started (INIT_CWD), else from here. */
function dataFile(given: string | undefined): string {
  if (!given) return DEFAULT_DATA;
  const fromStart = resolve(process.env.INIT_CWD ?? process.cwd(), given);
  return existsSync(fromStart) ? fromStart : resolve(given);
}

/** The data file relative to the shared folder, when it is there. */
function path(p: string): string {
  const i = p.lastIndexOf('/shared/');
  return i >= 0 ? `..${p.slice(i)}` : p;
}
