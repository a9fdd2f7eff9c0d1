import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import crypto from 'node:crypto';
import { createApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { systemClock } from './lib/clock.js';
import { createLogger } from './lib/logger.js';
import { createMailOutbox } from './lib/mail-outbox.js';
import { createLogMailer, createSmtpMailer } from './lib/mailer.js';
import { startMaintenance } from './maintenance.js';
import { seedCorpusIfEmpty } from './modules/articles/seed.js';
import { startIngestionSchedule } from './modules/ingestion/schedule.js';
import { createMetrics } from './modules/metrics/metrics.js';

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

  let embedded: EmbeddedServer | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    logger.info({ dir: config.dataDir }, 'starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'));
    databaseUrl = embedded.url();
  }
  const database = openDatabase(databaseUrl);
  await runMigrations(database.db);
  if (config.seedCorpus) await seedCorpusIfEmpty(database.db, logger);

  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createLogMailer(logger);
  const metrics = createMetrics(database.pool);
  const outbox = createMailOutbox(mailer, logger, undefined, metrics.mailOutbox);
  const app = createApp({
    config: { ...config, jwtSecret },
    db: database.db,
    pool: database.pool,
    outbox,
    clock: systemClock,
    logger,
    metrics,
  });
  const stopMaintenance = startMaintenance(database.db, systemClock, logger);
  const stopIngestion = startIngestionSchedule({
    db: database.db,
    config,
    logger,
    clock: systemClock,
    onRunFinished: (result) => metrics.recordIngestionRun(result),
  });

  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info(`Lede is running at http://${config.host}:${port}`);
  console.log(`\n  Lede is running at http://${config.host}:${port}\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stopMaintenance();
    stopIngestion();
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.race([outbox.idle(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    await database.close();
    await embedded?.stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('Lede failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
