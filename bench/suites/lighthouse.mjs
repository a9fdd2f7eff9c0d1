// Suite "lighthouse": the built web client as a phone sees it. Lighthouse 12 (mobile emulation,
// simulated throttling, the default config) drives Debian's Chromium on the visitor pages `/`,
// `/explore` and `/search?q=climate`, and on a signed-in reader's `/home` and `/saved`, several
// runs each; the figures are the medians. Measured, never asserted.
import crypto from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Lighthouse, Puppeteer and the Chrome launcher, imported when this suite runs: loaded with the
 * other suites, they held tens of MB of the heap of the process that also hosts the API under
 * measurement, which every major collection of the earlier suites had to mark.
 */
async function importBrowserTools() {
  const [{ default: lighthouse }, chromeLauncher, { default: puppeteer }] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
    import('puppeteer-core'),
  ]);
  return { lighthouse, chromeLauncher, puppeteer };
}

const API_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/dist');
const importApi = (relative) => import(pathToFileURL(path.join(API_DIST, relative)).href);

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3);
/** BENCH_LIGHTHOUSE_PAGES=/home,/explore measures only those pages (for a diagnosis). */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const only = (pages) => (ONLY ? pages.filter((p) => ONLY.includes(p)) : pages);
const PAGES = only(['/', '/explore', '/search?q=climate']);
/** The story page, measured on the corpus's largest story ("/story" in BENCH_LIGHTHOUSE_PAGES). */
const STORY_PAGE = only(['/story']).length > 0;
const READER_PAGES = only(['/home', '/saved']);
/**
 * BENCH_LIGHTHOUSE_SAVE=dir writes each page's last full report there (JSON), and the artifacts
 * of its last run (trace, network log) in dir/<page>/: bench/lantern-graph.mjs shows what
 * Lighthouse's simulation puts before a page's LCP, and Lighthouse can re-audit them (-A).
 */
const SAVE_DIR = process.env.BENCH_LIGHTHOUSE_SAVE;
/**
 * BENCH_LIGHTHOUSE_PROFILE=1 adds V8's sampling profiler to the trace (it slows the page a
 * little): bench/blocking-tasks.mjs then says which functions fill the main thread's long tasks.
 */
const PROFILE = Boolean(process.env.BENCH_LIGHTHOUSE_PROFILE);
/**
 * BENCH_LIGHTHOUSE_SW_AB=1 measures each page a second time with /sw.js blocked (its
 * registration fails, no worker installs): `withoutServiceWorker`, the ceiling of the same run
 * for "the service worker must not slow the first visit".
 */
const SW_AB = Boolean(process.env.BENCH_LIGHTHOUSE_SW_AB);
const WITHOUT_SERVICE_WORKER = { blockedUrlPatterns: ['*/sw.js'] };
/**
 * BENCH_LIGHTHOUSE_CPU_SLOWDOWN=6 simulates a slower phone than Lighthouse's default 4x: the
 * headroom of the scores, since a busy minute on a shared machine slows every task alike.
 */
const CPU_SLOWDOWN = Number(process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN) || undefined;
/** What the web client keeps in localStorage after a login (apps/web/src/lib/storage.ts). */
const STORAGE_KEYS = { user: 'lede.user', token: 'lede.token' };
const SAVED_ARTICLES = 6;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The spec's original client, measured once with these settings (for the side-by-side). */
const PEER = {
  '/': { performance: 97, accessibility: 82, lcpMs: 2300, jsKbGzip: 138 },
  '/explore': { performance: 93, accessibility: 78, jsKbGzip: 138 },
};

function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const round = (n, digits = 0) => (n === null ? null : Number(n.toFixed(digits)));

/** One Lighthouse run: scores, vitals and what the page downloaded (bytes over the wire). */
function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const bytes = (type) =>
    requests
      .filter((r) => r.resourceType === type && !r.url.startsWith('data:'))
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    performance: (lhr.categories.performance?.score ?? NaN) * 100,
    accessibility: (lhr.categories.accessibility?.score ?? NaN) * 100,
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsKbTransferred: bytes('Script') / 1024,
    cssKbTransferred: bytes('Stylesheet') / 1024,
    requests: requests.length,
    // Lighthouse's own measure of the machine's speed at the time of the run (higher: faster).
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
  };
}

