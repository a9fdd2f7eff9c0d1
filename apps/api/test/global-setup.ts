import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';

export const TEMPLATE_DB = 'lede_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Starts test/pg-server.ts and waits for its URL. */
async function startServerProcess(dataDir: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'pg-server.ts'), dataDir],
    {
      cwd: path.resolve(here, '..'),
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const ready = /READY (\S+)/.exec(out);
      if (ready) resolve(ready[1]!);
    });
    child.on('exit', (code) => reject(new Error(`test PostgreSQL exited early (${code})`)));
    child.on('error', reject);
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, stop };
}

/** One real PostgreSQL server for the whole run; each test file clones a migrated template. */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-test-pg-'));
  const server = await startServerProcess(path.join(dir, 'data'));
  const serverUrl = new URL(server.url);
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  serverUrl.pathname = `/${TEMPLATE_DB}`;
  const template = openDatabase(serverUrl.toString(), 1);
  await runMigrations(template.db);
  await template.close();
  project.provide('pgServerUrl', server.url);
  return async () => {
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}
