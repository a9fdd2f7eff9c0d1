import { hasIngestionSources, runIngestion } from './ingestion.service.js';
import type { IngestionDeps, IngestionResult } from './ingestion.types.js';

export interface IngestionScheduleOptions extends Omit<IngestionDeps, 'signal'> {
  /** Delay before the first run, so the server finishes starting first (default 5 s). */
  firstRunDelayMs?: number;
  /** Called after each completed run (observability, tests). */
  onRunFinished?: (result: IngestionResult) => void;
}

const MINUTE = 60_000;
const DEFAULT_FIRST_RUN_DELAY_MS = 5_000;

/**
 * Runs ingestion shortly after start, then every INGEST_INTERVAL_MINUTES.
 * Off when the interval is 0 or no source is configured. Runs never overlap:
 * a tick that finds the previous run still going is skipped. Timers are
 * unref'd (they never keep the process alive). The returned function stops
 * the schedule and aborts a run in progress.
 */
export function startIngestionSchedule(options: IngestionScheduleOptions): () => void {
  const { logger } = options;
  const { intervalMinutes } = options.config.ingest;
  if (intervalMinutes <= 0) {
    logger.info('ingestion schedule off (INGEST_INTERVAL_MINUTES=0)');
    return () => undefined;
  }
  if (!hasIngestionSources(options.config.ingest)) {
    logger.info('ingestion schedule off: no INGEST_FEEDS and no NEWSDATA_API_KEY');
    return () => undefined;
  }

  const stopping = new AbortController();
  let running = false;
  const tick = async () => {
    if (running) {
      logger.warn('previous ingestion run still going: this tick is skipped');
      return;
    }
    running = true;
    let result: IngestionResult | undefined;
    try {
      result = await runIngestion({ ...options, signal: stopping.signal });
    } catch (err) {
      logger.error(
        { error: err instanceof Error ? err.message : String(err) },
        'ingestion run failed',
      );
    } finally {
      running = false;
    }
    if (result) options.onRunFinished?.(result);
  };

  const firstRun = setTimeout(
    () => void tick(),
    options.firstRunDelayMs ?? DEFAULT_FIRST_RUN_DELAY_MS,
  );
  const everyInterval = setInterval(() => void tick(), intervalMinutes * MINUTE);
  firstRun.unref();
  everyInterval.unref();
  logger.info({ intervalMinutes }, 'ingestion schedule on');
  return () => {
    clearTimeout(firstRun);
    clearInterval(everyInterval);
    stopping.abort();
  };
}
