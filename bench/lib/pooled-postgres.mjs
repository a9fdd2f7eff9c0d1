// PostgreSQL behind PgBouncer in transaction mode, for the load suite's "pooler" setup: Debian's
// postgresql and pgbouncer started on 127.0.0.1 by the tests' own helper
// (apps/api/test/instances/debian-servers.ts, loaded through Node's type stripping), a database
// migrated through the direct connection, and the API environment of an instance behind it.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BENCH_DATABASE } from './server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fromRoot = (relative) => import(pathToFileURL(path.join(ROOT, relative)).href);

/** Server connections PgBouncer keeps per database (its default_pool_size). */
export const POOLER_SERVER_CONNECTIONS = 20;

/**
 * Starts the servers and migrates the database; `{ missing }` where Debian's packages are not
 * installed. `stop()` (also registered with `lifecycle`, so a global timeout stops them by PID)
 * closes this process's pool and stops both servers; calling it twice is harmless.
 */
export async function startPooledPostgres({ log, lifecycle }) {
  const { findDebianBinaries, startDebianServers } = await fromRoot(
    'apps/api/test/instances/debian-servers.ts',
  );
  const binaries = findDebianBinaries();
  if ('missing' in binaries) return { missing: binaries.missing };
  const [{ openDatabase }, { runMigrations }] = await Promise.all([
    fromRoot('apps/api/dist/db/client.js'),
    fromRoot('apps/api/dist/db/migrate.js'),
  ]);
  log?.(`starting PostgreSQL (${binaries.pgBin}) and PgBouncer in transaction mode`);
  const servers = await startDebianServers(binaries, {
    database: BENCH_DATABASE,
    poolSize: POOLER_SERVER_CONNECTIONS,
  });
  let database;
  let stopping;
  const stop = () =>
    (stopping ??= (async () => {
      await database?.close().catch(() => undefined);
      await servers.stop();
    })());
  lifecycle?.defer('PostgreSQL and PgBouncer', stop);
  try {
    database = openDatabase(servers.directUrl, 10);
    await runMigrations(database.db);
    const major = path.basename(path.dirname(binaries.pgBin));
    return {
      db: database.db,
      pool: database.pool,
      postgresPid: servers.postgres.pid,
      label: `Debian PostgreSQL ${major} through PgBouncer (transaction mode, ${POOLER_SERVER_CONNECTIONS} server connections)`,
      apiEnv: {
        DATABASE_URL: servers.pooledUrl,
        DATABASE_DIRECT_URL: servers.directUrl,
        DATABASE_POOLER: 'transaction',
        LEDE_BENCH_DATABASE_URL: servers.pooledUrl,
        LEDE_BENCH_DIRECT_URL: servers.directUrl,
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
