// One autocannon measurement, reduced to the figures the report keeps. Measured, never asserted:
// unexpected statuses or errors become a `warning` field, not a failure.
import autocannon from 'autocannon';

/** The active autocannon run, so a global timeout can stop it. */
let active;
let stopped = false;

/** Stops the active run, and refuses any later one (used at shutdown and on the global timeout). */
export function stopMeasuring() {
  stopped = true;
  active?.stop();
}

/** One autocannon instance with options as given (stopped by stopMeasuring); resolves to its result. */
export function runAutocannon(opts, onInstance) {
  return run(opts, onInstance);
}

function run(opts, onInstance) {
  if (stopped) return Promise.reject(new Error('measuring was stopped'));
  const instance = autocannon({
    ...opts,
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
  });
  active = instance;
  onInstance?.(instance);
  return Promise.resolve(instance).finally(() => {
    if (active === instance) active = undefined;
  });
}

/**
 * @param {object} o
 * @param {string} o.url        base URL, e.g. http://127.0.0.1:1234 (must be 127.0.0.1)
 * @param {string} o.path
 * @param {string} [o.method]
 * @param {unknown} [o.json]    request body, sent as application/json
 * @param {Record<string,string>} [o.headers]
 * @param {{durationS:number, warmupS:number, connections:number, workers:number}} o.options
 * @param {() => Promise<unknown>} [o.settle]  waits until the server has finished what the load left
 *        in flight (autocannon drops its connections mid-request when it stops); called after the
 *        warm-up and after the measured run, so neither spills into the next window
 * @param {() => void} [o.onMeasuredStart]  called after the warm-up, just before the measured run
 * @param {() => void} [o.onMeasuredEnd]    called as soon as the measured run ends (before settling)
 * @param {(client: {setBody(b: string): void, setHeaders(h: object): void}) => void} [o.setupClient]
 *        called once per connection (e.g. to give each connection its own body). autocannon only takes
 *        such a function on its main thread, so the load generator then runs there.
 */
export async function measure({
  url,
  path,
  method = 'GET',
  json,
  headers = {},
  options,
  log,
  label,
  onMeasuredStart,
  onMeasuredEnd,
  setupClient,
  settle,
}) {
  const target = new URL(path, url);
  if (target.hostname !== '127.0.0.1')
    throw new Error(`refusing to benchmark ${target.host}: 127.0.0.1 only`);
  const workers = setupClient ? 0 : options.workers;
  const base = {
    url: target.href,
    method,
    connections: options.connections,
    headers: { ...headers, ...(json !== undefined && { 'content-type': 'application/json' }) },
    ...(json !== undefined && { body: JSON.stringify(json) }),
    ...(workers > 0 && { workers }),
    ...(setupClient && { setupClient }),
    timeout: 30,
  };
  if (options.warmupS > 0) {
    log?.(`${label}: warming up ${options.warmupS} s`);
    await run({ ...base, duration: options.warmupS });
    if ((await settle?.()) === false) log?.(`${label}: server still busy after the warm-up`);
  }
  onMeasuredStart?.();
  log?.(`${label}: measuring ${options.durationS} s, ${options.connections} connections`);
  const r = await run({ ...base, duration: options.durationS });
  onMeasuredEnd?.();
  const settled = await settle?.();
  const out = summarize(r);
  if (workers !== options.workers) out.loadGeneratorWorkers = workers;
  if (settled === false)
    out.warning = [out.warning, 'server still busy long after the run'].filter(Boolean).join('; ');
  return out;
}

export function summarize(r) {
  const out = {
    requestsPerSecond: round(r.requests.mean),
    latencyP50Ms: round(r.latency.p50),
    latencyP99Ms: round(r.latency.p99),
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    requests: r.requests.total,
    durationS: r.duration,
  };
  const problems = [];
  if (r.non2xx > 0) problems.push(`${r.non2xx} non-2xx responses`);
  if (r.errors > 0) problems.push(`${r.errors} errors (${r.timeouts} timeouts)`);
  if (r.requests.total === 0) problems.push('no request completed');
  if (problems.length > 0) {
    out.warning = problems.join('; ');
    out.statusCodes = Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
    );
  }
  return out;
}

const round = (n) => (Number.isFinite(n) ? Math.round(n * 100) / 100 : n);
