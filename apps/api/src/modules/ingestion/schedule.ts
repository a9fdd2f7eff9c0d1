import { createStoryIndex } from '../stories/index.js';
import type pg from 'pg';
import { advisoryLease, LOCKS } from '../../db/advisory-lock.js';
import { errorMessageForLog } from '../../lib/database-error-log.js';
import { DEFAULT_FEEDS } from './default-feeds.js';
import { userAgent } from './fetch-text.js';
import { hasIngestionSources, runIngestion } from './ingestion.service.js';
import type { IngestionDeps, IngestionResult } from './ingestion.types.js';
import { publicOnlyDispatcher } from './public-network.js';
import { feedsReachable, probeTargets } from './reachability.js';

export interface IngestionScheduleOptions extends Omit<IngestionDeps, 'signal'> {
  /** Delay before the first run, so the server finishes starting first (default 5 s). */
  firstRunDelayMs?: number;
  /** Called after each completed run (observability, tests). */
  onRunFinished?: (result: IngestionResult) => void;
  /**
   * With a pool, one instance among those sharing the database ingests: the holder of the
   * advisory lock `lede:ingestion-schedule` (see ../../db/advisory-lock.ts). Without, every run runs.
   */
  pool?: pg.Pool;
  /** How long the reachability check of the default list may take (default 5 s). */
  reachabilityTimeoutMs?: number;
}

const MINUTE = 60_000;
/** How long the start's reachability check stands for a run. */
const FRESH_CHECK_MS = MINUTE;
const DEFAULT_FIRST_RUN_DELAY_MS = 5_000;

/**
 * Runs ingestion shortly after start, then every INGEST_INTERVAL_MINUTES.
 * Off when the interval is 0 or no source is configured. Runs never overlap:
 * a tick that finds the previous run still going is skipped. Timers are
 * unref'd (they never keep the process alive).
 *
 * Several instances on one database ingest as one: a run first takes the advisory lock
 * `lede:ingestion-schedule` without waiting (`pg_try_advisory_lock`) and keeps it, so the instance
 * that got it runs every following run, and the others skip theirs (logged at info) for as
 * long as it holds it. Its lock goes when it stops or its connection breaks; then the next
 * tick of any instance takes over. So each feed is fetched by one instance per interval.
 *
 * The returned function stops the schedule, aborts a run in progress, waits for it to end
 * and lets the lock go.
 */
export function startIngestionSchedule(options: IngestionScheduleOptions): () => Promise<void> {
  const { logger } = options;
  const { intervalMinutes } = options.config.ingest;
  if (intervalMinutes <= 0) {
    logger.info('ingestion schedule off (INGEST_INTERVAL_MINUTES=0)');
    return async () => undefined;
  }
  if (!hasIngestionSources(options.config.ingest)) {
    logger.info('ingestion schedule off: INGEST_FEEDS=none and no NEWSDATA_API_KEY');
    return async () => undefined;
  }

  const stopping = new AbortController();
  const live = liveFeedsCheck(options, stopping.signal);
  const stories = options.stories ?? createStoryIndex();
  const lease = options.pool ? advisoryLease(options.pool, LOCKS.ingestion) : undefined;
  let running: Promise<void> | undefined;

  /** Whether this instance is the one that ingests now. */
  const mayRun = async (): Promise<boolean> => {
    if (!lease) return true;
    const wasHeld = lease.held;
    try {
      if (await lease.tryAcquire()) {
        if (!wasHeld) logger.info({ lock: LOCKS.ingestion }, 'this instance ingests');
        return true;
      }
      logger.info(
        { lock: LOCKS.ingestion },
        'another instance holds the ingestion lock: this run is skipped',
      );
    } catch (err) {
      logger.warn(
        { error: errorMessageForLog(err) },
        'could not take the ingestion lock: this run is skipped',
      );
    }
    return false;
  };

  const run = async () => {
    if (!(await mayRun()) || stopping.signal.aborted) return;
    if (!(await live.beforeRun()) || stopping.signal.aborted) return;
    let result: IngestionResult | undefined;
    try {
      result = await runIngestion({ ...options, stories, signal: stopping.signal });
    } catch (err) {
      logger.error({ error: errorMessageForLog(err) }, 'ingestion run failed');
    }
    if (result) options.onRunFinished?.(result);
  };
  const tick = () => {
    if (running) {
      logger.warn('previous ingestion run still going: this tick is skipped');
      return;
    }
    running = run().finally(() => (running = undefined));
  };

  const firstRun = setTimeout(tick, options.firstRunDelayMs ?? DEFAULT_FIRST_RUN_DELAY_MS);
  const everyInterval = setInterval(tick, intervalMinutes * MINUTE);
  firstRun.unref();
  everyInterval.unref();
  logger.info({ intervalMinutes }, 'ingestion schedule on');
  return async () => {
    clearTimeout(firstRun);
    clearInterval(everyInterval);
    stopping.abort();
    await running;
    await lease?.release();
  };
}

/**
 * The default list is read only when its feeds can be reached: a check starts with the schedule
 * (never awaited by the start: the server listens meanwhile), and runs before each later run. Offline
 * (or behind a firewall) the runs are skipped, and one line says so; one more when they are back.
 * Without the default list, every run goes ahead (its sources fail and back off on their own).
 */
function liveFeedsCheck(
  options: IngestionScheduleOptions,
  signal: AbortSignal,
): { beforeRun(): Promise<boolean> } {
  const { ingest } = options.config;
  if (!ingest.defaultFeeds) return { beforeRun: async () => true };
  const targets = probeTargets((options.defaultFeeds ?? DEFAULT_FEEDS).map((feed) => feed.url));
  let reachable: boolean | undefined;
  const check = () =>
    feedsReachable(targets, {
      fetch: options.fetch ?? globalThis.fetch,
      dispatcher: ingest.allowPrivateFeeds ? undefined : publicOnlyDispatcher(),
      userAgent: userAgent(ingest.contactUrl),
      timeoutMs: options.reachabilityTimeoutMs,
      signal,
    }).then((now) => {
      if (signal.aborted) return false;
      if (now === false && reachable !== false) {
        options.logger.warn(
          { checked: targets.map((url) => new URL(url).host) },
          'live feeds off: the default feeds cannot be reached (offline?); serving the stored articles, checked again before each run',
        );
      } else if (now && reachable !== true) {
        options.logger.info({ checked: targets.length }, 'live feeds on: the default feeds answer');
      }
      reachable = now;
      return now;
    });
  // The start's check serves the first run when it comes soon after (not when this instance
  // takes the ingestion over from another one much later).
  let first: Promise<boolean> | undefined = check();
  const startedAt = Date.now();
  return {
    beforeRun() {
      const start = Date.now() - startedAt < FRESH_CHECK_MS ? first : undefined;
      first = undefined;
      return start ?? check();
    },
  };
}
