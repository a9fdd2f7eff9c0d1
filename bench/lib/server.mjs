// The servers under test: the real Lede API (built modules, embedded PostgreSQL) and a bare
// Express 5 app as the baseline. Both listen on 127.0.0.1 only, on ports the OS picks.
import crypto from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import express from 'express';
import pg from 'pg';

const HOST = '127.0.0.1';
const API_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/dist');
export const BENCH_DATABASE = 'lede_bench';

/**
 * Listens on 127.0.0.1:0. `drain` waits until every request received has been answered (res.end
 * called, even on a connection the client already closed) and `quiet()` holds; `close` stops
 * listening, drops the connections, drains, so no handler is still running afterwards.
 */
export async function listen(handler, { quiet = () => true } = {}) {
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    inFlight++;
    const end = res.end;
    let ended = false;
    res.end = function (...args) {
      if (!ended) {
        ended = true;
        inFlight--;
      }
      return end.apply(this, args);
    };
    handler(req, res);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address();

  /** Resolves once nothing is in flight and quiet() has held for `stableMs`; gives up after `maxMs`. */
  async function drain({ stableMs = 200, maxMs = 15_000 } = {}) {
    const started = Date.now();
    let calmSince;
    while (Date.now() - started < maxMs) {
      if (inFlight === 0 && quiet()) {
        calmSince ??= Date.now();
        if (Date.now() - calmSince >= stableMs) return true;
      } else {
        calmSince = undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  }

  return {
    server,
    port,
    url: `http://${HOST}:${port}`,
    inFlight: () => inFlight,
    drain,
    close: async () => {
      const closed = new Promise((resolve, reject) =>
        server.close((err) => (err ? reject(err) : resolve())),
      );
      server.closeAllConnections();
      await closed;
      if (!(await drain()))
        throw new Error(`${inFlight} request(s) still unanswered after closing`);
    },
  };
}

/** The baseline: the least an Express 5 app can do for one JSON response. */
export async function startBareExpress(lifecycle) {
  const app = express();
  app.get('/hello', (req, res) => res.json({ hello: 'world' }));
  const listening = await listen(app);
  lifecycle.defer('bare Express server', listening.close);
  return listening;
}

/** A Mailer that only counts: the benchmark measures the API, not an SMTP server. */
export function createCountingMailer() {
  const mailer = {
    sent: 0,
    async send() {
      mailer.sent++;
    },
  };
  return mailer;
}

async function importApi(relative) {
  const file = path.join(API_DIST, relative);
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: build the API first (pnpm --filter @lede/shared build && pnpm --filter @lede/api build)`,
    );
  }
  return import(pathToFileURL(file).href);
}

/**
 * Starts one embedded PostgreSQL in a fresh temp dir, creates and migrates a database, and
 * serves createApp(deps) with generous rate limits, a counting mailer and a silent logger.
 * Every step registers its own cleanup with `lifecycle` as soon as it has started.
 */
export async function startApi(lifecycle, { log, bcryptCost } = {}) {
  const [
    { createApp },
    { loadConfig },
    { openDatabase },
    { startEmbeddedPostgres },
    { runMigrations },
    { systemClock },
    { createLogger },
    { createMailOutbox },
    schema,
    { createChanges },
  ] = await Promise.all([
    importApi('app.js'),
    importApi('config.js'),
    importApi('db/client.js'),
    importApi('db/embedded.js'),
    importApi('db/migrate.js'),
    importApi('lib/clock.js'),
    importApi('lib/logger.js'),
    importApi('modules/mail/index.js'),
    importApi('db/schema.js'),
    importApi('changes/index.js'),
  ]);

  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-bench-pg-'));
  lifecycle.defer('temp dir', () => fs.rm(tmp, { recursive: true, force: true }));

  log?.('starting embedded PostgreSQL');
  const pgLog = [];
  const postgres = await startEmbeddedPostgres(path.join(tmp, 'data'), {
    persistent: false,
    // Where the database's time goes: the load suite reads pg_stat_statements.
    settings: { shared_preload_libraries: 'pg_stat_statements' },
    onLog: (line) => {
      pgLog.push(line);
      if (pgLog.length > 50) pgLog.shift();
    },
  }).catch((err) => {
    throw new Error(`embedded PostgreSQL did not start: ${err?.message ?? err}\n${pgLog.join('')}`);
  });
  lifecycle.defer('embedded PostgreSQL', () => postgres.stop());

  // As the superuser, as the test suite: it creates the database and pg_stat_statements.
  const admin = new pg.Client({ connectionString: postgres.superuserUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${BENCH_DATABASE}`);
  } finally {
    await admin.end();
  }

  const database = openDatabase(postgres.superuserUrl(BENCH_DATABASE));
  lifecycle.defer('database pool', () => database.close());
  log?.('running migrations');
  await runMigrations(database.db);

  // WEB_DIST serves another build of the web client (the lighthouse suite: before and after).
  const base = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    ...(process.env.WEB_DIST && { WEB_DIST: process.env.WEB_DIST }),
  });
  const config = {
    ...base,
    jwtSecret: crypto.randomBytes(32).toString('hex'),
    bcryptCost: bcryptCost ?? base.bcryptCost,
    // The benchmark measures the handlers, not the 429 path.
    otp: { ...base.otp, emailLimit: 1e9, ipLimit: 1e9 },
    authIpLimit: 1e9,
  };
  const mailer = createCountingMailer();
  const logger = createLogger('silent');
  // The outbox is a table now: its worker sends what the requests queue, as in server.ts.
  const outbox = createMailOutbox({ db: database.db, mailer, logger });
  outbox.start();
  lifecycle.defer('mail outbox', () => outbox.stop());
  const deps = {
    config,
    db: database.db,
    pool: database.pool,
    outbox,
    clock: systemClock,
    logger,
    changes: createChanges(),
  };
  const pool = database.pool;
  // Quiet: no query running or waiting (express-rate-limit takes counts back after the response).
  const listening = await listen(createApp(deps), {
    quiet: () => pool.waitingCount === 0 && pool.idleCount === pool.totalCount,
  });
  lifecycle.defer('API server', listening.close);
  log?.(`API listening on ${listening.url}`);

  return { ...listening, deps, config, mailer, schema, poolMax: database.pool.options.max };
}

