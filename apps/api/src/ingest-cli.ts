/**
 * Runs ingestion once and prints the result as JSON (`pnpm ingest`, or
 * `pnpm --filter @lede/api ingest`). `--opml FILE` first adds the feeds of an OPML file to those
 * every run reads; `--remove URL` takes an imported feed out again; `--no-run` only imports or
 * removes. Logs go to stderr, the JSON to stdout. Exit code 1 when nothing is configured, when
 * the database or the file cannot be read, or when every source failed.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { systemClock } from './lib/clock.js';
import type { Logger } from './lib/logger.js';
import { createChanges } from './changes/index.js';
import { seedCorpusIfEmpty } from './modules/articles/seed.js';
import { clusterPendingStories, storyOptions, writeInStories } from './modules/stories/index.js';
import { hasIngestionSources, runIngestion } from './modules/ingestion/ingestion.service.js';
import { feedSourcesRepository } from './modules/ingestion/feed-sources.repository.js';
import { OpmlError, parseOpml } from './modules/ingestion/opml.js';
import type { FeedSpec } from './modules/ingestion/default-feeds.js';

class CliError extends Error {}

const USAGE = `Usage: pnpm ingest [--opml FILE] [--remove URL] [--no-run]
  --opml FILE   add the feeds of an OPML file to those every run reads (kept in the database)
  --remove URL  stop reading a feed imported before
  --no-run      import or remove only; no ingestion run`;

interface CliOptions {
  opml?: string;
  remove: string[];
  run: boolean;
}

function cliOptions(args: string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        opml: { type: 'string' },
        remove: { type: 'string', multiple: true },
        'no-run': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (err) {
    throw new CliError(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  return {
    opml: parsed.values.opml,
    remove: parsed.values.remove ?? [],
    run: !parsed.values['no-run'],
  };
}

/** The OPML file's feeds; a relative path is taken from where `pnpm ingest` was typed. */
async function readOpml(file: string): Promise<FeedSpec[]> {
  const where = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  let xml: string;
  try {
    xml = await readFile(where, 'utf8');
  } catch (err) {
    throw new CliError(
      `Cannot read ${where}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    );
  }
  try {
    return await parseOpml(xml);
  } catch (err) {
    if (err instanceof OpmlError) throw new CliError(`${where} is not usable: ${err.message}`);
    throw err;
  }
}

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
  const database = openDatabase(url, { max: 2, pooler: config.databasePooler });
  try {
    // The migrator's session lock needs PostgreSQL itself, never a transaction pooler.
    const directUrl = embedded ? url : (config.databaseDirectUrl ?? url);
    if (directUrl === url) await runMigrations(database.db);
    else {
      const direct = openDatabase(directUrl, 1);
      try {
        await runMigrations(direct.db);
      } finally {
        await direct.close();
      }
    }
    // As at server start: the bundled corpus only ever goes into an empty table, so it goes in first.
    if (config.seedCorpus)
      await seedCorpusIfEmpty(database.db, logger, {
        write: writeInStories(storyOptions(config.storyWindowHours)),
      });
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
  const options = cliOptions(process.argv.slice(2));
  const config = loadConfig();
  const logger = pino({ level: config.logLevel }, pino.destination(2));
  const importing = options.opml !== undefined || options.remove.length > 0;
  if (!importing && !hasIngestionSources(config.ingest)) {
    throw new CliError(
      'Nothing to ingest: INGEST_FEEDS=none and no NEWSDATA_API_KEY (unset INGEST_FEEDS for the default list).',
    );
  }
  const feeds = options.opml === undefined ? undefined : await readOpml(options.opml);
  if (feeds?.length === 0)
    throw new CliError(`${options.opml} lists no feed (no outline with an xmlUrl)`);
  const { database, embedded } = await openCliDatabase(config, logger);
  const stopping = new AbortController();
  const stop = () => stopping.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    if (feeds) {
      await feedSourcesRepository.importFeeds(database.db, feeds);
      logger.info({ feeds: feeds.length, file: options.opml }, 'feeds imported');
    }
    for (const url of options.remove) {
      const removed = await feedSourcesRepository.forgetImported(database.db, url);
      if (removed) logger.info({ url }, 'imported feed removed');
      else logger.warn({ url }, 'no imported feed has that URL');
    }
    if (feeds && !config.ingest.importedFeeds) {
      logger.warn('INGEST_FEEDS=none: the imported feeds are read once it is unset or lists feeds');
    }
    if (!options.run || !hasIngestionSources(config.ingest)) return 0;
    const result = await runIngestion({
      db: database.db,
      config,
      logger,
      clock: systemClock,
      // A run of its own: no cached answers here to drop (the server's expire within their TTL).
      changes: createChanges(),
      signal: stopping.signal,
      // Asked for by hand: sources backing off are tried too.
      ignoreBackoff: true,
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
