// Suite "lighthouse": the built web client as a phone sees it. Lighthouse 12 (mobile emulation,
// simulated throttling, the default config) drives Debian's Chromium on `/`, `/explore` and
// `/search?q=climate`, several runs each; the figures are the medians. Measured, never asserted.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const API_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/dist');
const importApi = (relative) => import(pathToFileURL(path.join(API_DIST, relative)).href);

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3);
const PAGES = ['/', '/explore', '/search?q=climate'];
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
/** The spec's original client, as measured for issue 9 (for the side-by-side). */
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
  };
}

export default {
  name: 'lighthouse',
  description: `Lighthouse mobile, median of ${RUNS}, on ${PAGES.join(', ')} of the built web client`,

  /** @param {import('../run.mjs').SuiteContext} ctx */
  async run({ api, log }) {
    const { seedCorpusIfEmpty } = await importApi('modules/articles/seed.js');
    await seedCorpusIfEmpty(api.deps.db, { info: () => undefined, warn: () => undefined });

    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
      logLevel: 'silent',
    });
    const results = {};
    try {
      for (const page of PAGES) {
        const url = `${api.url}${page}`;
        // One unmeasured load warms the server's caches (as a live site's would be).
        await lighthouse(url, {
          port: chrome.port,
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const runs = [];
        for (let i = 0; i < RUNS; i++) {
          const result = await lighthouse(url, {
            port: chrome.port,
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
          });
          if (!result?.lhr || result.lhr.runtimeError) {
            throw new Error(`Lighthouse failed on ${page}: ${result?.lhr?.runtimeError?.message}`);
          }
          runs.push(figures(result.lhr));
        }
        const med = (key) => median(runs.map((r) => r[key]));
        results[page] = {
          performance: round(med('performance')),
          accessibility: round(med('accessibility')),
          lcpMs: round(med('lcpMs')),
          fcpMs: round(med('fcpMs')),
          tbtMs: round(med('tbtMs')),
          cls: round(med('cls'), 3),
          jsKbTransferred: round(med('jsKbTransferred'), 1),
          cssKbTransferred: round(med('cssKbTransferred'), 1),
          requests: med('requests'),
          runs: runs.length,
          peer: PEER[page] ?? null,
        };
        log(
          `lighthouse ${page}: performance ${results[page].performance}, accessibility ${results[page].accessibility}, LCP ${results[page].lcpMs} ms, JS ${results[page].jsKbTransferred} KB`,
        );
      }
    } finally {
      await chrome.kill();
    }
    return {
      lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default
        .version,
      settings: 'mobile emulation, simulated throttling (Lighthouse defaults)',
      pages: results,
    };
  },
};
