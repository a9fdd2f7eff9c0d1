import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Logger } from './lib/logger.js';
import type { Metrics, MetricsSource } from './modules/metrics/index.js';
import { FAILED_TO_START, StartupError } from './start-up.js';

/**
 * `API_WORKERS` > 1: this process (the primary) keeps what must exist once (the embedded
 * PostgreSQL and its supervisor, the generated JWT secret) and runs that many workers, each a
 * whole instance of the app (server.ts) listening on the same port; the kernel hands each new
 * connection to one of them (node:cluster, round robin).
 *
 * The workers are instances on one database as two processes on two machines would be, and
 * behave as one for the same reasons: start-up and ingestion under advisory locks, codes, rate
 * limits and the mail outbox in PostgreSQL, and the per-process caches (prepared public
 * bodies, session rows) kept in step by the LISTEN/NOTIFY relays. See docs/scaling.md.
 */

/** Tells a worker it runs under this primary: it then leaves the "running at" line to it. */
export const WORKER_ENV = 'LEDE_CLUSTER_WORKER';

/** IPC between a worker serving GET /api/metrics and the primary that gathers every worker's. */
const METRICS_REQUEST = 'lede:metrics-request';
const METRICS_REPLY = 'lede:metrics-reply';
const METRICS_TIMEOUT_MS = 5_000;

/** A worker that cannot start sends its one line to the primary, which prints it (once). */
const START_FAILED = 'lede:start-failed';

interface StartFailed {
  type: typeof START_FAILED;
  line: string;
}

/** In a worker: hands the line of its failed start to the primary; resolves once it is sent. */
export function reportStartFailureToPrimary(line: string): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send({ type: START_FAILED, line } satisfies StartFailed, undefined, {}, () =>
      resolve(),
    );
  });
}

interface MetricsReply {
  type: typeof METRICS_REPLY;
  id: number;
  text?: string;
  error?: string;
}

/**
 * In a worker: GET /api/metrics answers every worker's metrics added up (counters and
 * histograms summed, as Prometheus would over instances; prom-client's cluster aggregation),
 * so a scrape through the shared port sees the whole server, not the worker it reached.
 */
export function clusterWideMetrics(metrics: Metrics): Metrics {
  AggregatorRegistry.setRegistries([metrics.registry]);
  // Its constructor makes this worker answer the primary's requests for its registry.
  new AggregatorRegistry();
  let nextId = 0;
  const waiting = new Map<number, (reply: MetricsReply) => void>();
  process.on('message', (message: MetricsReply) => {
    if (message?.type === METRICS_REPLY) waiting.get(message.id)?.(message);
  });
  return {
    ...metrics,
    exposition: () =>
      new Promise<string>((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error('the cluster primary did not send the metrics'));
        }, METRICS_TIMEOUT_MS);
        waiting.set(id, (reply) => {
          clearTimeout(timer);
          waiting.delete(id);
          if (reply.text !== undefined) resolve(reply.text);
          else reject(new Error(reply.error ?? 'no metrics'));
        });
        process.send!({ type: METRICS_REQUEST, id });
      }),
  };
}

/** A worker that exits this soon after it started is failing to start, not crashing later. */
const EARLY_EXIT_MS = 10_000;
/** Pauses before forking again after a worker died, growing with each death in a row. */
const REFORK_BACKOFF_MS = [100, 500, 1_000, 5_000, 10_000];

export interface WorkersOptions {
  count: number;
  /** Added to each worker's environment (the database URL and the secret the primary holds). */
  env: Record<string, string>;
  logger: Logger;
  /** Once every worker listens (the first time): the address they share. */
  onListening(address: { host: string; port: number }): void;
}

export interface Workers {
  /** SIGTERM to every worker, then waits (SIGKILL after `ms`); none is started again. */
  stop(ms?: number): Promise<void>;
  /**
   * Rejects when a worker cannot start at all (it exited before ever listening), with a
   * StartupError saying why in the worker's words when it sent them.
   */
  failed: Promise<never>;
  /** Every worker's metrics added up: what METRICS_PORT serves, opened by this process alone. */
  metrics: MetricsSource;
}

export const isClusterWorker = () => cluster.isWorker && process.env[WORKER_ENV] === '1';

/** Forks `count` workers and keeps that many running until `stop()`. Call in the primary only. */
export function runWorkers({ count, env, logger, onListening }: WorkersOptions): Workers {
  let stopping = false;
  let everyoneListened = false;
  let deathsInARow = 0;
  const listening = new Set<number>();
  const startedAt = new Map<number, number>();
  let fail!: (err: Error) => void;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined);

  const fork = () => {
    const worker = cluster.fork({ ...env, [WORKER_ENV]: '1' });
    startedAt.set(worker.id, Date.now());
    return worker;
  };

  cluster.on('listening', (worker: Worker, address) => {
    listening.add(worker.id);
    deathsInARow = 0;
    if (!everyoneListened && listening.size >= count) {
      everyoneListened = true;
      onListening({ host: address.address ?? '127.0.0.1', port: address.port });
    }
  });

  /** Each worker's line of a failed start, by worker id. */
  const startFailures = new Map<number, string>();
  cluster.on('message', (worker: Worker, message: Partial<StartFailed> | undefined) => {
    if (message?.type === START_FAILED && typeof message.line === 'string') {
      startFailures.set(worker.id, message.line);
    }
  });

  cluster.on('exit', (worker: Worker, code, signal) => {
    const wasListening = listening.delete(worker.id);
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) return;
    if (!wasListening && !everyoneListened) {
      // Its line, sent before it exited, has arrived once its channel is closed.
      const closed = worker.isConnected()
        ? new Promise((resolve) => worker.once('disconnect', resolve))
        : Promise.resolve();
      void closed.then(() => {
        const line = startFailures.get(worker.id);
        logger.debug(
          { worker: worker.id, code, signal },
          'an API worker exited before it listened',
        );
        fail(
          new StartupError(
            line?.startsWith(`${FAILED_TO_START}: `)
              ? line.slice(FAILED_TO_START.length + 2)
              : `an API worker exited (${signal ?? code}) before it listened`,
          ),
        );
      });
      return;
    }
    logger.error({ worker: worker.id, code, signal }, 'an API worker exited');
    const pause = REFORK_BACKOFF_MS[Math.min(deathsInARow, REFORK_BACKOFF_MS.length - 1)]!;
    if (lived < EARLY_EXIT_MS) deathsInARow++;
    setTimeout(() => {
      if (!stopping) fork();
    }, pause).unref();
  });

  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: { type?: unknown; id?: unknown }) => {
    if (message?.type !== METRICS_REQUEST || typeof message.id !== 'number') return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_REPLY, id, text } satisfies MetricsReply),
      (err: unknown) =>
        worker.send({
          type: METRICS_REPLY,
          id,
          error: err instanceof Error ? err.message : String(err),
        } satisfies MetricsReply),
    );
  });

  for (let i = 0; i < count; i++) fork();

  return {
    failed,
    metrics: {
      contentType: aggregator.contentType,
      exposition: () => aggregator.clusterMetrics(),
    },
    async stop(ms = 15_000) {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              const timer = setTimeout(() => worker.process.kill('SIGKILL'), ms);
              worker.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
