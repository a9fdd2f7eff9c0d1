/**
 * Starting and stopping the built server (`node dist/server.js`, what `pnpm start` runs) on its
 * embedded PostgreSQL: a taken port is one line and a clean exit (no PostgreSQL left behind, so
 * the next start works), a killed run's PostgreSQL is recovered by the next start, and SIGINT
 * or SIGTERM end with 0 and no warning. One DATA_DIR throughout, without the corpus seed.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiRoot,
  buildIfStale,
  freePort,
  health,
  holdPort,
  killIfRunning,
  postgresOn,
  runServer,
  until,
  type ServerRun,
} from './built-server.js';

let dataDir: string;
const runs: ServerRun[] = [];
const start = (env: Record<string, string>) => {
  const run = runServer({ DATA_DIR: dataDir, ...env });
  runs.push(run);
  return run;
};

beforeAll(async () => {
  await buildIfStale();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-start-stop-'));
}, 240_000);

afterEach(async () => {
  for (const run of runs.splice(0)) await killIfRunning(run);
});

afterAll(async () => {
  // A failed test may have left a PostgreSQL of this DATA_DIR: stop it before removing it.
  for (const pid of postgresOn(dataDir)) process.kill(pid, 'SIGINT');
  await until('the PostgreSQL of the test stopped', () => postgresOn(dataDir).length === 0);
  await fs.rm(dataDir, { recursive: true, force: true });
}, 30_000);

const STACK_FRAME = /^\s+at /m;

/** Every stdout line is a log line (JSON) or the "running at" banner: no stack trace printed. */
function expectOnlyLogLines(run: ServerRun) {
  const text = `${run.stdout()}\n${run.stderr()}`;
  expect(text).not.toMatch(STACK_FRAME);
  for (const line of run
    .stdout()
    .split('\n')
    .filter((l) => l.trim() !== '')) {
    if (line.trim().startsWith('Lede is running at')) continue;
    expect(() => JSON.parse(line), line).not.toThrow();
  }
}

/** The log lines at warn or above (pino level 40+). */
const warnings = (run: ServerRun) =>
  run
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => entry.level >= 40);

const portInUseLine = (port: number) =>
  new RegExp(
    `^Lede failed to start: port ${port} on 127\\.0\\.0\\.1 is already in use: stop what uses it, or start Lede on another port with PORT=\\d+ pnpm start$`,
  );

describe('the built server on a taken port', () => {
  it('says so in one line, exits 1 and leaves no PostgreSQL; freed, the next start is healthy', async () => {
    const port = await freePort();

    // Taken before the start: told before the database starts.
    const held = await holdPort(port);
    const early = start({ PORT: String(port) });
    expect((await early.exited).code).toBe(1);
    expect(early.stderr().trim().split('\n')).toEqual([expect.stringMatching(portInUseLine(port))]);
    expectOnlyLogLines(early);
    expect(postgresOn(dataDir)).toEqual([]);
    await held.release();

    // Taken while the database starts: the same line, and the PostgreSQL it started is stopped.
    const late = start({ PORT: String(port) });
    await late.waitFor('starting embedded PostgreSQL');
    const heldLate = await holdPort(port);
    expect((await late.exited).code).toBe(1);
    expect(late.stdout()).toContain('embedded PostgreSQL listens');
    expect(late.stderr().trim().split('\n')).toEqual([expect.stringMatching(portInUseLine(port))]);
    expectOnlyLogLines(late);
    expect(postgresOn(dataDir)).toEqual([]);
    await heldLate.release();

    // Freed: the same DATA_DIR starts (no "lock file postmaster.pid already exists").
    const next = start({ PORT: String(port) });
    await next.waitFor('Lede is running at');
    expect(await health(port)).toBe(200);
    // Ctrl-C: a graceful stop with 0, and not one warning (PostgreSQL goes last).
    next.child.kill('SIGINT');
    expect(await next.exited).toEqual({ code: 0, signal: null });
    expect(next.stdout()).toContain('"msg":"stopped"');
    expect(warnings(next)).toEqual([]);
    expect(next.stderr()).toBe('');
    expect(postgresOn(dataDir)).toEqual([]);
  }, 120_000);

  it('API_WORKERS=2: the primary says it in one line and exits 1', async () => {
    const port = await freePort();
    const held = await holdPort(port);
    try {
      const run = start({ PORT: String(port), API_WORKERS: '2' });
      expect((await run.exited).code).toBe(1);
      expect(run.stderr().trim().split('\n')).toEqual([expect.stringMatching(portInUseLine(port))]);
      expectOnlyLogLines(run);
      expect(postgresOn(dataDir)).toEqual([]);
    } finally {
      await held.release();
    }
  }, 60_000);
});

describe('a run killed with SIGKILL', () => {
  it('leaves a PostgreSQL that the next start stops before starting its own', async () => {
    const port = await freePort();
    const first = start({ PORT: String(port) });
    await first.waitFor('Lede is running at');
    first.child.kill('SIGKILL');
    await first.exited;
    // Its postmaster runs on, orphaned, with the data directory locked.
    const [orphan] = postgresOn(dataDir);
    expect(orphan).toBeGreaterThan(0);

    const second = start({ PORT: String(port) });
    await second.waitFor('Lede is running at');
    expect(await health(port)).toBe(200);
    expect(second.stdout()).toContain(
      'the embedded PostgreSQL of a run that was killed still runs',
    );
    expect(postgresOn(dataDir)).not.toContain(orphan);

    // While it runs, another start on the same DATA_DIR is refused, and stops nothing.
    const other = start({ PORT: String(await freePort()) });
    expect((await other.exited).code).toBe(1);
    expect(other.stderr().trim().split('\n')).toEqual([
      `Lede failed to start: the embedded PostgreSQL in ${path.join(dataDir, 'pg')} is in use by another process (pid ${second.pid}): is Lede already running? Stop it first, or start this one with another DATA_DIR`,
    ]);
    expectOnlyLogLines(other);
    expect(await health(port)).toBe(200);

    // Killed with its PostgreSQL: postmaster.pid names a dead process, which PostgreSQL ignores.
    const [postmaster] = postgresOn(dataDir);
    second.child.kill('SIGKILL');
    await second.exited;
    process.kill(postmaster!, 'SIGKILL');
    await until('the killed postmaster is gone', () => postgresOn(dataDir).length === 0);
    const pidFile = readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8');
    expect(pidFile.split('\n')[0]).toBe(String(postmaster));

    const third = start({ PORT: String(port) });
    await third.waitFor('Lede is running at');
    expect(await health(port)).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toEqual({ code: 0, signal: null });
    expect(warnings(third)).toEqual([]);
    expect(postgresOn(dataDir)).toEqual([]);
  }, 120_000);
});

describe('pnpm start', () => {
  it('execs the server, so Ctrl-C ends it with 0 and no ELIFECYCLE from a shell between', () => {
    // pnpm runs the script with sh, which a Ctrl-C (SIGINT to the whole process group) would
    // kill mid-shutdown; `exec` puts node in its place, whose exit code pnpm then reports.
    const rootPackage = JSON.parse(
      readFileSync(path.resolve(apiRoot, '../../package.json'), 'utf8'),
    ) as { scripts: Record<string, string> };
    expect(rootPackage.scripts.start).toMatch(/ && exec node apps\/api\/dist\/server\.js$/);
  });
});