/**
 * A reader as the web client holds one after login: interests chosen and a few articles saved,
 * through the API itself; returns the bearer token and the public user the client stores.
 */
async function createReader(api) {
  const { createTokenService } = await importApi('modules/auth/tokens.service.js');
  const [row] = await api.deps.db
    .insert(api.schema.users)
    .values({
      email: `bench.lighthouse.${crypto.randomBytes(4).toString('hex')}@example.com`,
      name: 'Bench Reader',
      passwordHash: 'x',
    })
    .returning();
  const token = await createTokenService(api.deps).newSessionAccessToken(api.deps.db, row);
  const call = async (method, route, body) => {
    const res = await fetch(`${api.url}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}`);
    return res.json();
  };
  const { user } = await call('POST', '/api/profile/setinterests', {
    interests: ['technology', 'science', 'health'],
  });
  const { articles } = await call('GET', '/api/articles/getlatestarticles');
  for (const article of articles.slice(0, SAVED_ARTICLES)) {
    await call('POST', '/api/userinteractions/save', { article_id: article._id });
  }
  return { token, user };
}

const savedName = (url) => new URL(url).pathname.replace(/\W+/g, '_') || 'root';

async function saveReport(url, lhr) {
  await mkdir(SAVE_DIR, { recursive: true });
  await writeFile(path.join(SAVE_DIR, `${savedName(url)}.json`), JSON.stringify(lhr));
}

/**
 * Runs Lighthouse on one page: one unmeasured load to warm the server's caches (as a live site's
 * would be), then RUNS measured ones. `prepare` runs before each load (a signed-in page clears
 * the HTTP cache itself, since it keeps the storage that holds its session).
 */
async function measurePage(lighthouse, url, options, tab) {
  const measured = await measureRuns(lighthouse, url, options, tab);
  if (!SW_AB) return measured;
  const withoutServiceWorker = await measureRuns(
    lighthouse,
    url,
    { ...options, ...WITHOUT_SERVICE_WORKER },
    tab,
  );
  return { ...measured, withoutServiceWorker };
}

async function measureRuns(lighthouse, url, options, { page, prepare = async () => {} } = {}) {
  await prepare();
  await lighthouse(url, { ...options, onlyCategories: ['performance'] }, undefined, page);
  const runs = [];
  let retries = 0;
  for (let i = 0; i < RUNS; i++) {
    await prepare();
    // Gathered into the folder, then audited from it (Lighthouse's -GA): the same run, kept.
    const artifacts = SAVE_DIR && path.join(SAVE_DIR, savedName(url));
    const result = await lighthouse(
      url,
      {
        ...options,
        onlyCategories: ['performance', 'accessibility'],
        ...(artifacts && { gatherMode: artifacts, auditMode: artifacts }),
      },
      undefined,
      page,
    );
    // Chrome now and then records a trace without its navigation start; Lighthouse's advice is
    // to run again (at most twice per measured run). Any other failure ends the suite.
    if (result?.lhr?.runtimeError?.code === 'NO_NAVSTART' && retries < 2 * RUNS) {
      retries++;
      i--;
      continue;
    }
    if (!result?.lhr || result.lhr.runtimeError) {
      throw new Error(`Lighthouse failed on ${url}: ${result?.lhr?.runtimeError?.message}`);
    }
    if (result.lhr.finalDisplayedUrl !== url) {
      throw new Error(`Lighthouse on ${url} ended on ${result.lhr.finalDisplayedUrl}`);
    }
    runs.push(figures(result.lhr));
    if (SAVE_DIR) await saveReport(url, result.lhr);
  }
  const med = (key) => median(runs.map((r) => r[key]));
  return {
    performance: round(med('performance')),
    accessibility: round(med('accessibility')),
    lcpMs: round(med('lcpMs')),
    fcpMs: round(med('fcpMs')),
    tbtMs: round(med('tbtMs')),
    cls: round(med('cls'), 3),
    jsKbTransferred: round(med('jsKbTransferred'), 1),
    cssKbTransferred: round(med('cssKbTransferred'), 1),
    requests: med('requests'),
    benchmarkIndex: round(med('benchmarkIndex')),
    // Each run's score and blocking time: their spread is the machine's, run to run.
    performanceByRun: runs.map((r) => round(r.performance)),
    tbtMsByRun: runs.map((r) => round(r.tbtMs)),
    runs: runs.length,
    retriedNoNavStart: retries,
  };
}

