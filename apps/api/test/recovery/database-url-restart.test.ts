/**
 * With DATABASE_URL: the PostgreSQL server behind the app is stopped (fast shutdown) and
 * started again by its operator. No supervisor here: the app keeps running, answers JSON 503
 * with Retry-After while the server is away, and serves again as soon as it is back, with no
 * state left broken (pool, prepared session lookup, checked-out clients).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/db/client.js';
import { createLogger } from '../../src/lib/logger.js';
import {
  ask,
  createRecoveryApp,
  expectContract,
  expectOutageAnswers,
  readerRequests,
  sleep,
  type Answer,
  type RecoveryApp,
  type ReaderRequest,
} from './recovery-app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const BACK_WITHIN_MS = 10_000;

let dir: string;
let pgProcess: ChildProcess;
let out = '';
let recovery: RecoveryApp;
let server: http.Server;
let baseUrl: string;
let requests: ReaderRequest[];

const send = (r: ReaderRequest) =>
  fetch(baseUrl + r.path, {
    method: r.method,
    headers: r.headers,
    signal: AbortSignal.timeout(5_000),
  });

/** Waits for the restartable server to print `word` (after `from`), failing on FAILED or exit. */
function said(word: string, from: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const seen = out.slice(from);
      if (seen.includes(`${word}\n`)) return done(resolve);
      if (seen.includes('FAILED')) return done(() => reject(new Error(seen)));
    };
    const onExit = () => done(() => reject(new Error(`PostgreSQL process exited: ${out}`)));
    const done = (then: () => void) => {
      pgProcess.stdout!.off('data', check);
      pgProcess.off('exit', onExit);
      then();
    };
    pgProcess.stdout!.on('data', check);
    pgProcess.once('exit', onExit);
    check();
  });
}

function command(line: 'stop' | 'start'): Promise<void> {
  const from = out.length;
  pgProcess.stdin!.write(`${line}\n`);
  return said(line === 'stop' ? 'STOPPED' : 'STARTED', from);
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-recovery-url-'));
  pgProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'restartable-pg.ts'), path.join(dir, 'data')],
    { cwd: path.resolve(here, '../..'), stdio: ['pipe', 'pipe', 'inherit'] },
  );
  pgProcess.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  await new Promise<void>((resolve, reject) => {
    const check = () => (/READY \S+\n/.test(out) ? resolve() : undefined);
    pgProcess.stdout!.on('data', check);
    pgProcess.once('exit', (code) => reject(new Error(`PostgreSQL exited early (${code})`)));
    check();
  });
  const databaseUrl = /READY (\S+)\n/.exec(out)![1]!;
  recovery = await createRecoveryApp(databaseUrl, createLogger('silent'));
  requests = readerRequests(recovery.fixture);
  server = http.createServer(recovery.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await recovery?.database.close();
  if (pgProcess && pgProcess.exitCode === null && pgProcess.signalCode === null) {
    const exited = new Promise((resolve) => pgProcess.once('exit', resolve));
    pgProcess.stdin!.end();
    await exited;
  }
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const round = (since: number) => Promise.all(requests.map((r) => ask(send, r, since)));

async function expectAllServed(): Promise<void> {
  const answers = await round(performance.now());
  for (const [i, answer] of answers.entries()) {
    expect(answer.status, `${answer.request}: ${JSON.stringify(answer.body)}`).toBe(200);
    expectContract(requests[i]!, answer);
  }
}

describe('the app on DATABASE_URL while its PostgreSQL server restarts', () => {
  it('serves readers while the server is up', async () => {
    await expectAllServed();
  });

  it('answers JSON 503 with Retry-After while the server is stopped, and 200 once it is started again, twice over, without restarting the app', async () => {
    for (let cycle = 1; cycle <= 2; cycle++) {
      // Readers keep asking while the server shuts down: answers in flight count too.
      const since = performance.now();
      const answers: Answer[] = [];
      let asking = true;
      const readers = (async () => {
        while (asking) {
          answers.push(...(await round(since)));
          await sleep(10);
        }
      })();
      await command('stop');

      // Down: every request is refused the same way, readiness included.
      const down = await round(since);
      expect(down.map((a) => [a.request, a.status])).toEqual(requests.map((r) => [r.name, 503]));
      asking = false;
      await readers;
      expectOutageAnswers([...answers, ...down]);

      await command('start');
      const startedAt = performance.now();
      let back: Answer[] = [];
      while (performance.now() - startedAt < BACK_WITHIN_MS) {
        back = await round(startedAt);
        if (back.every((a) => a.status === 200)) break;
        expectOutageAnswers(back);
        await sleep(50);
      }
      expect(
        back.map((a) => [a.request, a.status]),
        `cycle ${cycle}`,
      ).toEqual(requests.map((r) => [r.name, 200]));
      await expectAllServed();
    }
  });

  it('a client checked out when the server stops (a transaction between two queries) fails its next query as "unavailable", without crashing the process, and the pool moves on', async () => {
    const { pool } = recovery.database;
    const client = await pool.connect();
    await client.query('begin');
    await command('stop');
    // pg reported the lost connection on the checked-out client; nobody listening would have
    // been an uncaught 'error' event (vitest fails the run on it).
    const failure = await client.query('select 1').then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    client.release(failure as Error);

    await command('start');
    const startedAt = performance.now();
    let status = 0;
    while (performance.now() - startedAt < BACK_WITHIN_MS) {
      status = (
        await ask(
          send,
          requests.find((r) => r.name === 'me')!,
          startedAt,
        )
      ).status;
      if (status === 200) break;
      await sleep(50);
    }
    expect(status).toBe(200);
    expect((await pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
