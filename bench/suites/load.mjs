// Suite "load": quick under a mixed load of reads and writes. The built API runs in a process
// of its own (one production instance; ../lib/api-process.mjs) on the bundled corpus; one
// autocannon instance on this process's main thread keeps BENCH_LOAD_CONNECTIONS (default 200)
// connections busy for BENCH_LOAD_SECONDS (default 30) with a fixed mix of visitors' reads and
// signed-in readers' likes, saves and recommendations, then reports per route count, p50, p99,
// max and non-2xx, the answers per second, the 5xx, and checks the database's counters against
// the acknowledged actions.
//
// Environment (all optional):
//   BENCH_LOAD_SECONDS      measured seconds (default 30)
//   BENCH_LOAD_WARMUP       unmeasured seconds before (default 5; its actions are checked too)
//   BENCH_LOAD_CONNECTIONS  connections (default 200)
//   BENCH_LOAD_READERS      signed-in readers (default 20); connection c acts as reader c mod N
//   BENCH_LOAD_PROFILE      a directory: the API process runs under --cpu-prof and writes there;
//                           the top functions by self time are added to the report
//   BENCH_LOAD_API_ENV      extra API environment, e.g. "DATABASE_POOL_MAX=10,PUBLIC_CACHE_SECONDS=5";
//                           "API_WORKERS=2" runs two node:cluster workers on one port;
//                           "READER_WRITE_LIMIT=60,READER_WRITE_HOURLY_LIMIT=600" puts the write
//                           limits on (off by default): like and save then report their accepted
//                           answers and their 429s apart
//   BENCH_LOAD_NODE_ARGS    extra node flags for the API process, space-separated (e.g. --trace-gc)
//   BENCH_LOAD_MIX          diagnosis only: another mix, e.g. "recommendations=100" or
//                           "latest=50,like=50" (the report then says so; reported figures are
//                           always taken with the default mix)
//   BENCH_LOAD_SETUPS       which setups one run measures, in order (default "direct,pooler"):
//                           direct  one instance, DATABASE_URL the embedded PostgreSQL itself
//                           pooler  two instances (API_WORKERS=2) through PgBouncer in transaction
//                                   mode on Debian's PostgreSQL (../lib/pooled-postgres.mjs),
//                                   DATABASE_POOLER=transaction, DATABASE_DIRECT_URL PostgreSQL
//                           With more than one, the report is { summary, setups: { <name>: ... } }.
//
// Beside the load, probes (one request at a time per connection, see PROBES) ask GET /api/health
// (a shared `select 1`, then the fast lane's remembered answer) and GET /api/health/live (no
// database): the ceiling, what the cheapest answer costs under the same load, to read every
// other latency against. The report gives server-side times too (serverMs: request to answer
// inside the API process, per route and status); the rest of a latency is queueing.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runAutocannon } from '../lib/measure.mjs';
import { startApiProcess } from '../lib/server.mjs';
import { summarizeCpuProfile } from '../lib/cpu-profile.mjs';
import { quantile } from '../lib/quantile.mjs';
import { apiThreadSplit, cpuSecondsOfTree, postgresPid } from '../lib/proc-cpu.mjs';
import { startPooledPostgres } from '../lib/pooled-postgres.mjs';
import { startProbes } from '../lib/probes.mjs';

const API_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/dist');
const importApi = (relative) => import(pathToFileURL(path.join(API_DIST, relative)).href);

