/**
 * The embedded default: the embedded PostgreSQL dies (fast shutdown, as `pg_ctl stop -m
 * fast` or a crash; SIGKILL, as the OOM killer) while the app keeps running. Readers get JSON 503
 * with Retry-After meanwhile, never a 500, and the app serves again within 10 s by itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPostmasterPid } from '../../src/db/embedded.js';
import {
  ask,
  expectContract,
  expectOutageAnswers,
  readerRequests,
  sleep,
  type Answer,
  type ReaderRequest,
  type RecoveryFixture,
} from './recovery-app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const BACK_WITHIN_MS = 10_000;

let dir: string;
let child: ChildProcess;
let baseUrl: string;
let dataDir: string;
let requests: ReaderRequest[];
const logs: string[] = [];

const send = (r: ReaderRequest) =>
  fetch(baseUrl + r.path, {
    method: r.method,
    headers: r.headers,
    signal: AbortSignal.timeout(5_000),
  });

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-recovery-'));
  child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'supervised-app.ts'), dir], {
    cwd: path.resolve(here, '../..'),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => logs.push(chunk));
  const ready = await new Promise<{ url: string; dataDir: string; fixture: RecoveryFixture }>(
    (resolve, reject) => {
      let out = '';
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        const line = /READY (.+)\n/.exec(out);
        if (line) resolve(JSON.parse(line[1]!));
      });
      child.once('exit', (code) =>
        reject(new Error(`the app exited early (${code}): ${logs.join('')}`)),
      );
    },
  );
  baseUrl = ready.url;
  dataDir = ready.dataDir;
  requests = readerRequests(ready.fixture);
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  // Stopped with the app; a server left behind by a failed test would still be stopped here.
  const pid = dataDir ? readPostmasterPid(dataDir) : undefined;
  if (pid !== undefined && isAlive(pid)) process.kill(pid, 'SIGINT');
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function expectAllServed(): Promise<void> {
  for (const request of requests) {
    const answer = await ask(send, request, performance.now());
    expect(answer.status, `${request.name}: ${JSON.stringify(answer.body)}`).toBe(200);
    expectContract(request, answer);
  }
}

/**
 * Stops the postmaster with `signal`, then asks every reader request over and over until each
 * one is answered 200 again. Returns all answers, and how long the service took to come back.
 */
async function outage(signal: NodeJS.Signals) {
  const pid = readPostmasterPid(dataDir)!;
  expect(isAlive(pid)).toBe(true);
  const since = performance.now();
  process.kill(pid, signal);
  const answers: Answer[] = [];
  const servedAgain = new Set<string>();
  let sawOutage = false;
  while (performance.now() - since < BACK_WITHIN_MS + 5_000) {
    const round = await Promise.all(requests.map((r) => ask(send, r, since)));
    answers.push(...round);
    if (round.some((a) => a.status !== 200)) {
      sawOutage = true;
      servedAgain.clear();
    } else if (sawOutage) {
      for (const a of round) servedAgain.add(a.request);
    }
    if (sawOutage && servedAgain.size === requests.length) break;
    await sleep(20);
  }
  const backAfterMs = Math.round(performance.now() - since);
  return { pid, answers, backAfterMs, sawOutage };
}

describe('the embedded PostgreSQL under the supervisor', () => {
  it('serves readers while the database is up', async () => {
    await expectAllServed();
  });

  for (const signal of ['SIGINT', 'SIGKILL'] as const) {
    const how = signal === 'SIGINT' ? 'a fast shutdown' : 'SIGKILL';
    it(`after ${how} of the postmaster: JSON 503 with Retry-After meanwhile, never 500, and 200 again within 10 s without restarting the app`, async () => {
      const { pid, answers, backAfterMs, sawOutage } = await outage(signal);

      expect(sawOutage, 'no request noticed the database going away').toBe(true);
      expectOutageAnswers(answers);
      expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
      expect(backAfterMs).toBeLessThan(BACK_WITHIN_MS);
      await expectAllServed();

      // A new postmaster on the same data directory; the app process never restarted.
      const newPid = readPostmasterPid(dataDir);
      expect(newPid).toBeDefined();
      expect(newPid).not.toBe(pid);
      expect(child.exitCode).toBeNull();
      const said = logs.join('');
      expect(said).toContain('embedded PostgreSQL exited unexpectedly; restarting it');
      expect(said).toContain('embedded PostgreSQL is back');
    });
  }

  it('stopping the app stops PostgreSQL for good: the supervisor does not start it again', async () => {
    const pid = readPostmasterPid(dataDir)!;
    const restartsBefore = logs.join('').split('starting embedded PostgreSQL again').length;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
    expect(isAlive(pid)).toBe(false);
    expect(readPostmasterPid(dataDir)).toBeUndefined(); // a clean shutdown removes the pid file
    expect(logs.join('').split('starting embedded PostgreSQL again').length).toBe(restartsBefore);
  });
});
