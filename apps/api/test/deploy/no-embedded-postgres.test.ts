/**
 * The image docker compose builds has no embedded PostgreSQL. Started without DATABASE_URL it
 * must stop at once with one line saying what to set, and with DATABASE_URL it must not need
 * the package at all (it is loaded only when the embedded server is started).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadEmbeddedPostgres, NO_EMBEDDED_POSTGRES } from '../../src/db/embedded.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiRoot = path.resolve(here, '../..');

function startServer(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        path.join(here, 'fixtures/without-embedded-postgres.mjs'),
        'src/server.ts',
      ],
      { cwd: apiRoot, env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'pipe' },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('an image without the embedded PostgreSQL', () => {
  it('started without DATABASE_URL, exits 1 with one line that says to set DATABASE_URL', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-no-embedded-'));
    try {
      const { code, stderr } = await startServer({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:1025',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      });
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([`Lede failed to start: ${NO_EMBEDDED_POSTGRES}`]);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 40_000);

  it('only a missing embedded-postgres package becomes that line; other failures pass through', async () => {
    const missing = Object.assign(new Error("Cannot find package 'embedded-postgres'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    await expect(loadEmbeddedPostgres(() => Promise.reject(missing))).rejects.toThrow(
      NO_EMBEDDED_POSTGRES,
    );
    const other = Object.assign(new Error("Cannot find package 'pg'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    await expect(loadEmbeddedPostgres(() => Promise.reject(other))).rejects.toBe(other);
    // And where it is installed (the default image, a checkout), it loads.
    await expect(loadEmbeddedPostgres()).resolves.toBeTypeOf('function');
  });
});
