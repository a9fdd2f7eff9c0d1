#!/usr/bin/env node
// Runs the HTTP benchmarks against the BUILT API (apps/api/dist) and prints one JSON object.
//
//   node bench/run.mjs            every suite
//   node bench/run.mjs auth ...   only the named suites
//
// Environment (all optional):
//   BENCH_DURATION     seconds measured per target (default 8)
//   BENCH_WARMUP       seconds of unmeasured warm-up per target (default 1; 0 = none)
//   BENCH_CONNECTIONS  concurrent connections (default 10)
//   BENCH_WORKERS      autocannon worker threads (default 0: the load generator runs on the main thread;
//                      in worker mode autocannon posts every latency sample back, which costs more here)
//   BENCH_TIMEOUT      global time limit in seconds (default 600 per suite run, so `pnpm bench` with
//                      every suite fits): past it everything is stopped, exit 1
//   BENCH_BCRYPT_COST  bcrypt cost for the API and the seeded user (default: the config's, 12)
//
// Progress goes to stderr, the figures (only) to stdout. Everything is served on 127.0.0.1.
import os from 'node:os';
import { childPids, createLifecycle } from './lib/lifecycle.mjs';
import { measure, stopMeasuring } from './lib/measure.mjs';
import { startApi, startBareExpress } from './lib/server.mjs';
import { suites } from './suites/index.mjs';

/**
 * @typedef {object} SuiteContext
 * @property {Awaited<ReturnType<typeof startApi>>} api  the Lede API: url, deps (db, pool, config...), mailer, schema
 * @property {{url: string}} bare  the bare Express 5 baseline (GET /hello)
 * @property {{durationS:number, warmupS:number, connections:number, workers:number}} options
 * @property {typeof measure} measure
 * @property {(msg: string) => void} log  progress, to stderr
 * @property {ReturnType<typeof createLifecycle>} lifecycle  where a suite registers how to stop
 *           what it starts (undone at the end, or on the global timeout)
 */

const log = (msg) => process.stderr.write(`[bench] ${msg}\n`);
/** The default time limit per suite run; the longest, read-path, takes about 5 minutes here. */
const SUITE_BUDGET_S = 600;

function numberFromEnv(name, fallback, { min = 0, integer = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
    throw new Error(
      `${name} must be a${integer ? 'n integer' : ' number'} >= ${min}, got ${JSON.stringify(raw)}`,
    );
  }
  return n;
}

function selectSuites(names) {
  if (names.length === 0) return suites;
  const unknown = names.filter((n) => !suites.some((s) => s.name === n));
  if (unknown.length > 0) {
    throw new Error(
      `unknown suite(s): ${unknown.join(', ')}; available: ${suites.map((s) => s.name).join(', ')}`,
    );
  }
  return suites.filter((s) => names.includes(s.name));
}

async function main() {
  let selected, options, timeoutS, bcryptCost;
  try {
    selected = selectSuites(process.argv.slice(2));
    options = {
      durationS: numberFromEnv('BENCH_DURATION', 8, { min: 1 }),
      warmupS: numberFromEnv('BENCH_WARMUP', 1),
      connections: numberFromEnv('BENCH_CONNECTIONS', 10, { min: 1, integer: true }),
      workers: numberFromEnv('BENCH_WORKERS', 0, { integer: true }),
    };
    timeoutS = numberFromEnv('BENCH_TIMEOUT', SUITE_BUDGET_S * selected.length, { min: 1 });
    bcryptCost = process.env.BENCH_BCRYPT_COST
      ? numberFromEnv('BENCH_BCRYPT_COST', 12, { min: 4, integer: true })
      : undefined;
  } catch (err) {
    log(err.message);
    process.exit(2);
  }

  const lifecycle = createLifecycle({ log });
  const report = {
    machine: {
      cpus: os.availableParallelism?.() ?? os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
    },
    date: new Date().toISOString(),
    options: { ...options, timeoutS },
    suites: {},
  };
  const printReport = () => process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  lifecycle.armGlobalTimeout(timeoutS * 1000, () => {
    stopMeasuring();
    report.error = `global timeout of ${timeoutS} s exceeded (BENCH_TIMEOUT); figures so far only`;
    printReport();
  });

  let failed = false;
  try {
    const api = await startApi(lifecycle, { log, bcryptCost });
    const bare = await startBareExpress(lifecycle);
    log(`baseline listening on ${bare.url}`);
    // Registered last so it is undone first: no load while the servers stop.
    lifecycle.defer('load generator', stopMeasuring);
    for (const suite of selected) {
      log(`suite ${suite.name}: ${suite.description}`);
      const started = Date.now();
      try {
        report.suites[suite.name] = await suite.run({
          api,
          bare,
          options,
          measure,
          log,
          lifecycle,
        });
      } catch (err) {
        failed = true;
        report.suites[suite.name] = { error: err instanceof Error ? err.message : String(err) };
        log(`suite ${suite.name} failed: ${err?.stack ?? err}`);
      }
      log(`suite ${suite.name} took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } catch (err) {
    failed = true;
    report.error = err instanceof Error ? err.message : String(err);
    log(`setup failed: ${err?.stack ?? err}`);
  }

  printReport();

  const failures = await lifecycle.closeAll();
  if (failures.length > 0 || failed) {
    log(failures.length > 0 ? `shutdown problems: ${failures.join('; ')}` : 'finished with errors');
    process.exit(1);
  }
  log('done; everything stopped');

  // The process should now end by itself. If something still holds it open, say what and fail.
  const watchdog = setTimeout(() => {
    log(
      `still running 10 s after shutdown; open: ${process.getActiveResourcesInfo().join(', ')}; children: ${childPids().join(', ') || 'none'}`,
    );
    process.exit(1);
  }, 10_000);
  watchdog.unref();
}

main().catch((err) => {
  log(`unexpected failure: ${err?.stack ?? err}`);
  process.exit(1);
});
