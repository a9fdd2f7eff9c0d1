import cluster from 'node:cluster';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import crypto from 'node:crypto';
import { createApp } from './app.js';
import type { AppDeps } from './deps.js';
import {
  clusterWideMetrics,
  isClusterWorker,
  reportStartFailureToPrimary,
  runWorkers,
  type Workers,
} from './cluster.js';
import { ConfigError, embeddedMaxConnections, loadConfig, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.js';
import { superviseEmbeddedPostgres, type Supervisor } from './db/supervisor.js';
import { runMigrations } from './db/migrate.js';
import { LOCKS, withAdvisoryLock } from './db/advisory-lock.js';
import {
  createChanges,
  startArticlesChangedRelay,
  startFeedsChangedRelay,
  startUsersChangedRelay,
} from './changes/index.js';
import { systemClock } from './lib/clock.js';
import { errorMessageForLog } from './lib/database-error-log.js';
import { createLogger, type Logger } from './lib/logger.js';
import { createMailOutbox } from './modules/mail/index.js';
import { createLogMailer, createSmtpMailer } from './lib/mailer.js';
import { pruneExpired } from './maintenance.js';
import { seedCorpusIfEmpty, understandStoredArticles } from './modules/articles/seed.js';
import { clusterPendingStories, storyOptions, writeInStories } from './modules/stories/index.js';
import { startIngestionSchedule } from './modules/ingestion/schedule.js';
import {
  createMetrics,
  startMetricsListener,
  type MetricsListener,
  type MetricsSource,
} from './modules/metrics/index.js';
import { createSessionUsers } from './modules/auth/index.js';
import { editionJob, startJobQueue } from './modules/edition/index.js';
import { createServices } from './services.js';
import {
  ensurePortFree,
  listenFailure,
  listenOn,
  startupFailureLine,
  startupFailureReason,
  warnAboutPlainHttp,
  type PortSetting,
} from './start-up.js';

/** Without JWT_SECRET a local run generates one and keeps it in DATA_DIR, so sessions survive restarts. */
function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * What this process started, each set once it is: what a signal or a failed start stops, in
 * one place (stopStarted), whatever the start got to.
 */
interface Started {
  embedded?: EmbeddedServer;
  supervisor?: Supervisor;
  database?: DatabaseHandle;
  /** DATABASE_DIRECT_URL's own pool, when it is not DATABASE_URL: session locks and migrations. */
  directDatabase?: DatabaseHandle;
  /** DATABASE_READ_URL's pool: the public reads a replica can serve. */
  readDatabase?: DatabaseHandle;
  relays: Array<{ stop(): Promise<void> }>;
  outbox?: { stop(timeoutMs?: number): Promise<void> };
  /** The job queue kept in PostgreSQL: the daily edition and the maintenance. */
  jobs?: { stop(timeoutMs?: number): Promise<void> };
  stopIngestion?: () => Promise<void>;
  metricsListener?: MetricsListener;
  server?: http.Server;
  /** The primary's workers (API_WORKERS > 1). */
  workers?: Workers;
}

const portOf = (config: Config): PortSetting => ({
  port: config.port,
  host: config.host,
  variable: 'PORT',
});

/** Starts the embedded PostgreSQL (with its supervisor) when there is no DATABASE_URL. */
async function databaseServer(config: Config, logger: Logger, started: Started): Promise<string> {
  if (config.databaseUrl) return config.databaseUrl;
  logger.info({ dir: config.dataDir }, 'starting embedded PostgreSQL');
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), {
    logger,
    settings: { max_connections: String(embeddedMaxConnections(config)) },
    // This process stops it on SIGINT, SIGTERM and SIGHUP, after the app (stopStarted).
    libraryExitHooks: false,
  });
  started.embedded = embedded;
  // Restarted on the same socket (or port) when it exits unasked (crash, OOM kill); the pools reconnect.
  started.supervisor = superviseEmbeddedPostgres(embedded, logger);
  return embedded.url();
}

/** METRICS_PORT, when set: opened by one process only (the primary, under API_WORKERS > 1). */
async function metricsListener(
  config: Config,
  source: MetricsSource,
  logger: Logger,
): Promise<MetricsListener | undefined> {
  if (!config.metricsListener) return undefined;
  try {
    return await startMetricsListener({ ...config.metricsListener, source, logger });
  } catch (err) {
    throw await listenFailure(err, { ...config.metricsListener, variable: 'METRICS_PORT' });
  }
}

function announce(logger: Logger, host: string, port: number) {
  logger.info(`Lede is running at http://${host}:${port}`);
  console.log(`\n  Lede is running at http://${host}:${port}\n`);
}

/** Waits for `promise`, `ms` at most. */
async function within(ms: number, promise: Promise<unknown> | undefined): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * Stops what `started` holds, in the order a shutdown needs: nothing restarts PostgreSQL, no new
 * work is taken, requests and mail in flight finish, then the relays, the pool and PostgreSQL
 * last. A step that fails is logged and the next one still runs.
 */
