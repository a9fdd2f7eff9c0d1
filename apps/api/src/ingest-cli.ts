/**
 * Runs ingestion once and prints the result as JSON (`pnpm --filter @lede/api ingest`).
 * Logs go to stderr, the JSON to stdout. Exit code 1 when nothing is configured,
 * when the database cannot be opened, or when every source failed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { systemClock } from './lib/clock.js';
import type { Logger } from './lib/logger.js';
import { createChanges } from './changes/index.js';
import { seedCorpusIfEmpty } from './modules/articles/seed.js';
import { clusterPendingStories, storyOptions } from './modules/stories/index.js';
import { hasIngestionSources, runIngestion } from './modules/ingestion/ingestion.service.js';

class CliError extends Error {}

const IN_USE_MESSAGE = (dir: string) =>
  `The embedded database in ${dir} is in use by another process (is \`pnpm start\` running?). ` +
  'Stop it first, or point DATABASE_URL at a PostgreSQL server both can share.';

/** True when `<dir>/postmaster.pid` names a live process: a server already owns the directory. */
function isDataDirInUse(dir: string): boolean {
  let pid: number;
  try {
    pid = Number.parseInt(
      readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
      10,
    );
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, owned by another user (postgres)
  }
}

async function openEmbedded(dir: string, logger: Logger): Promise<EmbeddedServer> {
  if (isDataDirInUse(dir)) throw new CliError(IN_USE_MESSAGE(dir));
  const output: string[] = [];
  try {
    return await startEmbeddedPostgres(dir, { logger, onLog: (line) => output.push(line) });
  } catch (err) {
    if (output.some((line) => line.includes('postmaster.pid')))
      throw new CliError(IN_USE_MESSAGE(dir));
    const detail = err instanceof Error ? err.message : output.join(' ').trim().slice(-300);
    throw new CliError(
      `Could not start the embedded PostgreSQL in ${dir}: ${detail || 'it exited early'}`,
    );
  }
}

async function openCliDatabase(
  config: Config,
  logger: Logger,
): Promise<{ database: DatabaseHandle; embedded?: EmbeddedServer }> {
  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await openEmbedded(path.join(config.dataDir, 'pg'), logger);
    url = embedded.url();
  }
  const database = openDatabase(url, 2);
  try {
    await runMigrations(database.db);
    // As at server start: the bundled corpus only ever goes into an empty table, so it goes in first.
    if (config.seedCorpus) await seedCorpusIfEmpty(database.db, logger);
    await clusterPendingStories(database.db, {
      now: new Date(),
      logger,
      options: storyOptions(config.storyWindowHours),
    });
  } catch (err) {
    await database.close();
    await embedded?.stop();
    throw new CliError(
      `Could not prepare the database: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return { database, embedded };
}

async function main(): Promise<number> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel }, pino.destination(2));
  if (!hasIngestionSources(config.ingest)) {
    throw new CliError(
      'Nothing to ingest: set INGEST_FEEDS (RSS/Atom URLs) and/or NEWSDATA_API_KEY.',
    );
  }
  const { database, embedded } = await openCliDatabase(config, logger);
  const stopping = new AbortController();
  const stop = () => stopping.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const result = await runIngestion({
      db: database.db,
      config,
      logger,
      clock: systemClock,
      // A run of its own: no cached answers here to drop (the server's expire within their TTL).
      changes: createChanges(),
      signal: stopping.signal,
    });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return result.sources.every((source) => !source.ok) ? 1 : 0;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = err instanceof CliError || err instanceof ConfigError;
    console.error(
      known ? err.message : `Ingestion failed: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  },
);
