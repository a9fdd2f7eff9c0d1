import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MailOutboxObserver } from '../mail/index.js';
import type { IngestionResult } from '../ingestion/index.js';

export interface RequestLabels {
  method: string;
  /** The route pattern, `static` or `unmatched`: never the raw URL. */
  route: string;
  status: string;
}

export type IngestionRunOutcome = 'ok' | 'partial' | 'failed';

/**
 * What the app tells Prometheus (GET /api/metrics). One registry per instance, never
 * prom-client's global one: tests build many apps in one process.
 */
export interface Metrics {
  readonly registry: Registry;
  /**
   * What GET /api/metrics answers: this registry's text, or under a cluster primary every
   * worker's, added up (see ../../cluster.ts).
   */
  exposition(): Promise<string>;
  observeRequest(labels: RequestLabels, seconds: number): void;
  /** Hand to createMailOutbox. */
  readonly mailOutbox: MailOutboxObserver;
  /** Hand to the ingestion schedule's onRunFinished. */
  recordIngestionRun(result: IngestionResult): void;
}

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

  return {
    registry,
    exposition: () => registry.metrics(),
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

function runOutcome(result: IngestionResult): IngestionRunOutcome {
  const failed = result.sources.filter((source) => !source.ok).length;
  if (failed === 0) return 'ok';
  return failed === result.sources.length ? 'failed' : 'partial';
}
