import { bcubed } from './bcubed.js';
import { replayThroughRss, type RssReplay } from './rss.js';
import { replay, type LabelledHeadline } from './run.js';
import type { CorpusStats } from '../../src/lib/text/index.js';

/** INGEST_INTERVAL_MINUTES' default: the schedule's period, and the merge pass's. */
const INTERVAL_MINUTES = 30;
/** Newest items each publisher's feed serves: a usual feed length. */
const ITEMS_PER_FEED = 50;
/** STORY_WINDOW_HOURS' default. */
const STORY_WINDOW_HOURS = 72;
/** The whole replay's bound (STORIES_RSS_TIMEOUT_MINUTES): the dev file takes about 2. */
const DEFAULT_TIMEOUT_MINUTES = 20;
/** After an abort, how long the replay may take to stop what it started before the exit. */
const FORCED_EXIT_MS = 240_000;

const round = (x: number) => Number(x.toFixed(4));
const scores = (predicted: readonly string[], gold: readonly string[]) => {
  const b = bcubed(predicted, gold);
  return { precision: round(b.precision), recall: round(b.recall), f1: round(b.f1) };
};

/**
 * `pnpm eval:stories --rss`: the stream through RSS feeds, ingestion and PostgreSQL (rss.ts),
 * scored over the rows ingestion stored, beside the in-memory replay of the same file. Bounded
 * by STORIES_RSS_TIMEOUT_MINUTES; SIGINT or SIGTERM stop it (and everything it started) too.
 */
export async function rssReport(rows: readonly LabelledHeadline[], corpus: CorpusStats) {
  const minutes = Number(process.env.STORIES_RSS_TIMEOUT_MINUTES) || DEFAULT_TIMEOUT_MINUTES;
  const controller = new AbortController();
  const abort = (reason: string) => {
    if (controller.signal.aborted) return;
    controller.abort(new Error(reason));
    // Stopping is bounded too; a forced exit still ends the PostgreSQL child (its stdin closes).
    setTimeout(() => {
      process.stderr.write('rss eval: could not stop in time, exiting\n');
      process.exit(1);
    }, FORCED_EXIT_MS).unref();
  };
  const deadline = setTimeout(
    () => abort(`stopped after ${minutes} minutes (STORIES_RSS_TIMEOUT_MINUTES)`),
    minutes * 60_000,
  );
  const onSignal = (name: string) => () => abort(`stopped by ${name}`);
  const onInt = onSignal('SIGINT');
  const onTerm = onSignal('SIGTERM');
  // `on`, not `once`: tsx relays a terminal's SIGINT a second time, which must not end the process.
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  let run: RssReplay;
  try {
    run = await replayThroughRss(rows, {
      intervalMs: INTERVAL_MINUTES * 60_000,
      itemsPerFeed: ITEMS_PER_FEED,
      storyWindowHours: STORY_WINDOW_HOURS,
      signal: controller.signal,
      progress: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    clearTimeout(deadline);
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  }

  const ingested = rows.flatMap((_, i) => (run.stories[i] ? [i] : []));
  const gold = (at: readonly number[]) => at.map((i) => rows[i]!.story);
  const predicted = ingested.map((i) => run.stories[i]!);
  const skippedBy: Record<string, number> = {};
  for (const s of run.skipped) skippedBy[s.reason] = (skippedBy[s.reason] ?? 0) + 1;

  const memory = replay(rows, {}, corpus);
  return {
    rss: {
      path:
        `one RSS 2.0 feed per publisher on 127.0.0.1 (its newest ${ITEMS_PER_FEED} items), ` +
        `runIngestion every ${INTERVAL_MINUTES} minutes of stream time with the clock at that ` +
        'time and one StoryIndex kept between runs, into a throwaway embedded PostgreSQL ' +
        '(migrated; the bundled corpus seeded and clustered first, as at a server start)',
      ingested: ingested.length,
      skipped: run.skipped.length,
      scoredOver: `the ${ingested.length} labelled rows ingestion stored; skipped rows are left out`,
      ...scores(predicted, gold(ingested)),
      clusters: new Set(predicted).size,
      beforeClosingRun: {
        note: 'before the run 30 minutes after the stream, whose unlabelled article sets off the last merge pass',
        ...scores(
          ingested.map((i) => run.beforeClosingRun[i] ?? `missing-${i}`),
          gold(ingested),
        ),
      },
      skippedBy,
      skippedRows: run.skipped.map((s) => ({
        id: rows[s.row]!.id,
        publisher: rows[s.row]!.publisher,
        title: rows[s.row]!.title,
        reason: s.reason,
      })),
      syntheticLinks: run.syntheticLinks,
      feeds: run.feeds,
      /** Ingestion runs made: every interval with something new, and the closing run. */
      runs: run.runs,
      fetches: run.fetches,
      failedSources: run.failedSources.length,
      failedSourceErrors: run.failedSources.slice(0, 5),
      seedArticles: run.seedArticles,
      intervalMinutes: INTERVAL_MINUTES,
      storyWindowHours: STORY_WINDOW_HOURS,
      ms: run.ms.total,
      phasesMs: {
        startUp: run.ms.startUp,
        runs: run.ms.runs,
        runP50: run.ms.runP50,
        runMax: run.ms.runMax,
      },
    },
    inMemory: {
      path: 'StoryClusterer in memory, file order, merge pass every 30 minutes (pnpm eval:stories)',
      ...scores(memory.clusters, gold(rows.map((_, i) => i))),
      clusters: new Set(memory.clusters).size,
      sameRowsAsRss: scores(
        ingested.map((i) => memory.clusters[i]!),
        gold(ingested),
      ),
    },
  };
}
