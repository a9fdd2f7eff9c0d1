// Suite "read-path": every public GET of the route table as a browser asks for it
// (Accept-Encoding: gzip, br; the article reads also for a signed-in reader), at 50 connections,
// the API in a process of its own, each against bare Express 5 in another process replaying
// from memory the app's own answer to that request (same status, headers and body bytes), in
// alternating windows (ratio = requests/s of the endpoint / of the replay just before). Then
// search with nothing cached (BENCH_DISTINCT_QUERIES, 0 = skip): at 100,000 articles, hundreds
// of different real queries, each asked once, under 10 connections (BENCH_DISTINCT_CONNECTIONS).
// BENCH_READ_PROFILE_DIR: write the API process's --cpu-prof there; BENCH_READ_ONLY=a,b: only
// the routes whose name contains one of them; BENCH_READ_BUDGET: seconds for the table (default
// 300). The article reads go first: they are what readers wait for.
import {
  cpuSecondsOfTree,
  machineCpuShares,
  machineCpuTicks,
  postgresPid,
} from '../lib/proc-cpu.mjs';
import { quantile } from '../lib/quantile.mjs';
import { watchGcPauses } from '../lib/gc-pauses.mjs';
import { distinctSearches } from '../lib/search-queries.mjs';
import { startApiProcess, startBareReplay } from '../lib/server.mjs';
import { importTool } from '../lib/tools.mjs';
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const API_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/dist');
const importApi = (relative) => import(pathToFileURL(path.join(API_DIST, relative)).href);
const { ROUTES } = await import(
  pathToFileURL(path.resolve(API_DIST, '../../../packages/shared/dist/index.js')).href
);

const CONNECTIONS = Number(process.env.BENCH_READ_CONNECTIONS || 50);
const SCALE = Number(process.env.BENCH_ARTICLES_SCALE || 100_000);
const DISTINCT_QUERIES = Number(process.env.BENCH_DISTINCT_QUERIES ?? 300);
const PROFILE_DIR = process.env.BENCH_READ_PROFILE_DIR;
/** Seconds for the table: routes not started by then are named in the notes, not measured. */
const TABLE_BUDGET_S = Number(process.env.BENCH_READ_BUDGET || 300);
/** Only the routes whose name contains one of these (say `articles/,health`). */
const ONLY = process.env.BENCH_READ_ONLY?.split(',').filter(Boolean);
const DISTINCT_CONNECTIONS = Number(process.env.BENCH_DISTINCT_CONNECTIONS || 10);
/** How many of the slowest distinct searches the figures name (the p99 is the 4th slowest of 300). */
const SLOWEST_SHOWN = 5;
const ACCEPT = 'gzip, br';

const search = (q) => `/api/articles/getarticlebykeyword?keyword=${encodeURIComponent(q)}`;