export default {
  name: 'lighthouse',
  description: `Lighthouse mobile, median of ${RUNS}, on ${[...PAGES, ...(STORY_PAGE ? ['/story/:id'] : []), ...READER_PAGES].join(', ')} of the built web client`,

  /** @param {import('../run.mjs').SuiteContext} ctx */
  async run({ api, log }) {
    const { seedCorpusIfEmpty } = await importApi('modules/articles/seed.js');
    const { clusterPendingStories } = await importApi('modules/stories/index.js');
    await seedCorpusIfEmpty(api.deps.db, api.deps.logger);
    await clusterPendingStories(api.deps.db, { now: new Date(), logger: api.deps.logger });
    const { rows: largest } = await api.deps.pool.query(
      'select id from stories where merged_into is null order by size desc, id limit 1',
    );
    const pages = [...PAGES, ...(STORY_PAGE && largest[0] ? [`/story/${largest[0].id}`] : [])];

    const { lighthouse, chromeLauncher, puppeteer } = await importBrowserTools();
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
      logLevel: 'silent',
    });
    const options = {
      port: chrome.port,
      logLevel: 'error',
      ...(PROFILE && { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }),
      ...(CPU_SLOWDOWN && { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } }),
    };
    const results = {};
    const report = (page) =>
      log(
        `lighthouse ${page}: performance ${results[page].performance}, accessibility ${results[page].accessibility}, LCP ${results[page].lcpMs} ms, TBT ${results[page].tbtMs} ms, JS ${results[page].jsKbTransferred} KB`,
      );
    let browser;
    try {
      for (const page of pages) {
        results[page] = {
          ...(await measurePage(lighthouse, `${api.url}${page}`, options)),
          peer: PEER[page] ?? null,
        };
        report(page);
      }

      // The reader's pages: the session goes into localStorage as a login leaves it, and
      // Lighthouse keeps storage (it would otherwise sign the reader out before each load).
      const reader = await createReader(api);
      browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const tab = await browser.newPage();
      await tab.goto(`${api.url}/`);
      await tab.evaluate(
        (keys, user, token) => {
          localStorage.setItem(keys.user, JSON.stringify(user));
          localStorage.setItem(keys.token, token);
        },
        STORAGE_KEYS,
        reader.user,
        reader.token,
      );
      const cdp = await tab.createCDPSession();
      // Each load as a first visit but signed in: no HTTP cache, and no service worker or its
      // caches from an earlier load (they would answer the page's requests without the network).
      const prepare = async () => {
        await cdp.send('Network.clearBrowserCache');
        await cdp.send('Storage.clearDataForOrigin', {
          origin: api.url,
          storageTypes: 'service_workers,cache_storage',
        });
      };
      for (const page of READER_PAGES) {
        results[page] = await measurePage(
          lighthouse,
          `${api.url}${page}`,
          { ...options, disableStorageReset: true },
          { page: tab, prepare },
        );
        report(page);
      }
    } finally {
      await browser?.disconnect();
      await chrome.kill();
    }
    return {
      lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default
        .version,
      settings: CPU_SLOWDOWN
        ? `mobile emulation, simulated throttling with a ${CPU_SLOWDOWN}x CPU slowdown`
        : 'mobile emulation, simulated throttling (Lighthouse defaults)',
      pages: results,
    };
  },
};
