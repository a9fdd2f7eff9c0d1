/**
 * The labelled stream through the real ingestion path (`pnpm eval:stories --rss`): one RSS feed
 * per publisher served on 127.0.0.1, a throwaway embedded PostgreSQL (migrated, the bundled
 * corpus seeded and clustered as at a server's start), and `runIngestion` every `intervalMs` of
 * stream time with the clock at that time, one StoryIndex kept between runs as the schedule
 * keeps it. The story of each labelled row is then read back by its link.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createChanges } from '../../src/changes/index.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { ManualClock } from '../../src/lib/clock.js';
import { createLogger } from '../../src/lib/logger.js';
import { normalizeTitle } from '../../src/lib/text/index.js';
import { seedCorpusIfEmpty } from '../../src/modules/articles/index.js';
import { runIngestion, type IngestionResult } from '../../src/modules/ingestion/index.js';
import {
  clusterPendingStories,
  createStoryIndex,
  storyOptions,
  writeInStories,
} from '../../src/modules/stories/index.js';
import {
  feedsOf,
  startFeedServer,
  SYNTHETIC_BASE,
  type FeedItem,
  type FeedServer,
  type PublisherFeed,
} from './feeds.js';
import type { LabelledHeadline } from './run.js';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PG_CHILD = path.join(API_DIR, 'tools/eval-stories/pg-child.ts');

export interface RssReplayOptions {
  /** Stream time between ingestion runs (INGEST_INTERVAL_MINUTES' default: 30 minutes). */
  intervalMs: number;
  /** Newest items a feed serves (a common feed length). */
  itemsPerFeed: number;
  /** STORY_WINDOW_HOURS (its default: 72). */
  storyWindowHours: number;
  /** Aborts the replay (a deadline, a signal): the run in progress stops, everything is stopped. */
  signal: AbortSignal;
  /** Progress, one line at a time (stderr). */
  progress?: (line: string) => void;
}

export type SkipReason =
  | 'same title key as an earlier item of the same source (ingestion de-duplication)'
  | 'no title after normalisation'
  | 'not stored (see failedSources)';

export interface RssReplay {
  /** The story of each row as stored, in input order; undefined when it was not ingested. */
  stories: (string | undefined)[];
  /** The same before the closing run (the stream's last merge pass not yet made). */
  beforeClosingRun: (string | undefined)[];
  skipped: { row: number; reason: SkipReason }[];
  /** Rows served under a synthetic link (no usable url, or another row's). */
  syntheticLinks: number;
  feeds: number;
  runs: number;
  /** Feed fetches made, and those that failed (with why). */
  fetches: number;
  failedSources: { url: string; error?: string }[];
  seedArticles: number;
  /** Milliseconds: start-up (PostgreSQL, migrations, seed, its clustering), the runs, all. */
  ms: { startUp: number; runs: number; runP50: number; runMax: number; total: number };
}

/** Stops what was started, last first, each once, whatever the others do. */
class Teardown {
  private steps: { name: string; run: () => Promise<unknown> }[] = [];
  private done?: Promise<string[]>;
  add(name: string, run: () => Promise<unknown>) {
    this.steps.push({ name, run });
  }
  /** Runs every step (once, even when called again); returns the errors. */
  run(): Promise<string[]> {
    this.done ??= (async () => {
      const errors: string[] = [];
      for (const step of this.steps.reverse()) {
        try {
          // A step that hangs (a pool waiting on a query) must not keep the others from running.
          const late = new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('no answer after 45 s')), 45_000).unref(),
          );
          await Promise.race([step.run(), late]);
        } catch (err) {
          errors.push(`${step.name}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      return errors;
    })();
    return this.done;
  }
}

/** Rejects when `signal` aborts first. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const abortError = (signal: AbortSignal) =>
  signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason ?? 'aborted'));

/** The embedded PostgreSQL in a child process (pg-child.ts); `stop` ends it and its files. */
async function startPostgres(root: string, signal: AbortSignal, teardown: Teardown) {
  const child = spawn(process.execPath, ['--import', 'tsx', PG_CHILD, root], {
    cwd: API_DIR,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  teardown.add('PostgreSQL', async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 30_000).unref()),
    ]);
    if (!stopped) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  let said = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    said = (said + chunk).slice(-2000);
  });
  const ready = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const match = /READY (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) =>
      reject(new Error(`the eval's PostgreSQL exited early (${code}): ${said.trim()}`)),
    );
    child.once('error', reject);
  });
  const timeout = AbortSignal.any([signal, AbortSignal.timeout(120_000)]);
  return untilAborted(ready, timeout);
}

