// The built API in a process of its own, as one production instance runs (node dist/server.js),
// so the load generator does not share its event loop. Forked by startApiProcess (./server.mjs);
// talks over IPC:
//   parent → child  { type: 'drain' }             → { type: 'drained', ok }
//                   { type: 'stats', reset? }     → { type: 'stats', stats }  (pool waits, event loop)
//                   { type: 'stop' }              → closes everything and exits 0 (writes --cpu-prof)
//   child → parent  { type: 'listening', url }    once serving on 127.0.0.1
// Environment: LEDE_BENCH_DATABASE_URL, LEDE_BENCH_JWT_SECRET, and any of the API's own variables
// (e.g. PUBLIC_CACHE_SECONDS, DATABASE_POOL_MAX), read through the API's loadConfig. Behind a
// transaction pooler (DATABASE_POOLER=transaction, as server.ts), LEDE_BENCH_DATABASE_URL is the
// pooler and LEDE_BENCH_DIRECT_URL PostgreSQL itself, for the relays' LISTEN connections.
// Stats include `serverMs`: per route (path without query) and status, the time from the
// request event to the answer's end, so a client's latency splits into server time and queueing.
//
// As server.ts does, it starts the relays that keep instances in step (articles changed, users
// changed). With API_WORKERS > 1 (BENCH_LOAD_API_ENV=API_WORKERS=2) this process is a
// node:cluster primary, as server.ts is then:
// it forks that many workers, each a whole instance on the one port, and answers the parent
// for all of them (drained when every worker is; stats per worker and summed).
import cluster from 'node:cluster';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createCountingMailer, listen } from './server.mjs';

const API_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/dist');
const importApi = (relative) => import(pathToFileURL(path.join(API_DIST, relative)).href);

const [
  { createApp },
  { loadConfig },
  { openDatabase },
  { systemClock },
  { createLogger },
  { createMailOutbox },
  { createChanges, startArticlesChangedRelay },
  { startUsersChangedRelay },
  { createSessionUsers },
] = await Promise.all([
  importApi('app.js'),
  importApi('config.js'),
  importApi('db/client.js'),
  importApi('lib/clock.js'),
  importApi('lib/logger.js'),
  importApi('modules/mail/index.js'),
  importApi('changes/index.js'),
  importApi('changes/index.js'),
  importApi('modules/auth/index.js'),
]);

const base = loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent' });
if ((base.apiWorkers ?? 1) > 1 && cluster.isPrimary) {
  await runPrimary(base.apiWorkers);
} else {
  await runInstance();
}