async function stopStarted(started: Started, logger: Logger): Promise<void> {
  const step = async (what: string, stop: () => unknown) => {
    try {
      await stop();
    } catch (err) {
      logger.warn({ err: errorMessageForLog(err) }, `${what} did not stop cleanly`);
    }
  };
  // First: a server stopped on purpose below must not be started again.
  await step('the embedded PostgreSQL supervisor', () => started.supervisor?.stop());
  const ingestionStopped = started.stopIngestion?.().catch(() => undefined);
  const server = started.server;
  if (server?.listening) {
    await step('the HTTP server', () => {
      server.closeIdleConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    });
  }
  await step('the metrics listener', () => started.metricsListener?.stop());
  await step('the job queue', () => started.jobs?.stop(5_000));
  // Stops claiming mail; sends in flight get 5 s, the rest waits in mail_outbox for the next start.
  await step('the mail outbox', () => started.outbox?.stop(5_000));
  await step('the API workers', () => started.workers?.stop());
  // A run stuck on an unreachable database must not hold the shutdown forever.
  await within(5_000, ingestionStopped);
  for (const relay of started.relays) await step('a change relay', () => relay.stop());
  // It waits for connections in use: a start stopped in its seed holds one until PostgreSQL goes.
  await step('the database pool', () => within(5_000, started.database?.close()));
  await step('the direct database pool', () => within(5_000, started.directDatabase?.close()));
  await step('the read database pool', () => within(5_000, started.readDatabase?.close()));
  await step('the embedded PostgreSQL', () => started.embedded?.stop());
}

/** How long stopping may take before the process ends anyway (PostgreSQL then stops on its own). */
const STOP_LIMIT_MS = 30_000;

/**
 * Ends the process once, whichever comes first: SIGINT, SIGTERM or SIGHUP (at any point, start-up
 * included) stop everything and exit with 0; a failed start prints one line (what failed and
 * what to do; LOG_LEVEL=debug logs the whole error), stops what it started and exits with 1.
 * A cluster worker leaves SIGINT and SIGHUP, which a terminal sends to every process of the
 * group, to its primary (which stops it with SIGTERM), and hands its line to the primary.
 */
