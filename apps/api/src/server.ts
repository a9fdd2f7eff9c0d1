import cluster from 'node:cluster';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import crypto from 'node:crypto';
import { createApp } from './app.js';
import { clusterWideMetrics, isClusterWorker, runWorkers } from './cluster.js';
import { ConfigError, embeddedMaxConnections, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
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
import { startMaintenance } from './maintenance.js';
import { seedCorpusIfEmpty } from './modules/articles/seed.js';
import { clusterPendingStories, storyOptions } from './modules/stories/index.js';
import { startIngestionSchedule } from './modules/ingestion/schedule.js';
import {
  createMetrics,
  startMetricsListener,
  type MetricsListener,
  type MetricsSource,
} from './modules/metrics/index.js';
import { createSessionUsers } from './modules/auth/index.js';

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

/** Starts the embedded PostgreSQL (with its supervisor) when there is no DATABASE_URL. */
async function databaseServer(
  config: Config,
  logger: Logger,
): Promise<{ databaseUrl: string; embedded?: EmbeddedServer; supervisor?: Supervisor }> {
  if (config.databaseUrl) return { databaseUrl: config.databaseUrl };
  logger.info({ dir: config.dataDir }, 'starting embedded PostgreSQL');
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), {
    logger,
    settings: { max_connections: String(embeddedMaxConnections(config)) },
  });
  // Restarted on the same socket (or port) when it exits unasked (crash, OOM kill); the pools reconnect.
  const supervisor = superviseEmbeddedPostgres(embedded, logger);
  return { databaseUrl: embedded.url(), embedded, supervisor };
}

/** METRICS_PORT, when set: opened by one process only (the primary, under API_WORKERS > 1). */
async function metricsListener(
  config: Config,
  source: MetricsSource,
  logger: Logger,
): Promise<MetricsListener | undefined> {
  if (!config.metricsListener) return undefined;
  return startMetricsListener({ ...config.metricsListener, source, logger });
}

function announce(logger: Logger, host: string, port: number) {
  logger.info(`Lede is running at http://${host}:${port}`);
  console.log(`\n  Lede is running at http://${host}:${port}\n`);
}

/**
 * API_WORKERS > 1: this process keeps the embedded PostgreSQL and the secret, and runs the
 * workers (./cluster.ts), each a whole instance on the one port.
 */
async function runPrimary(config: Config, logger: Logger, jwtSecret: string) {
  const { databaseUrl, embedded, supervisor } = await databaseServer(config, logger);
  const workers = runWorkers({
    count: config.apiWorkers,
    env: { DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret },
    logger,
    onListening: ({ port }) => {
      logger.info({ workers: config.apiWorkers }, 'every API worker listens');
      announce(logger, config.host, port);
    },
  });
  const metrics = metricsListener(config, workers.metrics, logger);

  let stopping: Promise<void> | undefined;
  const shutdown = (signal: string, code = 0) =>
    (stopping ??= (async () => {
      logger.info({ signal }, 'shutting down');
      await supervisor?.stop();
      await (await metrics.catch(() => undefined))?.stop();
      await workers.stop();
      await embedded?.stop();
      logger.info('stopped');
      process.exit(code);
    })());
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  const failedToStart = (err: unknown) => {
    console.error('Lede failed to start:', errorMessageForLog(err));
    void shutdown('start-up failure', 1);
  };
  workers.failed.catch(failedToStart);
  metrics.catch(failedToStart);
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
  const jwtSecret = resolveJwtSecret(config);
  if (config.apiWorkers > 1 && cluster.isPrimary) return runPrimary(config, logger, jwtSecret);

  // A cluster worker gets DATABASE_URL from its primary, which runs the embedded server.
  const { databaseUrl, embedded, supervisor } = await databaseServer(config, logger);
  const database = openDatabase(databaseUrl, config.databasePool);
  // Instances starting together on one database: one migrates and seeds, the others wait.
  await withAdvisoryLock(
    database.pool,
    LOCKS.startUp,
    async () => {
      await runMigrations(database.db);
      if (config.seedCorpus) await seedCorpusIfEmpty(database.db, logger);
      // What the seed or an older version left without a story.
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
  const relay = await startArticlesChangedRelay({
    connectionString: databaseUrl,
    pool: database.pool,
    changes,
    logger,
  });
  // The session rows this process keeps follow every instance's changes of `users`.
  const sessionUsers = createSessionUsers();
  const usersRelay = await startUsersChangedRelay({
    connectionString: databaseUrl,
    sessionUsers,
    logger,
  });
  // So do every instance's changes of readers' feeds, to the feed answers it prepared.
  const feedsRelay = await startFeedsChangedRelay({
    connectionString: databaseUrl,
    changes,
    logger,
  });

  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createLogMailer(logger);
  const ownMetrics = createMetrics(database.pool);
  const metrics = isClusterWorker() ? clusterWideMetrics(ownMetrics) : ownMetrics;
  // Mail waits in PostgreSQL; this process's worker sends it, also what an earlier run left.
  const outbox = createMailOutbox({
    db: database.db,
    mailer,
    logger,
    clock: systemClock,
    observer: metrics.mailOutbox,
  });
  outbox.start();
  const app = createApp({
    config: { ...config, jwtSecret },
    db: database.db,
    pool: database.pool,
    outbox,
    clock: systemClock,
    logger,
    metrics,
    sessionUsers,
    changes,
  });
  const stopMaintenance = startMaintenance(database.db, systemClock, logger);
  const stopIngestion = startIngestionSchedule({
    db: database.db,
    config,
    logger,
    clock: systemClock,
    changes,
    onRunFinished: (result) => metrics.recordIngestionRun(result),
    pool: database.pool,
  });

  // A worker never opens METRICS_PORT (its primary does), though it inherits the setting.
  const ownListener = isClusterWorker()
    ? undefined
    : await metricsListener(
        config,
        { contentType: metrics.registry.contentType, exposition: () => metrics.exposition() },
        logger,
      );

  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Under a primary, it says so once every worker listens.
  if (isClusterWorker()) logger.info({ port }, 'API worker listening');
  else announce(logger, config.host, port);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // First: a server stopped on purpose below must not be started again.
    await supervisor?.stop();
    stopMaintenance();
    const ingestionStopped = stopIngestion();
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await ownListener?.stop();
    // Stops claiming mail; sends in flight get 5 s, the rest waits in mail_outbox for the next start.
    await outbox.stop(5_000);
    // A run stuck on an unreachable database must not hold the shutdown forever.
    await Promise.race([ingestionStopped, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    await relay.stop();
    await usersRelay.stop();
    await feedsRelay.stop();
    await database.close();
    await embedded?.stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('Lede failed to start:', errorMessageForLog(err));
  process.exit(1);
});