/** The cluster primary: forks the workers and speaks for them to the parent. */
async function runPrimary(count) {
  const workers = Array.from({ length: count }, () => cluster.fork());
  const urls = await Promise.all(
    workers.map(
      (worker) =>
        new Promise((resolve, reject) => {
          worker.on('message', (m) => m?.type === 'listening' && resolve(m.url));
          worker.once('exit', (code) => reject(new Error(`API worker exited (${code}) at start`)));
        }),
    ),
  );
  const ask = (worker, msg, replyType) =>
    new Promise((resolve) => {
      const onMessage = (reply) => {
        if (reply?.type !== replyType) return;
        worker.off('message', onMessage);
        resolve(reply);
      };
      worker.on('message', onMessage);
      worker.send(msg);
    });
  const sum = (list, key) => list.reduce((s, x) => s + (x[key] ?? 0), 0);
  const max = (list, key) => Math.max(...list.map((x) => x[key] ?? 0));
  const round = (n) => Math.round(n * 100) / 100;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', resolve);
            worker.send({ type: 'stop' });
          }),
      ),
    );
    process.exit(0);
  };
  process.on('message', async (msg) => {
    if (msg?.type === 'drain') {
      const replies = await Promise.all(workers.map((w) => ask(w, msg, 'drained')));
      process.send({ type: 'drained', ok: replies.every((r) => r.ok) });
    } else if (msg?.type === 'stats') {
      const perWorker = (await Promise.all(workers.map((w) => ask(w, msg, 'stats')))).map(
        (r) => r.stats,
      );
      process.send({
        type: 'stats',
        stats: {
          workers: count,
          poolMax: sum(perWorker, 'poolMax'),
          poolAcquisitions: sum(perWorker, 'poolAcquisitions'),
          poolWaitTotalS: round(sum(perWorker, 'poolWaitTotalS')),
          poolWaitP99Ms: max(perWorker, 'poolWaitP99Ms'),
          poolWaitingMax: max(perWorker, 'poolWaitingMax'),
          eventLoopDelayP50Ms: max(perWorker, 'eventLoopDelayP50Ms'),
          eventLoopDelayP99Ms: max(perWorker, 'eventLoopDelayP99Ms'),
          apiCpuSeconds: round(sum(perWorker, 'apiCpuSeconds')),
          apiCpuShareOfOneCore: round(sum(perWorker, 'apiCpuShareOfOneCore')),
          serverMs: mergeServerMs(perWorker.map((w) => w.serverMs)),
          perWorker: perWorker.map(({ serverMs: _, ...w }) => w),
        },
      });
    } else if (msg?.type === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
  process.send({ type: 'listening', url: urls[0] });
}

/** Workers' server times as one: counts summed, each quantile the highest of any worker's. */
function mergeServerMs(list) {
  const merged = {};
  for (const times of list)
    for (const [key, t] of Object.entries(times)) {
      const m = (merged[key] ??= { count: 0, p50: 0, p99: 0, max: 0, over5ms: 0 });
      m.count += t.count;
      for (const q of ['p50', 'p99', 'max']) m[q] = Math.max(m[q], t[q]);
      m.over5ms = (m.over5ms ?? 0) + t.over5ms;
    }
  return merged;
}

async function runInstance() {
  const config = {
    ...base,
    jwtSecret: process.env.LEDE_BENCH_JWT_SECRET,
    otp: { ...base.otp, emailLimit: 1e9, ipLimit: 1e9 },
    authIpLimit: 1e9,
  };
  // Sized from the config where the API has pool settings (config.databasePool); pg's default before.
  const database = config.databasePool
    ? openDatabase(process.env.LEDE_BENCH_DATABASE_URL, {
        ...config.databasePool,
        pooler: config.databasePooler,
      })
    : openDatabase(process.env.LEDE_BENCH_DATABASE_URL);
  const pool = database.pool;

  // Time spent waiting for a pool connection (every query and transaction starts with connect()).
  let waits = [];
  // The write path's statements, from pool.query to their result (pool wait, execution and the
  // event loop's delay in taking the answer), by the table or function they name.
  const TIMED_STATEMENTS =
    /write_budgets|lede_charge_and_toggle_\w+|lede_charge_budget|lede_toggle_\w+/;
  let statementTimes = new Map();
  // Each split in two: the wait for a pooled connection, and the round trip once it is had
  // (sending, PostgreSQL, and the event loop's delay in taking the answer), `<kind> wait` and
  // `<kind> trip`. The split statements run as pool.query does: connect, query, release.
  const query = pool.query.bind(pool);
  const noteTime = (kind, ms) => {
    let list = statementTimes.get(kind);
    if (!list) statementTimes.set(kind, (list = []));
    list.push(ms);
  };
  pool.query = (...args) => {
    const text = typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? '');
    const kind = TIMED_STATEMENTS.exec(text)?.[0];
    if (!kind || args.some((a) => typeof a === 'function')) return query(...args);
    const started = performance.now();
    return pool.connect().then((client) => {
      const had = performance.now();
      noteTime(`${kind} wait`, had - started);
      const done = (err) => {
        client.release(err);
        const now = performance.now();
        noteTime(`${kind} trip`, now - had);
        noteTime(kind, now - started);
      };
      return client.query(...args).then(
        (r) => (done(), r),
        (err) => {
          done(err);
          throw err;
        },
      );
    });
  };
  const connect = pool.connect.bind(pool);
  pool.connect = (cb) => {
    const started = performance.now();
    if (typeof cb === 'function')
      return connect((err, client, done) => {
        waits.push(performance.now() - started);
        cb(err, client, done);
      });
    return connect().then(
      (client) => {
        waits.push(performance.now() - started);
        return client;
      },
      (err) => {
        waits.push(performance.now() - started);
        throw err;
      },
    );
  };
  let maxWaiting = 0;
  let waitingSum = 0;
  let samples = 0;
  const sampler = setInterval(() => {
    maxWaiting = Math.max(maxWaiting, pool.waitingCount);
    waitingSum += pool.waitingCount;
    samples++;
  }, 20);
  sampler.unref();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let cpuAtReset = process.cpuUsage();
  let timeAtReset = performance.now();

  const logger = createLogger('silent');
  const outbox = createMailOutbox({ db: database.db, mailer: createCountingMailer(), logger });
  outbox.start();
  // What keeps instances in step (server.ts starts the same).
  const connectionString = process.env.LEDE_BENCH_DIRECT_URL ?? process.env.LEDE_BENCH_DATABASE_URL;
  const changes = createChanges();
  const relay = await startArticlesChangedRelay({ connectionString, pool, changes, logger });
  // LEDE_BENCH_SESSION_TTL_MS: diagnosis only, how long a kept session row is served.
  const sessionTtlMs = Number(process.env.LEDE_BENCH_SESSION_TTL_MS) || undefined;
  const sessionUsers = createSessionUsers(sessionTtlMs ? { ttlMs: sessionTtlMs } : {});
  const usersRelay = await startUsersChangedRelay({ connectionString, sessionUsers, logger });
  const deps = {
    config,
    db: database.db,
    pool,
    outbox,
    clock: systemClock,
    logger,
    sessionUsers,
    changes,
  };
  const app = createApp(deps);
  let serverTimes = new Map();
  const timed = (req, res) => {
    const started = performance.now();
    res.once('finish', () => {
      const key = `${req.method} ${(req.originalUrl ?? req.url).split('?')[0]} ${res.statusCode}`;
      let list = serverTimes.get(key);
      if (!list) serverTimes.set(key, (list = []));
      list.push(performance.now() - started);
    });
    app(req, res);
  };
  const listening = await listen(timed, {
    quiet: () => pool.waitingCount === 0 && pool.idleCount === pool.totalCount,
  });

  function stats() {
    const sorted = [...waits].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
    const round = (n) => Math.round(n * 100) / 100;
    const cpu = process.cpuUsage(cpuAtReset);
    const elapsedS = (performance.now() - timeAtReset) / 1000;
    return {
      poolMax: pool.options.max,
      connectionTimeoutMillis: pool.options.connectionTimeoutMillis ?? 0,
      poolAcquisitions: sorted.length,
      poolWaitP50Ms: round(at(0.5)),
      poolWaitP99Ms: round(at(0.99)),
      poolWaitMaxMs: round(sorted.at(-1) ?? 0),
      poolWaitTotalS: round(sorted.reduce((s, x) => s + x, 0) / 1000),
      poolWaitingMax: maxWaiting,
      poolWaitingMean: round(waitingSum / Math.max(1, samples)),
      eventLoopDelayP50Ms: round(loop.percentile(50) / 1e6),
      eventLoopDelayP99Ms: round(loop.percentile(99) / 1e6),
      eventLoopDelayMaxMs: round(loop.max / 1e6),
      apiCpuSeconds: round((cpu.user + cpu.system) / 1e6),
      apiCpuShareOfOneCore: round((cpu.user + cpu.system) / 1e6 / elapsedS),
      statementMs: Object.fromEntries(
        [...statementTimes].map(([kind, list]) => {
          const times = list.sort((a, b) => a - b);
          const q = (p) =>
            round(times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]);
          return [kind, { count: times.length, p50: q(0.5), p99: q(0.99) }];
        }),
      ),
      serverMs: Object.fromEntries(
        [...serverTimes]
          .filter(([, list]) => list.length >= 20)
          .map(([key, list]) => {
            const times = list.sort((a, b) => a - b);
            const q = (p) =>
              round(times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]);
            return [
              key,
              {
                count: times.length,
                p50: q(0.5),
                p99: q(0.99),
                max: round(times.at(-1)),
                over5ms: times.filter((t) => t > 5).length,
              },
            ];
          }),
      ),
    };
  }

  function reset() {
    waits = [];
    statementTimes = new Map();
    serverTimes = new Map();
    maxWaiting = 0;
    waitingSum = 0;
    samples = 0;
    loop.reset();
    cpuAtReset = process.cpuUsage();
    timeAtReset = performance.now();
  }

  let stopping = false;
  /** Quick: drops the connections, gives the pool 3 s, exits 0 (so --cpu-prof writes its file). */
  async function stop() {
    if (stopping) return;
    stopping = true;
    listening.server.close();
    listening.server.closeAllConnections();
    await Promise.race([
      outbox
        .stop(1_000)
        .then(() => Promise.all([relay.stop(), usersRelay.stop()]))
        .then(() => database.close())
        .catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]);
    process.exit(0);
  }

  process.on('message', (msg) => {
    if (msg?.type === 'drain')
      listening.drain().then((ok) => process.send({ type: 'drained', ok }));
    else if (msg?.type === 'stats') {
      process.send({ type: 'stats', stats: stats() });
      if (msg.reset) reset();
    } else if (msg?.type === 'stop') void stop();
  });
  // The parent went away: do not linger.
  process.on('disconnect', () => void stop());
  process.send({ type: 'listening', url: listening.url });
}