const num = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number >= 0`);
  return n;
};
const SECONDS = num('BENCH_LOAD_SECONDS', 30);
const WARMUP = num('BENCH_LOAD_WARMUP', 5);
const CONNECTIONS = num('BENCH_LOAD_CONNECTIONS', 200);
const READERS = num('BENCH_LOAD_READERS', 20);
const PROFILE_DIR = process.env.BENCH_LOAD_PROFILE;
const SETUPS = (process.env.BENCH_LOAD_SETUPS || 'direct,pooler').split(',').map((x) => x.trim());
for (const setup of SETUPS)
  if (!['direct', 'pooler'].includes(setup))
    throw new Error(`BENCH_LOAD_SETUPS: "${setup}" is not direct or pooler`);
/**
 * The probes: the cheapest answers the API gives, each with its connections. /api/health/live
 * is the ceiling proper; /api/health takes a pooled connection for its `select 1`, so one
 * connection only, not to add to the pool's load what it measures.
 */
const PROBES = {
  health: { path: '/api/health', connections: 1 },
  healthLive: { path: '/api/health/live', connections: 3 },
};

/** Requests per 100 a connection sends, in a fixed interleaved order (shares of the answers). */
export const DEFAULT_MIX = {
  latest: 25,
  trending: 15,
  search: 15,
  article: 20,
  like: 8,
  save: 5,
  recommendations: 12,
};

function mixFromEnv(raw) {
  if (!raw) return DEFAULT_MIX;
  const mix = {};
  for (const part of raw.split(',').filter(Boolean)) {
    const [route, n] = part.split('=').map((s) => s.trim());
    if (!(route in DEFAULT_MIX) || !Number.isInteger(Number(n)) || Number(n) < 1)
      throw new Error(
        `BENCH_LOAD_MIX: "${part}" is not <route>=<count> with a route of ${Object.keys(DEFAULT_MIX).join(', ')}`,
      );
    mix[route] = Number(n);
  }
  return mix;
}
export const MIX = mixFromEnv(process.env.BENCH_LOAD_MIX);
const CUSTOM_MIX = MIX !== DEFAULT_MIX;
const ACCEPT = 'gzip, br';
/** Likes and saves go to the newest articles (what trending and latest show). */
const ACTION_ARTICLES = 1_500;
/** Articles opened: the newest 300, the first ones much more often. */
const OPENED_ARTICLES = 300;
const SEARCHES = [
  'election',
  'climate change',
  'trump',
  'covid',
  'sports',
  'world news',
  'ukraine',
  'elect',
  'travel',
  'food',
  'football',
  'stock market',
  'queen',
  'biden',
  'technology',
  'health',
  'inflation',
  'music',
  'hurricane',
  'science',
];

const round = (n) => (Number.isFinite(n) ? Math.round(n * 100) / 100 : n);

function quantiles(values) {
  const sorted = Float64Array.from(values).sort();
  const at = (q) => quantile(sorted, q);
  return sorted.length === 0
    ? { p50Ms: null, p99Ms: null, maxMs: null }
    : { p50Ms: round(at(0.5)), p99Ms: round(at(0.99)), maxMs: round(sorted.at(-1)) };
}

/** The figures an operator compares between setups, out of one setup's report. */
function summarize(f) {
  const route = (name) => f.routes[name] ?? {};
  const action = (name) => ({
    p99Ms: route(name).p99Ms,
    acceptedP99Ms: route(name).accepted?.p99Ms ?? route(name).p99Ms,
    refused429P99Ms: route(name).refused429?.p99Ms ?? null,
    accepted: route(name).accepted?.count ?? route(name).count,
    refused: route(name).refused429?.count ?? 0,
  });
  const server = f.server?.serverMs ?? {};
  const serverP99 = (key) => server[key]?.p99 ?? null;
  return {
    instances: f.instances,
    database: f.database,
    answersPerSecond: f.answersPerSecond,
    readP99Ms: Object.fromEntries(
      ['latest', 'trending', 'search', 'article', 'recommendations'].map((r) => [
        r,
        route(r).p99Ms,
      ]),
    ),
    like: action('like'),
    save: action('save'),
    refused429: f.refused429,
    non2xxOther429: f.non2xxOther429,
    fivexx: f.fivexx,
    ceilingP99Ms: Object.fromEntries(Object.entries(f.ceiling).map(([k, v]) => [k, v.p99Ms])),
    serverSideP99Ms: {
      like429: serverP99('POST /api/userinteractions/like 429'),
      save429: serverP99('POST /api/userinteractions/save 429'),
      like200: serverP99('POST /api/userinteractions/like 200'),
      save200: serverP99('POST /api/userinteractions/save 200'),
      health: serverP99('GET /api/health 200'),
      healthLive: serverP99('GET /api/health/live 200'),
    },
    eventLoopDelayP99Ms: f.server?.eventLoopDelayP99Ms,
    poolWaitP99Ms: f.server?.poolWaitP99Ms,
    loadAverage1m: [f.loadAverage1mAtStart, f.loadAverage1mAtEnd],
    countersExact: f.counters.exact,
  };
}

/** The 100 slots of one connection: each route spread evenly (largest-remainder interleaving). */
function slots() {
  const entries = Object.entries(MIX).flatMap(([route, n]) =>
    Array.from({ length: n }, (_, k) => ({ route, at: (k + 0.5) / n })),
  );
  return entries.sort((a, b) => a.at - b.at || a.route.localeCompare(b.route)).map((e) => e.route);
}

export default {
  name: 'load',
  description: `mixed load: ${CONNECTIONS} connections for ${SECONDS} s (latest, trending, search, article, like, save, recommendations; ${READERS} signed-in readers) against the API in its own process`,

  /** @param {import('../run.mjs').SuiteContext} ctx */
  async run({ api, log, lifecycle }) {
    const results = {};
    for (const setup of SETUPS) {
      log(`load: setup ${setup}`);
      if (setup === 'direct') {
        results[setup] = await runSetup({
          api,
          log,
          target: { deps: api.deps, env: {}, pgPid: postgresPid(), statements: true },
          labels: { instances: 1, database: 'embedded PostgreSQL, direct' },
        });
        continue;
      }
      const pooled = await startPooledPostgres({ log, lifecycle });
      if ('missing' in pooled) {
        results[setup] = { skipped: pooled.missing };
        continue;
      }
      try {
        results[setup] = await runSetup({
          api,
          log,
          target: {
            deps: { ...api.deps, db: pooled.db, pool: pooled.pool },
            env: { API_WORKERS: '2', ...pooled.apiEnv },
            pgPid: pooled.postgresPid,
            statements: false,
          },
          labels: { instances: 2, database: pooled.label },
        });
      } finally {
        await pooled.stop();
      }
    }
    if (SETUPS.length === 1) return results[SETUPS[0]];
    return {
      summary: Object.fromEntries(
        Object.entries(results).map(([k, f]) => [k, f.skipped ? f : f.summary]),
      ),
      setups: results,
    };
  },
};

/** One setup: its database prepared, the API started on it, the load run and measured. */
async function runSetup({ api, log, target, labels }) {
  const [{ seedCorpusIfEmpty }, { createTokenService }, { CATEGORY_IDS }] = await Promise.all([
    importApi('modules/articles/seed.js'),
    importApi('modules/auth/tokens.service.js'),
    import(pathToFileURL(path.resolve(API_DIST, '../../../packages/shared/dist/index.js')).href),
  ]);
  const { db, pool } = target.deps;
  await seedCorpusIfEmpty(db, api.deps.logger);
  // Another suite may have left generated copies: back to the corpus.
  await pool.query(`delete from articles where link like '%#copy-%'`);
  const { rows: newest } = await pool.query(
    `select id from articles where pub_date <= now() order by pub_date desc nulls last, id limit ${ACTION_ARTICLES}`,
  );
  const actionIds = newest.map((r) => r.id);
  const openedIds = actionIds.slice(0, OPENED_ARTICLES);

  // Readers inserted directly (no sign-up round trip), 3 to 5 interests each, tokens signed here.
  const tag = crypto.randomBytes(4).toString('hex');
  const readers = await db
    .insert(api.schema.users)
    .values(
      Array.from({ length: READERS }, (_, i) => ({
        email: `bench.load.${tag}.${i}@example.com`,
        name: `Load Reader ${i}`,
        passwordHash: 'x',
        interests: CATEGORY_IDS.slice(i % 5, (i % 5) + 3 + (i % 3)),
      })),
    )
    .returning();
  const tokens = createTokenService(target.deps);
  const auth = await Promise.all(
    readers.map(async (r) => `Bearer ${await tokens.newSessionAccessToken(db, r)}`),
  );

  // Each reader likes (and saves) its own sequence of distinct articles, once each: the
  // expected count of an article is the number of acknowledged likes on it. Reader r starts
  // at article 5r, so readers overlap on the same hot articles as they go.
  const progress = readers.map(() => ({ like: 0, save: 0 }));
  const nextArticle = (r, kind) => {
    const k = progress[r][kind]++;
    if (k >= actionIds.length) return undefined; // out of distinct articles: repeat would toggle
    return actionIds[(k + 5 * r) % actionIds.length];
  };
  const acked = { like: new Map(), save: new Map() };
  const sent = { like: new Map(), save: new Map() };
  const surprises = [];
  const bump = (map, id) => map.set(id, (map.get(id) ?? 0) + 1);

  const before = new Map(
    (
      await pool.query('select id, likes, saves from articles where id = any($1::uuid[])', [
        actionIds,
      ])
    ).rows.map((r) => [r.id, r]),
  );

  const order = slots();
  let clientCount = 0;
  const search = (q) => `/api/articles/getarticlebykeyword?keyword=${encodeURIComponent(q)}`;
  const visitor = { 'accept-encoding': ACCEPT };

  /** The 100 requests of connection c: reads as a visitor, actions as reader c mod READERS. */
  function requestsFor(c) {
    const r = c % READERS;
    const signed = { ...visitor, authorization: auth[r] };
    let searchN = 0;
    let articleN = 0;
    const action = (kind, urlPath) => {
      let pending;
      return {
        route: kind,
        method: 'POST',
        path: urlPath,
        headers: { ...signed, 'content-type': 'application/json' },
        setupRequest: (req) => {
          pending = nextArticle(r, kind);
          if (!pending)
            return {
              ...req,
              method: 'GET',
              path: '/api/articles/getlatestarticles',
              body: undefined,
            };
          bump(sent[kind], pending);
          return { ...req, body: JSON.stringify({ article_id: pending }) };
        },
        onResponse: (status, body) => {
          if (!pending || status < 200 || status >= 300) return;
          const answer = JSON.parse(body);
          const on = kind === 'like' ? answer.liked : answer.saved;
          if (on === true) bump(acked[kind], pending);
          else
            surprises.push(`${kind} of ${pending} by reader ${r} answered ${body.slice(0, 120)}`);
          pending = undefined;
        },
      };
    };
    const list = order.map((route) => {
      switch (route) {
        case 'latest':
          return { route, path: '/api/articles/getlatestarticles', headers: visitor };
        case 'trending':
          return { route, path: '/api/articles/getlatesttrendingarticles', headers: visitor };
        case 'search':
          return {
            route,
            path: search(SEARCHES[(c * 7 + searchN++) % SEARCHES.length]),
            headers: visitor,
          };
        case 'article': {
          // Skewed: the square of a uniform position favours the newest.
          const u = ((c * 37 + articleN++ * 11) % 97) / 97;
          const id = openedIds[Math.floor(u * u * openedIds.length)];
          return {
            route,
            path: `/api/articles/getarticlebyid?article_id=${id}`,
            headers: visitor,
          };
        }
        case 'like':
          return action('like', '/api/userinteractions/like');
        case 'save':
          return action('save', '/api/userinteractions/save');
        case 'recommendations':
          return { route, path: '/api/recommendations/get', headers: signed };
        default:
          throw new Error(route);
      }
    });
    // Connections start at different places of the cycle (always on a read).
    let shift = (c * 13) % list.length;
    for (let tries = 0; list[shift].setupRequest && tries < list.length; tries++)
      shift = (shift + 1) % list.length;
    return [...list.slice(shift), ...list.slice(0, shift)];
  }

  const apiEnv = Object.fromEntries(
    (process.env.BENCH_LOAD_API_ENV ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => kv.split('=').map((s) => s.trim())),
  );
  const server = await startApiProcess(api, {
    // Its 20 readers like and save hundreds of times a second: far past a person's write
    // budget (docs/api.md), which the load would otherwise measure as 429s.
    env: {
      READER_WRITE_LIMIT: '1000000',
      READER_WRITE_HOURLY_LIMIT: '1000000',
      ...apiEnv,
      ...target.env,
    },
    execArgv: [
      ...(PROFILE_DIR
        ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR, '--cpu-prof-interval', '500']
        : []),
      ...(process.env.BENCH_LOAD_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
    ],
    log,
  });
  const pgPid = target.pgPid;

  try {
    const byRoute = new Map(
      Object.keys(DEFAULT_MIX).map((k) => [
        k,
        { lat: [], lat2xx: [], lat429: [], non2xx: 0, s5xx: 0, codes: {} },
      ]),
    );
    let measuring = false;
    const runOnce = (durationS) =>
      runAutocannon(
        {
          url: server.url,
          connections: CONNECTIONS,
          duration: durationS,
          timeout: 30,
          requests: [{ path: '/api/articles/getlatestarticles', headers: visitor }],
          setupClient: (client) => client.setRequests(requestsFor(clientCount++)),
          renderProgressBar: false,
          renderResultsTable: false,
          renderLatencyTable: false,
        },
        (instance) =>
          instance.on('response', (client, status, _bytes, ms) => {
            if (!measuring) return;
            const route = client.requestIterator.currentRequest?.route ?? 'latest';
            const s = byRoute.get(route);
            s.lat.push(ms);
            if (status === 429) s.lat429.push(ms);
            else if (status >= 200 && status < 300) s.lat2xx.push(ms);
            if (status < 200 || status >= 300) s.non2xx++;
            if (status >= 500) s.s5xx++;
            s.codes[status] = (s.codes[status] ?? 0) + 1;
          }),
      );

    if (WARMUP > 0) {
      log(`load: warming up ${WARMUP} s (${CONNECTIONS} connections)`);
      await runOnce(WARMUP);
      await server.drain();
    }
    await server.stats({ reset: true });
    if (target.statements) {
      await pool.query('create extension if not exists pg_stat_statements');
      await pool.query('select pg_stat_statements_reset()');
    }
    const load1 = os.loadavg()[0];
    const cpu0 = {
      api: cpuSecondsOfTree(server.pid),
      apiThreads: apiThreadSplit(server.pid),
      postgres: pgPid ? cpuSecondsOfTree(pgPid) : NaN,
      bench: process.cpuUsage(),
    };
    log(
      `load: measuring ${SECONDS} s, ${CONNECTIONS} connections (load average ${load1.toFixed(2)})`,
    );
    measuring = true;
    const stopProbes = startProbes(server.url, PROBES, {
      measuring: () => measuring,
      summarize: quantiles,
    });
    const started = performance.now();
    // What the API's database sessions are doing, sampled: running, or waiting on what.
    const waitSamples = {};
    let activitySamples = 0;
    let sampling = true;
    const sampleActivity = (async () => {
      while (sampling) {
        const { rows } = await pool.query(
          `select coalesce(wait_event_type || ':' || wait_event, 'running') as what, state, count(*)::int as n
             from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
             group by 1, 2`,
        );
        activitySamples++;
        for (const r of rows) {
          const key = r.state === 'active' ? r.what : r.state;
          waitSamples[key] = (waitSamples[key] ?? 0) + r.n;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const result = await runOnce(SECONDS).finally(() => (sampling = false));
    await sampleActivity;
    measuring = false;
    const ceiling = await stopProbes();
    const elapsedS = (performance.now() - started) / 1000;
    const cpu1 = {
      api: cpuSecondsOfTree(server.pid),
      apiThreads: apiThreadSplit(server.pid),
      postgres: pgPid ? cpuSecondsOfTree(pgPid) : NaN,
      bench: process.cpuUsage(cpu0.bench),
    };
    const serverStats = await server.stats();
    // The statements that took the database's time during the measured window.
    const { rows: statementRows } = !target.statements
      ? { rows: [] }
      : await pool.query(
          `select case when length(q) > 360 then left(q, 160) || ' … ' || right(q, 200) else q end as query, calls::int,
                round(total_exec_time)::int as total_ms, round(mean_exec_time::numeric, 2)::float as mean_ms
         from pg_stat_statements, regexp_replace(query, '\\s+', ' ', 'g') as q
         where dbid = (select oid from pg_database where datname = current_database())
         order by total_exec_time desc limit 12`,
        );
    const statementsTotalMs = !target.statements
      ? null
      : (
          await pool.query(
            `select round(sum(total_exec_time))::int as ms from pg_stat_statements
           where dbid = (select oid from pg_database where datname = current_database())`,
          )
        ).rows[0].ms;
    // The limits' counters: rows written, dead versions left and size (bloat of a hot row).
    const { rows: limitTables } = await pool.query(
      `select relname as table, n_live_tup::int as live, n_dead_tup::int as dead,
                n_tup_ins::int as inserted, n_tup_upd::int as updated, n_tup_hot_upd::int as hot_updated,
                n_tup_del::int as deleted, pg_total_relation_size(relid)::int as bytes
         from pg_stat_user_tables where relname in ('rate_limit_hits', 'write_budgets')`,
    );
    const drained = await server.drain();

    // Counters: likes and saves of every article acted on, against the acknowledged actions.
    const { rows: after } = await pool.query(
      `select a.id, a.likes, a.saves,
                (select count(*)::int from article_reactions r where r.article_id = a.id and r.kind = 'like' and r.user_id = any($2::uuid[])) as like_rows,
                (select count(*)::int from saved_articles s where s.article_id = a.id and s.user_id = any($2::uuid[])) as save_rows
         from articles a where a.id = any($1::uuid[])`,
      [actionIds, readers.map((r) => r.id)],
    );
    const check = { like: [], save: [] };
    const totals = {
      like: { acknowledged: 0, sent: 0, counterDelta: 0, rows: 0 },
      save: { acknowledged: 0, sent: 0, counterDelta: 0, rows: 0 },
    };
    for (const row of after) {
      const was = before.get(row.id);
      for (const [kind, counter, rows] of [
        ['like', row.likes - was.likes, row.like_rows],
        ['save', row.saves - was.saves, row.save_rows],
      ]) {
        const a = acked[kind].get(row.id) ?? 0;
        const s = sent[kind].get(row.id) ?? 0;
        totals[kind].acknowledged += a;
        totals[kind].sent += s;
        totals[kind].counterDelta += counter;
        totals[kind].rows += rows;
        // Exact unless a request was still unanswered when the load generator stopped
        // (then it may have committed without being acknowledged: counter between acked and sent).
        if (counter !== a || rows !== a)
          check[kind].push({ article: row.id, acknowledged: a, sent: s, counter, rows });
      }
    }
    const unexplained = (kind) =>
      check[kind].filter(
        (m) => m.counter !== m.rows || m.counter < m.acknowledged || m.counter > m.sent,
      );

    const routes = {};
    let total = 0;
    let fivexx = 0;
    let non2xxOther429 = 0;
    const refused = [];
    for (const [route, s] of byRoute) {
      if (!(route in MIX) && s.lat.length === 0) continue;
      total += s.lat.length;
      fivexx += s.s5xx;
      non2xxOther429 += s.non2xx - s.lat429.length;
      refused.push(...s.lat429);
      routes[route] = {
        count: s.lat.length,
        share: 0,
        ...quantiles(s.lat),
        non2xx: s.non2xx,
        ...(s.non2xx > 0 && { statusCodes: s.codes }),
        // With the write limits on (BENCH_LOAD_API_ENV=READER_WRITE_LIMIT=60,...): the
        // accepted answers and the refusals apart, and the non-2xx other than 429.
        ...(s.lat429.length > 0 && {
          accepted: { count: s.lat2xx.length, ...quantiles(s.lat2xx) },
          refused429: { count: s.lat429.length, ...quantiles(s.lat429) },
          non2xxOther429: s.non2xx - s.lat429.length,
        }),
      };
    }
    for (const r of Object.values(routes)) r.share = round(r.count / Math.max(1, total));

    let profile;
    if (PROFILE_DIR) {
      await server.stop();
      profile = summarizeCpuProfile(PROFILE_DIR, server.pid);
    }

    const figures = {
      ...labels,
      connections: CONNECTIONS,
      durationS: round(elapsedS),
      readers: READERS,
      mixPer100: MIX,
      ...(CUSTOM_MIX && { mixWarning: "BENCH_LOAD_MIX: not the issue's mix (diagnosis only)" }),
      loadAverage1mAtStart: round(load1),
      loadAverage1mAtEnd: round(os.loadavg()[0]),
      answersPerSecond: round(total / elapsedS),
      answers: total,
      autocannon: {
        requestsPerSecondMean: round(result.requests.mean),
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      },
      fivexx,
      non2xxOther429,
      refused429: { count: refused.length, ...quantiles(refused) },
      ceiling,
      routes,
      counters: {
        like: {
          ...totals.like,
          articlesDiffering: check.like.length,
          unexplained: unexplained('like'),
        },
        save: {
          ...totals.save,
          articlesDiffering: check.save.length,
          unexplained: unexplained('save'),
        },
        // Exact: counters equal the rows, every acknowledged action is in them, and any surplus
        // is a request cut off unanswered when the load generator stopped.
        exact:
          unexplained('like').length === 0 &&
          unexplained('save').length === 0 &&
          surprises.length === 0,
        unexpectedAnswers: surprises.slice(0, 5),
        unexpectedAnswerCount: surprises.length,
      },
      server: serverStats,
      databaseStatements: {
        note: 'pg_stat_statements over the measured window: execution time inside PostgreSQL, top 12',
        totalMs: statementsTotalMs,
        top: statementRows.map((r) => ({
          ...r,
          share: round(r.total_ms / Math.max(1, statementsTotalMs)),
        })),
      },
      databaseSessions: {
        note: "mean sessions per sample of pg_stat_activity (every 100 ms), by state or wait event; includes this process's idle pool",
        ...Object.fromEntries(
          Object.entries(waitSamples)
            .sort((a, b) => b[1] - a[1])
            .map(([k, n]) => [k, round(n / Math.max(1, activitySamples))]),
        ),
      },
      limitTables: {
        note: 'pg_stat_user_tables after the run (warm-up included): the counters of the limits',
        ...Object.fromEntries(limitTables.map(({ table, ...t }) => [table, t])),
      },
      cpuSeconds: {
        api: round(cpu1.api - cpu0.api),
        apiByThread: Object.fromEntries(
          Object.keys(cpu1.apiThreads).map((k) => [
            k,
            round(cpu1.apiThreads[k] - cpu0.apiThreads[k]),
          ]),
        ),
        apiMsPerAnswer: round((1000 * (cpu1.api - cpu0.api)) / Math.max(1, total)),
        postgresMsPerAnswer: round((1000 * (cpu1.postgres - cpu0.postgres)) / Math.max(1, total)),
        postgres: round(cpu1.postgres - cpu0.postgres),
        loadGenerator: round((cpu1.bench.user + cpu1.bench.system) / 1e6),
        available: round(os.availableParallelism() * elapsedS),
        postgresPid: pgPid ?? null,
      },
      ...(!drained && { warning: 'API still busy 15 s after the run' }),
      ...(profile && { profile }),
      notes: [
        'The API runs in processes of its own (as production instances), the load generator (autocannon, one instance, main thread) and PostgreSQL beside them on the same machine.',
        `Each connection sends the same 100-request cycle (${Object.entries(MIX)
          .map(([k, v]) => `${k} ${v}`)
          .join(
            ', ',
          )}), starting at a different place; reads as a visitor (Accept-Encoding: ${ACCEPT}), like/save/recommendations signed in as reader (connection mod ${READERS}).`,
        'Likes and saves: each reader acts on its own sequence of distinct newest articles, once each, so every 2xx must say liked/saved and the counter of an article must grow by its acknowledged actions; "sent" includes requests cut off when the run stopped (committed, never acknowledged).',
        `Counted over the warm-up (${WARMUP} s) and the measured run; latencies only over the measured run.`,
      ],
    };
    return { summary: summarize(figures), ...figures };
  } finally {
    await server.stop();
  }
}