/** One GET with node:http: status, headers and the body size as sent (still encoded). */
function probe(url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      let bytes = 0;
      const chunks = [];
      res.on('data', (chunk) => {
        bytes += chunk.length;
        chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          bytes,
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const round3 = (n) => Math.round(n * 1000) / 1000;

/** Each query once, `connections` at a time, keep-alive; latency of every request. */
async function runDistinct(baseUrl, queries, connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  /** Each query with its latency: the percentiles come from these, and the slowest are named. */
  const timed = [];
  const statuses = {};
  let errors = 0;
  let bytes = 0;
  let nextIndex = 0;
  let empty = 0;
  const started = performance.now();
  async function worker() {
    while (nextIndex < queries.length) {
      const q = queries[nextIndex++];
      const t0 = performance.now();
      try {
        const res = await new Promise((resolve, reject) => {
          const req = http.get(
            new URL(search(q), baseUrl),
            { agent, headers: { 'accept-encoding': ACCEPT } },
            (r) => {
              let size = 0;
              r.on('data', (c) => (size += c.length));
              r.on('end', () =>
                resolve({ status: r.statusCode, size, length: r.headers['content-length'] }),
              );
              r.on('error', reject);
            },
          );
          req.on('error', reject);
        });
        timed.push({ q, ms: performance.now() - t0 });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        bytes += res.size;
        if (res.size < 80) empty++;
      } catch {
        errors++;
      }
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  timed.sort((a, b) => a.ms - b.ms);
  const latencies = timed.map((t) => t.ms);
  return {
    queries: queries.length,
    connections,
    requestsPerSecond: round3(latencies.length / elapsed),
    // Little's law: about connections ÷ requestsPerSecond while every connection is busy.
    latencyMeanMs: round3(latencies.reduce((sum, ms) => sum + ms, 0) / latencies.length),
    latencyP50Ms: round3(quantile(latencies, 0.5)),
    latencyP90Ms: round3(quantile(latencies, 0.9)),
    latencyP99Ms: round3(quantile(latencies, 0.99)),
    latencyMaxMs: round3(latencies.at(-1)),
    slowest: timed
      .slice(-SLOWEST_SHOWN)
      .reverse()
      .map(({ q, ms }) => `${q}: ${round3(ms)} ms`),
    bytesPerResponse: Math.round(bytes / Math.max(1, latencies.length)),
    answersWithNoArticle: empty,
    statusCodes: statuses,
    errors,
  };
}

export default {
  name: 'read-path',
  description: `every public GET (${ACCEPT}, ${CONNECTIONS} connections) vs bare Express replaying its answer; ${DISTINCT_QUERIES} distinct searches at ${SCALE} articles`,

  /** @param {import('../run.mjs').SuiteContext} ctx */
  async run({ api, options, measure, log }) {
    const [
      { seedCorpusIfEmpty },
      { loadGeneratedArticles },
      { createTokenService },
      { clusterPendingStories },
    ] = await Promise.all([
      importApi('modules/articles/seed.js'),
      importTool('synthetic-articles.ts'),
      importApi('modules/auth/tokens.service.js'),
      importApi('modules/stories/index.js'),
    ]);
    const { db, pool } = api.deps;
    // Articles in stories, as the server leaves them after seeding: lists show one per story.
    const clusterStories = () =>
      clusterPendingStories(db, { now: new Date(), logger: api.deps.logger });
    await seedCorpusIfEmpty(db, api.deps.logger);
    await clusterStories();
    const count = async () =>
      Number((await pool.query('select count(*) from articles')).rows[0].count);
    const { rows } = await pool.query(
      'select id from articles order by pub_date desc limit 1 offset 100',
    );
    const articleId = rows[0].id;
    const { rows: grouped } = await pool.query(
      'select id from stories where size > 1 and merged_into is null order by size desc limit 1',
    );

    const [reader] = await db
      .insert(api.schema.users)
      .values({
        email: `bench.read-path.${crypto.randomBytes(4).toString('hex')}@example.com`,
        name: 'Bench Reader',
        passwordHash: 'x',
      })
      .returning();
    const token = await createTokenService(api.deps).newSessionAccessToken(api.deps.db, reader);

    // Every public GET of the route table, with the query a reader would send.
    const queryOf = {
      '/api/articles/getarticlebyid': `?article_id=${articleId}`,
      '/api/articles/getarticlebykeyword': '?keyword=election',
      '/api/articles/getrelatedarticles': `?article_id=${articleId}`,
      '/api/stories/getstorybyid': `?story_id=${grouped[0].id}`,
    };
    const targets = Object.fromEntries(
      Object.entries(ROUTES)
        .filter(([key, route]) => key.startsWith('GET ') && route.access !== 'signedIn')
        .map(([key]) => key.slice(4))
        // Prometheus's, for a bearer of METRICS_TOKEN only: not a public read.
        .filter((p) => p !== '/api/metrics')
        .sort(
          (a, b) =>
            Number(!a.startsWith('/api/articles/')) - Number(!b.startsWith('/api/articles/')),
        )
        .map((p) => [p.replace(/^\/api\//, ''), `${p}${queryOf[p] ?? ''}`]),
    );
    targets['articles/getarticlebykeyword (category)'] =
      '/api/articles/getarticlebykeyword?keyword=politics';
    const readers = {
      visitor: { 'accept-encoding': ACCEPT },
      signedIn: { 'accept-encoding': ACCEPT, authorization: `Bearer ${token}` },
    };
    /** The signed-in reader only on the article reads (the rest answer alike for anyone). */
    const forReader = (who, name) => who === 'visitor' || name.startsWith('articles/');
    const loadOptions = { ...options, connections: CONNECTIONS };
    const notes = [];

    const app = await startApiProcess(api, {
      execArgv: PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : [],
      log,
    });
    // The baseline's answers: the app's own, one probe each, with the same request headers.
    const plan = [];
    for (const [who, headers] of Object.entries(readers)) {
      for (const [name, target] of Object.entries(targets)) {
        if (!forReader(who, name) || (ONLY && !ONLY.some((o) => name.includes(o)))) continue;
        const check = await probe(new URL(target, app.url), headers);
        plan.push({ who, name, target, headers, check, replayPath: `/replay/${plan.length}` });
      }
    }
    const bare = await startBareReplay(
      plan.map((p) => ({
        path: p.replayPath,
        status: p.check.status,
        headers: p.check.headers,
        body: p.check.body,
      })),
      { log },
    );

    // Alternating short windows (bare, endpoint, bare, endpoint, ...) so both see the same
    // machine: on a shared machine the load of other processes drifts over tens of seconds.
    const rounds = Number(process.env.BENCH_READ_ROUNDS || 3);
    const windowS = Math.max(1, Math.round(options.durationS / 2));
    const windowOptions = { ...loadOptions, durationS: windowS, warmupS: 0 };
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const sum = (rs, key) => rs.reduce((acc, r) => acc + r[key], 0);

    const table = {};
    const tableStarted = Date.now();
    try {
      for (const { who, name, target, headers, check, replayPath } of plan) {
        table[who] ??= {};
        const label = `${who} ${name}`;
        if (Date.now() - tableStarted > TABLE_BUDGET_S * 1000) {
          notes.push(`${label}: not measured, past BENCH_READ_BUDGET (${TABLE_BUDGET_S} s)`);
          continue;
        }
        if (check.status !== 200) notes.push(`${label}: probe answered ${check.status}`);
        if (who === 'signedIn' && check.headers['cache-control'] !== 'private, no-store')
          notes.push(
            `${label}: not private (${check.headers['cache-control']}): session not applied?`,
          );
        const bareTarget = { url: bare.url, path: replayPath, headers, settle: bare.drain };
        const apiTarget = { url: app.url, path: target, headers, settle: app.drain };
        // One unmeasured warm-up of each, then the alternating windows.
        for (const t of [bareTarget, apiTarget])
          await measure({
            ...t,
            label: `${label} warm-up`,
            options: { ...windowOptions, durationS: Math.max(1, options.warmupS) },
            log,
          });
        const bareRuns = [];
        const runs = [];
        for (let round = 0; round < rounds; round++) {
          bareRuns.push(
            await measure({
              ...bareTarget,
              label: `bare (${label}) ${round + 1}/${rounds}`,
              options: windowOptions,
              log,
            }),
          );
          runs.push(
            await measure({
              ...apiTarget,
              label: `${label} ${round + 1}/${rounds}`,
              options: windowOptions,
              log,
            }),
          );
        }
        const ratios = runs.map((r, i) => r.requestsPerSecond / bareRuns[i].requestsPerSecond);
        const warnings = [...bareRuns, ...runs].map((r) => r.warning).filter(Boolean);
        table[who][name] = {
          path: target,
          ratio: round3(median(ratios)),
          ratios: ratios.map(round3),
          requestsPerSecond: round3(median(runs.map((r) => r.requestsPerSecond))),
          latencyP50Ms: median(runs.map((r) => r.latencyP50Ms)),
          latencyP99Ms: median(runs.map((r) => r.latencyP99Ms)),
          requests: sum(runs, 'requests'),
          non2xx: sum(runs, 'non2xx'),
          errors: sum(runs, 'errors'),
          bareRequestsPerSecond: round3(median(bareRuns.map((r) => r.requestsPerSecond))),
          bareLatencyP50Ms: median(bareRuns.map((r) => r.latencyP50Ms)),
          bareLatencyP99Ms: median(bareRuns.map((r) => r.latencyP99Ms)),
          status: check.status,
          contentEncoding: check.headers['content-encoding'] ?? 'identity',
          bodyBytes: check.bytes,
          cacheControl: check.headers['cache-control'],
          ...(warnings.length > 0 && { warning: warnings.join('; ') }),
        };
      }
    } finally {
      await bare.stop();
      await app.stop();
    }

    const summary = Object.fromEntries(
      Object.entries(table).map(([who, byTarget]) => [
        who,
        Object.fromEntries(
          Object.entries(byTarget).map(([name, r]) => [
            name,
            `${r.ratio} of bare (${r.requestsPerSecond} vs ${r.bareRequestsPerSecond} req/s), p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, ${r.bodyBytes} B ${r.contentEncoding}`,
          ]),
        ),
      ]),
    );
    const tableNotes = [
      ...notes,
      `app: the built API in a process of its own (node dist, as in production); bare: Express 5 in another process answering from memory the app's own status, headers and body bytes for that request (one probe each, same request headers; its own Date and Content-Length).`,
      `ratio = median over ${rounds} alternating ${windowS}-s windows of (requests/s of the endpoint / requests/s of the bare replay in the window just before), ${CONNECTIONS} connections; latencies are medians of the windows' figures.`,
      'bodyBytes: the body as sent (encoded) for one request with the same headers; search is "election", category is "politics".',
    ];
    if (DISTINCT_QUERIES === 0)
      return {
        summary,
        connections: CONNECTIONS,
        acceptEncoding: ACCEPT,
        ...table,
        notes: tableNotes,
      };

    log(`read-path: generating up to ${SCALE} articles`);
    let started = Date.now();
    await loadGeneratedArticles(db, SCALE);
    await clusterStories();
    const generateMs = Date.now() - started;
    // What autovacuum does shortly after a bulk load: statistics, and the GIN pending list
    // merged (until then every full-text search also scans up to 4 MB of pending entries).
    // (article_search is filled by a trigger as the articles arrive: the same applies to it.)
    await pool.query('vacuum analyze articles, article_search');
    const { measured: queries, warmup } = await distinctSearches(pool, DISTINCT_QUERIES);
    log(`read-path: ${queries.length} distinct searches (plus ${warmup.length} to warm up)`);
    await runDistinct(api.url, warmup, DISTINCT_CONNECTIONS);
    await api.drain();
    const pgPid = postgresPid();
    const postgresCpuS = () => (pgPid ? cpuSecondsOfTree(pgPid) : NaN);
    const cpuBefore = {
      here: process.cpuUsage(),
      postgres: postgresCpuS(),
      machine: machineCpuTicks(),
    };
    started = Date.now();
    const stopWatchingGc = watchGcPauses();
    const distinct = await runDistinct(api.url, queries, DISTINCT_CONNECTIONS);
    const gcPauses = await stopWatchingGc();
    log(`read-path: distinct searches took ${Date.now() - started} ms`);
    const here = process.cpuUsage(cpuBefore.here);
    const machineCpu = machineCpuShares(cpuBefore.machine, machineCpuTicks());
    const perQuery = (ms) => round3(ms / queries.length);

    return {
      summary,
      connections: CONNECTIONS,
      acceptEncoding: ACCEPT,
      ...table,
      distinctSearch: {
        articles: await count(),
        generateMs,
        examples: queries.slice(0, 12),
        ...distinct,
        cpuPerQueryMs: {
          apiAndLoadGenerator: perQuery((here.user + here.system) / 1000),
          postgres: perQuery((postgresCpuS() - cpuBefore.postgres) * 1000),
        },
        machineCpu,
        gcPauses,
      },
      notes: [
        ...tableNotes,
        `distinctSearch: each query asked once (nothing cached), ${DISTINCT_CONNECTIONS} connections, after ${warmup.length} other queries to warm up; the table was vacuumed and analysed after the load, as autovacuum would.`,
        'distinctSearch.cpuPerQueryMs: CPU (user + system) over the measured searches divided by their number: this process (the API and the load generator share it) and every PostgreSQL process, from /proc (NaN where there is none); on 2 cores their sum bounds the queries per second.',
        "distinctSearch.machineCpu: shares of all the CPUs' time over the measured searches, from /proc/stat: busy, idle, and steal (a virtual machine's CPUs waiting for the host). On this kind of machine the same code has cost from 4.0 to 6.6 ms of CPU per search from one run to the next (the articles README).",
        "distinctSearch.gcPauses: this process's garbage-collection pauses during the measured searches (how many, their total, the longest, by kind). A pause stops the event loop the API and the load generator share, so every search in flight waits for it.",
      ],
    };
  },
};
