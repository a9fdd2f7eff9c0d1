import type { IngestionSourceStatus } from '@lede/shared';
import type { Registry } from 'prom-client';
import type { MailOutboxObserver } from './mail-outbox.types.js';

export interface RequestLabels {
  method: string;
  /** The route pattern, `static` or `unmatched`: never the raw URL. */
  route: string;
  status: string;
}

export type IngestionRunOutcome = 'ok' | 'partial' | 'failed';

/** Each news source's health as the database holds it (the ingestion module's feedHealth). */
export type SourceHealthReader = () => Promise<readonly IngestionSourceStatus[]>;

/**
 * What the app tells Prometheus (GET /api/metrics). One registry per instance, never
 * prom-client's global one: tests build many apps in one process.
 */
export interface Metrics {
  readonly registry: Registry;
  /**
   * What GET /api/metrics answers: this registry's text, or under a cluster primary every
   * worker's, added up (see ../cluster.ts).
   */
  exposition(): Promise<string>;
  observeRequest(labels: RequestLabels, seconds: number): void;
  /** Hand to createMailOutbox. */
  readonly mailOutbox: MailOutboxObserver;
  /** Hand to the ingestion schedule's onRunFinished. */
  recordIngestionRun(result: IngestionRunReport): void;
  /**
   * Where the per-source gauges (`lede_ingestion_source_*`, labelled by `source` URL and
   * `publisher`) read from at scrape time; createApp sets it. Unset: they show nothing.
   */
  readSourceHealth(read: SourceHealthReader): void;
}

/** What an ingestion run tells the metrics (the ingestion module's IngestionResult has more). */
export interface IngestionRunReport {
  sources: readonly {
    kind: string;
    ok: boolean;
    inserted: number;
    duplicates: number;
    invalid: number;
  }[];
}