/** Each row's story, read back by the link ingestion stored; undefined when it is not there. */
async function storiesOf(
  database: DatabaseHandle,
  byRow: readonly FeedItem[],
): Promise<(string | undefined)[]> {
  const found = new Map<string, string | null>();
  const links = byRow.map((i) => i.storedLink);
  for (let i = 0; i < links.length; i += 1000) {
    const { rows } = await database.pool.query<{ link: string; story_id: string | null }>(
      'select link, story_id::text from articles where link = any($1::text[])',
      [links.slice(i, i + 1000)],
    );
    for (const r of rows) found.set(r.link, r.story_id);
  }
  return byRow.map((i) => found.get(i.storedLink) ?? undefined);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : 0;
};

export async function replayThroughRss(
  rows: readonly LabelledHeadline[],
  options: RssReplayOptions,
): Promise<RssReplay> {
  const { signal } = options;
  const progress = options.progress ?? (() => undefined);
  const started = performance.now();
  const teardown = new Teardown();
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-eval-stories-'));
  teardown.add('temp dir', () => fs.rm(root, { recursive: true, force: true }));
  try {
    const check = () => {
      if (signal.aborted) throw abortError(signal);
    };
    // Warnings (a source that failed) on stderr; the per-source info lines are left out.
    const logger = createLogger('warn', { write: (line: string) => process.stderr.write(line) });

    progress('rss: starting PostgreSQL');
    const url = await startPostgres(root, signal, teardown);
    const database: DatabaseHandle = openDatabase(url, 4);
    teardown.add('database pool', () => database.close());
    const { db } = database;
    await untilAborted(runMigrations(db), signal);

    const feeds = feedsOf(rows);
    const items = feeds.flatMap((f) => f.items);
    const times = items.map((i) => i.publishedAt);
    const first = Math.min(...times);
    const last = Math.max(...times);
    const clock = new ManualClock(new Date(first));
    const windowOptions = storyOptions(options.storyWindowHours);

    // As at a server's start: the bundled corpus, then its stories (and their statistics).
    progress('rss: seeding and clustering the bundled corpus');
    const seedArticles = await untilAborted(
      seedCorpusIfEmpty(db, logger, {
        write: writeInStories(windowOptions, () => clock.now()),
      }),
      signal,
    );
    await untilAborted(
      clusterPendingStories(db, { now: clock.now(), logger, options: windowOptions }),
      signal,
    );
    check();
    const startUp = performance.now() - started;

    // After the stream, one unlabelled headline: a live instance's next articles set off the
    // merge pass the last ones are due (the in-memory replay makes one at its end). Merges come
    // before this article is assigned, so it changes no labelled row's story.
    const intervals = Math.max(1, Math.ceil((last - first) / options.intervalMs));
    const closingAt = first + (intervals + 1) * options.intervalMs;
    const closing: PublisherFeed = {
      path: '/feeds/closing.xml',
      publisher: 'Lede stories eval',
      items: [
        {
          row: rows.length,
          title: 'Closing item of the stories eval replay',
          link: `${SYNTHETIC_BASE}closing`,
          storedLink: `${SYNTHETIC_BASE}closing`,
          synthetic: true,
          publishedAt: closingAt,
        },
      ],
    };
    const server: FeedServer = await startFeedServer([...feeds, closing], options.itemsPerFeed);
    teardown.add('feed server', () => server.close());
    const feedOf = new Map(feeds.flatMap((f) => f.items.map((i) => [i, f] as const)));

    const stories = createStoryIndex();
    const changes = createChanges();
    const failedSources: { url: string; error?: string }[] = [];
    const runMs: number[] = [];
    let fetches = 0;
    /** One ingestion run at `at` (the clock and the feeds then) over `due`, in that order. */
    const runAt = async (at: number, due: readonly PublisherFeed[]) => {
      check();
      server.showUntil(at);
      clock.set(new Date(at));
      const t0 = performance.now();
      const result: IngestionResult = await runIngestion({
        db,
        config: {
          ingest: {
            feeds: due.map((f) => server.url(f)),
            intervalMinutes: options.intervalMs / 60_000,
            allowPrivateFeeds: true,
            newsDataUrl: 'http://127.0.0.1/unused',
          },
          storyWindowHours: options.storyWindowHours,
        },
        logger,
        clock,
        changes,
        signal,
        stories,
      });
      runMs.push(performance.now() - t0);
      fetches += result.sources.length;
      for (const s of result.sources) if (!s.ok) failedSources.push({ url: s.url, error: s.error });
      check();
    };

    const runsStarted = performance.now();
    let previous = -Infinity;
    for (let k = 1; previous < last; k++) {
      const at = first + k * options.intervalMs;
      const fresh = items
        .filter((i) => i.publishedAt > previous && i.publishedAt <= at)
        .sort((a, b) => a.publishedAt - b.publishedAt || a.row - b.row);
      previous = at;
      if (fresh.length === 0) continue;
      // The feeds with something new, by their oldest new item. A feed with nothing new would
      // only answer links already held: no insert, so no clustering (same outcome, less time).
      await runAt(at, [...new Set(fresh.map((i) => feedOf.get(i)!))]);
      if (k % 12 === 0 || at >= last)
        progress(
          `rss: run ${runMs.length} (interval ${k}/${intervals}), ${new Date(at).toISOString()}`,
        );
    }
    const byRow: FeedItem[] = [];
    for (const item of items) byRow[item.row] = item;
    const beforeClosingRun = await storiesOf(database, byRow);
    await runAt(closingAt, [closing]);
    const runs = performance.now() - runsStarted;

    // Each row's story, read back by the link ingestion stored.
    const storyOf = await storiesOf(database, byRow);

    // Why a row is missing: ingestion's own rules (ingestion README, de-duplication).
    const ingestedKeys = new Set<string>();
    rows.forEach((r, i) => {
      if (storyOf[i]) ingestedKeys.add(`${r.publisher}\n${normalizeTitle(r.title)}`);
    });
    const skipped = rows.flatMap((r, i) => {
      if (storyOf[i]) return [];
      const reason: SkipReason = !r.title.trim()
        ? 'no title after normalisation'
        : ingestedKeys.has(`${r.publisher}\n${normalizeTitle(r.title)}`)
          ? 'same title key as an earlier item of the same source (ingestion de-duplication)'
          : 'not stored (see failedSources)';
      return [{ row: i, reason }];
    });

    return {
      stories: storyOf,
      beforeClosingRun,
      skipped,
      syntheticLinks: items.filter((i) => i.synthetic).length,
      feeds: feeds.length,
      runs: runMs.length,
      fetches,
      failedSources,
      seedArticles,
      ms: {
        startUp: Math.round(startUp),
        runs: Math.round(runs),
        runP50: Math.round(median(runMs)),
        runMax: Math.round(Math.max(0, ...runMs)),
        total: Math.round(performance.now() - started),
      },
    };
  } finally {
    const errors = await teardown.run();
    for (const e of errors) process.stderr.write(`rss eval: could not stop ${e}\n`);
  }
}
