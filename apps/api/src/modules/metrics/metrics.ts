import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { IngestionSourceStatus } from '@lede/shared';
import type {
  IngestionRunOutcome,
  IngestionRunReport,
  Metrics,
  SourceHealthReader,
} from '../../lib/metrics.types.js';

/** From a cached answer (a few ms) to a slow search or upload (seconds). */
const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createMetrics(pool: pg.Pool): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'lede_' });

  const requests = new Counter({
    name: 'lede_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'lede_http_request_duration_seconds',
    help: 'Time from request to the last byte of the answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_SECONDS_BUCKETS,
    registers,
  });

  // Read from the pool at scrape time.
  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  poolGauge('lede_db_pool_connections', 'Open database connections', () => pool.totalCount);
  poolGauge(
    'lede_db_pool_idle_connections',
    'Open database connections not in use',
    () => pool.idleCount,
  );
  poolGauge(
    'lede_db_pool_in_use_connections',
    'Database connections running a query or transaction',
    () => pool.totalCount - pool.idleCount,
  );
  poolGauge(
    'lede_db_pool_waiting_clients',
    'Queries waiting for a free database connection',
    () => pool.waitingCount,
  );
  poolGauge(
    'lede_db_pool_max_connections',
    'Size limit of the database pool',
    () => pool.options.max ?? 10, // pg's default
  );

  const mailsSent = new Counter({
    name: 'lede_mail_sent_total',
    help: 'Mails the mail server accepted',
    registers,
  });
  const mailAttemptsFailed = new Counter({
    name: 'lede_mail_failed_attempts_total',
    help: 'Attempts at a mail the mail server refused or never answered (each is retried or given up)',
    registers,
  });
  const mailsGivenUp = new Counter({
    name: 'lede_mail_given_up_total',
    help: 'Mails dropped after their last failed attempt',
    registers,
  });
  const mailsExpired = new Counter({
    name: 'lede_mail_expired_total',
    help: 'Mails never sent because their code expired before the mail server took them',
    registers,
  });

  const ingestionRuns = new Counter({
    name: 'lede_ingestion_runs_total',
    help: 'Ingestion runs, by outcome: ok (every source read), partial (some failed), failed (all failed)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const ingestionItems = new Counter({
    name: 'lede_ingestion_items_total',
    help: 'Items read from news sources, by source kind and outcome (inserted, duplicate, invalid); their sum is the items fetched',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });

  let readHealth: SourceHealthReader | undefined;
  const health = sourceHealthSnapshot(() => readHealth);
  const sourceGauge = (
    name: string,
    help: string,
    value: (source: IngestionSourceStatus) => number | undefined,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['source', 'publisher'] as const,
      registers,
      // Every worker reads the same rows: a cluster's scrape shows one of them, not their sum.
      aggregator: 'first',
      async collect() {
        this.reset();
        for (const source of await health()) {
          const v = value(source);
          if (v !== undefined)
            this.set({ source: source.url, publisher: source.publisher ?? '' }, v);
        }
      },
    });
  const seconds = (iso: string | null) => (iso ? Date.parse(iso) / 1000 : undefined);
  sourceGauge(
    'lede_ingestion_source_up',
    'Whether a news source answered its last fetch (1: read or unchanged, 0: failed); absent before its first',
    (s) => (s.lastOutcome ? Number(s.lastOutcome !== 'error') : undefined),
  );
  sourceGauge(
    'lede_ingestion_source_last_fetch_timestamp_seconds',
    'When a news source was last fetched',
    (s) => seconds(s.lastFetchAt),
  );
  sourceGauge(
    'lede_ingestion_source_last_success_timestamp_seconds',
    'When a news source last answered (read or unchanged)',
    (s) => seconds(s.lastSuccessAt),
  );
  sourceGauge(
    'lede_ingestion_source_items',
    'Items in the last document a news source served',
    (s) => s.items ?? undefined,
  );
  sourceGauge(
    'lede_ingestion_source_failures',
    'Failed fetches in a row of a news source (it backs off: 30 min, doubled each time, 24 h at most)',
    (s) => (s.lastOutcome ? s.failures : undefined),
  );

  return {
    registry,
    exposition: () => registry.metrics(),
    readSourceHealth(read) {
      readHealth = read;
    },
    observeRequest(labels, seconds) {
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    mailOutbox: {
      sent: () => mailsSent.inc(),
      attemptFailed: () => mailAttemptsFailed.inc(),
      gaveUp: () => mailsGivenUp.inc(),
      expired: () => mailsExpired.inc(),
    },
    recordIngestionRun(result) {
      ingestionRuns.inc({ outcome: runOutcome(result) });
      for (const source of result.sources) {
        ingestionItems.inc({ kind: source.kind, outcome: 'inserted' }, source.inserted);
        ingestionItems.inc({ kind: source.kind, outcome: 'duplicate' }, source.duplicates);
        ingestionItems.inc({ kind: source.kind, outcome: 'invalid' }, source.invalid);
      }
    },
  };
}

function runOutcome(result: IngestionRunReport): IngestionRunOutcome {
  const failed = result.sources.filter((source) => !source.ok).length;
  if (failed === 0) return 'ok';
  return failed === result.sources.length ? 'failed' : 'partial';
}

/**
 * One read of the sources' health per scrape, whichever gauge asks first (they collect at
 * once); a failed read shows no source (and is tried again at the next scrape).
 */
function sourceHealthSnapshot(
  reader: () => SourceHealthReader | undefined,
): () => Promise<readonly IngestionSourceStatus[]> {
  let last: { at: number; rows: Promise<readonly IngestionSourceStatus[]> } | undefined;
  return () => {
    const read = reader();
    if (!read) return Promise.resolve([]);
    const now = Date.now();
    if (!last || now - last.at > 1_000) {
      last = { at: now, rows: read().catch(() => []) };
    }
    return last.rows;
  };
}