function lifecycle(config: Config, logger: Logger, started: Started) {
  let stopping: Promise<void> | undefined;
  const stop = (code: number, beforeStop?: () => void | Promise<void>) =>
    (stopping ??= (async () => {
      await beforeStop?.();
      setTimeout(() => process.exit(code), STOP_LIMIT_MS);
      await stopStarted(started, logger);
      if (code === 0) logger.info('stopped');
      process.exit(code);
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    logger.info({ signal }, 'shutting down');
    void stop(0);
  };
  const worker = isClusterWorker();
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', worker ? () => undefined : onSignal);
  process.on('SIGHUP', worker ? () => undefined : onSignal);
  return {
    /** The start failed (or a part of it failed later): one line, then stop with 1. */
    fail(err: unknown) {
      // Failing because a signal is stopping everything under it: that stop ends the process.
      if (stopping) return;
      const line = startupFailureLine(startupFailureReason(err, config));
      logger.debug({ err }, 'start-up failed');
      void stop(1, () => (worker ? reportStartFailureToPrimary(line) : void console.error(line)));
    },
  };
}

/**
 * API_WORKERS > 1: this process keeps the embedded PostgreSQL and the secret, and runs the
 * workers (./cluster.ts), each a whole instance on the one port.
 */
async function runPrimary(config: Config, logger: Logger, jwtSecret: string, started: Started) {
  const databaseUrl = await databaseServer(config, logger, started);
  const workers = runWorkers({
    count: config.apiWorkers,
    env: { DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret },
    logger,
    onListening: ({ port }) => {
      logger.info({ workers: config.apiWorkers }, 'every API worker listens');
      announce(logger, config.host, port);
    },
  });
  started.workers = workers;
  const metrics = metricsListener(config, workers.metrics, logger).then((listener) => {
    started.metricsListener = listener;
  });
  // Either rejects when the start fails: a worker exits before it listens, or METRICS_PORT.
  await Promise.race([workers.failed, metrics.then(() => workers.failed)]);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const started: Started = { relays: [] };
  const { fail } = lifecycle(config, logger, started);
  try {
    await start(config, logger, started);
  } catch (err) {
    fail(err);
  }
}

async function start(config: Config, logger: Logger, started: Started) {
  const worker = isClusterWorker();
  // By the primary only, not by each worker: the warning is said once, and a worker's port is
  // opened by its primary. Before the database (and the first start's seed, most of a minute):
  // a taken port is told at once.
  if (!worker) {
    warnAboutPlainHttp(config, logger);
    await ensurePortFree(portOf(config));
    if (config.metricsListener) {
      await ensurePortFree({ ...config.metricsListener, variable: 'METRICS_PORT' });
    }
  }
  const jwtSecret = resolveJwtSecret(config);
  if (config.apiWorkers > 1 && cluster.isPrimary) {
    return runPrimary(config, logger, jwtSecret, started);
  }

  // A cluster worker gets DATABASE_URL from its primary, which runs the embedded server.
  const databaseUrl = await databaseServer(config, logger, started);
  const database = openDatabase(databaseUrl, {
    ...config.databasePool,
    pooler: config.databasePooler,
  });
  started.database = database;
  // PostgreSQL itself (DATABASE_DIRECT_URL): LISTEN, session advisory locks and migrations need
  // one server session from start to end, which a transaction pooler does not keep. Two
  // connections: the start-up lock and the migrator's, later the ingestion lease.
  const directUrl = config.databaseDirectUrl ?? databaseUrl;
  const direct =
    directUrl === databaseUrl ? database : openDatabase(directUrl, { max: 2, acquireTimeoutMs: 0 });
  if (direct !== database) started.directDatabase = direct;
  if (config.databaseReadUrl) {
    started.readDatabase = openDatabase(config.databaseReadUrl, {
      ...config.databasePool,
      pooler: config.databasePooler,
    });
  }
  // Instances starting together on one database: one migrates and seeds, the others wait.
  await withAdvisoryLock(
    direct.pool,
    LOCKS.startUp,
    async () => {
      await runMigrations(direct.db);
      // The corpus goes in with its stories.
      if (config.seedCorpus)
        await seedCorpusIfEmpty(database.db, logger, {
          write: writeInStories(storyOptions(config.storyWindowHours)),
        });
      // What an older version stored before articles were understood once (migration 0021).
      await understandStoredArticles(database.db, logger);
      // What an older version left without a story.
      await clusterPendingStories(database.db, {
        now: systemClock.now(),
        logger,
        options: storyOptions(config.storyWindowHours),
      });
    },
    () => logger.info('another instance is migrating or seeding the database: waiting for it'),
  );
  // Other instances' article changes reach this one's prepared bodies (and this one's reach them).
  const changes = createChanges();
  started.relays.push(
    await startArticlesChangedRelay({
      connectionString: directUrl,
      pool: database.pool,
      changes,
      logger,
    }),
  );
  // The session rows this process keeps follow every instance's changes of `users`.
  const sessionUsers = createSessionUsers();
  started.relays.push(
    await startUsersChangedRelay({
      connectionString: directUrl,
      sessionUsers,
      logger,
    }),
  );
  // So do every instance's changes of readers' feeds, to the feed answers it prepared.
  started.relays.push(
    await startFeedsChangedRelay({
      connectionString: directUrl,
      changes,
      logger,
    }),
  );

  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createLogMailer(logger);
  const ownMetrics = createMetrics(database.pool);
  const metrics = worker ? clusterWideMetrics(ownMetrics) : ownMetrics;
  // Mail waits in PostgreSQL; this process's worker sends it, also what an earlier run left.
  const outbox = createMailOutbox({
    db: database.db,
    mailer,
    logger,
    clock: systemClock,
    observer: metrics.mailOutbox,
  });
  outbox.start();
  started.outbox = outbox;
  const deps: AppDeps = {
    config: { ...config, jwtSecret },
    db: database.db,
    pool: database.pool,
    readDb: started.readDatabase?.db,
    outbox,
    clock: systemClock,
    logger,
    metrics,
    sessionUsers,
    changes,
  };
  const services = createServices(deps);
  const app = createApp(deps, services);
  // Timed work, once per occurrence across instances: the editions due each minute, and every
  // hour what can never be used again.
  started.jobs = await startJobQueue({
    connectionString: directUrl,
    jobs: [
      editionJob(services.editions),
      { name: 'maintenance', cron: '0 * * * *', run: () => pruneExpired(database.db, systemClock) },
    ],
    logger,
  });
  started.stopIngestion = startIngestionSchedule({
    db: database.db,
    config,
    logger,
    clock: systemClock,
    changes,
    onRunFinished: (result) => metrics.recordIngestionRun(result),
    // The lease is a session lock, kept for as long as this instance ingests.
    pool: direct.pool,
  });

  // A worker never opens METRICS_PORT (its primary does), though it inherits the setting.
  if (!worker) {
    started.metricsListener = await metricsListener(
      config,
      { contentType: metrics.registry.contentType, exposition: () => metrics.exposition() },
      logger,
    );
  }

  const server = http.createServer(app);
  started.server = server;
  await listenOn(server, portOf(config));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Under a primary, it says so once every worker listens.
  if (worker) logger.info({ port }, 'API worker listening');
  else announce(logger, config.host, port);
}

void main();