/**
 * The built API in a child process (./api-process.mjs) on the database `api` (from startApi)
 * already holds, with the same JWT secret, so tokens signed in this process are valid there.
 * `env` adds API variables (DATABASE_POOL_MAX, ...) or another LEDE_BENCH_DATABASE_URL (and
 * LEDE_BENCH_DIRECT_URL, behind a pooler); `execArgv` node flags (e.g. --cpu-prof).
 * Resolves to { url, pid, drain(), stats({reset}), stop() }; stop() is idempotent and kills the
 * child (by its pid) if it has not exited 10 s after being asked to.
 */
export async function startApiProcess(api, { env = {}, execArgv = [], log } = {}) {
  const { fork } = await import('node:child_process');
  const child = fork(fileURLToPath(new URL('./api-process.mjs', import.meta.url)), [], {
    env: {
      ...process.env,
      LEDE_BENCH_DATABASE_URL: api.deps.pool.options.connectionString,
      LEDE_BENCH_JWT_SECRET: api.config.jwtSecret,
      ...env,
    },
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ask = (msg, replyType) =>
    new Promise((resolve, reject) => {
      const onMessage = (reply) => {
        if (reply?.type !== replyType) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(reply);
      };
      const onExit = (code) => {
        child.off('message', onMessage);
        reject(new Error(`API process exited (${code}) before answering ${msg.type}`));
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(msg);
    });
  let stopping;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (child.connected) child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    })());
  try {
    const { url } = await new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`API process exited (${code}) at start`)));
      child.on('message', (m) => m?.type === 'listening' && resolve(m));
    });
    log?.(`API process ${child.pid} listening on ${url}`);
    return {
      url,
      pid: child.pid,
      drain: async () => (await ask({ type: 'drain' }, 'drained')).ok,
      stats: async ({ reset = false } = {}) => (await ask({ type: 'stats', reset }, 'stats')).stats,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Bare Express 5 in a child process (./bare-replay.mjs) answering each of `answers`
 * ({ path, status, headers, body: Buffer }) from memory. Resolves to { url, pid, drain(), stop() }.
 */
export async function startBareReplay(answers, { log } = {}) {
  const { fork } = await import('node:child_process');
  const child = fork(fileURLToPath(new URL('./bare-replay.mjs', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.send({ type: 'stop' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const { url } = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare replay exited (${code}) at start`)));
    child.on('message', (m) => m?.type === 'listening' && resolve(m));
    child.send({
      type: 'serve',
      answers: answers.map((a) => ({ ...a, body: a.body.toString('base64') })),
    });
  });
  log?.(`bare replay ${child.pid} listening on ${url}`);
  const drain = () =>
    new Promise((resolve) => {
      const on = (m) => {
        if (m?.type !== 'drained') return;
        child.off('message', on);
        resolve(m.ok);
      };
      child.on('message', on);
      child.send({ type: 'drain' });
    });
  return { url, pid: child.pid, drain, stop };
}
