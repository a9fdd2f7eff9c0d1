/**
 * A PostgreSQL server a test stops and starts again on the same port, standing in for the
 * server behind DATABASE_URL (no supervisor: the test is the operator). In a process of its own,
 * like test/pg-server.ts:
 *
 *   node --import tsx test/recovery/restartable-pg.ts <data dir>
 *
 * prints `READY <url>`; on stdin, `stop` shuts the server down fast (SIGINT to the postmaster,
 * as `pg_ctl stop -m fast`) and prints `STOPPED`, `start` starts it again and prints `STARTED`.
 * Stops for good on SIGTERM or when stdin ends.
 */
import readline from 'node:readline';
import { startEmbeddedPostgres, type PostmasterExit } from '../../src/db/embedded.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: restartable-pg.ts <data dir>');
const server = await startEmbeddedPostgres(dir, { persistent: false });
let exited: ((exit: PostmasterExit) => void) | undefined;
server.onUnexpectedExit((exit) => exited?.(exit));
process.stdout.write(`READY ${server.url()}\n`);

const commands = readline.createInterface({ input: process.stdin });
commands.on('line', (line) => {
  void (async () => {
    if (line === 'stop') {
      const pid = server.pid();
      if (pid === undefined) throw new Error('not running');
      const gone = new Promise<PostmasterExit>((resolve) => (exited = resolve));
      process.kill(pid, 'SIGINT');
      await gone;
      process.stdout.write('STOPPED\n');
    } else if (line === 'start') {
      await server.restart();
      process.stdout.write('STARTED\n');
    }
  })().catch((err: unknown) => process.stdout.write(`FAILED ${String(err)}\n`));
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
commands.on('close', () => void stop());
