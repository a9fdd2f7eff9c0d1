// What Lighthouse's simulation (lantern) puts before a page's LCP, from a run saved by
// BENCH_LIGHTHOUSE_SAVE=dir (see suites/lighthouse.mjs):
//   node bench/lantern-graph.mjs dir/_home [fcp|lcp|tbt]
// Prints the simulated start and end of every request and main-thread task in the pessimistic
// graph; the LCP is where the last one ends. With `tbt`, only the main-thread tasks that block
// (over 50 ms once simulated). BENCH_LIGHTHOUSE_CPU_SLOWDOWN=8, as for the suite, simulates the
// saved run on a CPU slowed 8 times instead of the run's own setting. A diagnosis aid, not part
// of `pnpm bench`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';

const [dir, metric = 'lcp'] = process.argv.slice(2);
if (!dir) throw new Error('usage: node bench/lantern-graph.mjs <saved page folder> [fcp|lcp|tbt]');
const artifacts = await loadArtifacts(dir);
const { configSettings: settings } = JSON.parse(
  await readFile(path.join(dir, 'lhr.report.json'), 'utf8'),
);
if (process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN) {
  settings.throttling.cpuSlowdownMultiplier = Number(process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN);
}
const data = {
  trace: artifacts.Trace,
  devtoolsLog: artifacts.DevtoolsLog,
  gatherContext: artifacts.GatherContext,
  settings,
  URL: artifacts.URL,
  SourceMaps: artifacts.SourceMaps,
  simulator: null,
};
const Metric = {
  fcp: LanternFirstContentfulPaint,
  lcp: LanternLargestContentfulPaint,
  tbt: LanternTotalBlockingTime,
}[metric];
if (!Metric) throw new Error(`unknown metric ${metric}: fcp, lcp or tbt`);
const result = await Metric.request(data, { computedCache: new Map() });
console.log(
  `${metric}: ${Math.round(result.timing)} ms (optimistic ${Math.round(result.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(result.pessimisticEstimate.timeInMs)})`,
);
const blocks = ([node, timing]) =>
  metric !== 'tbt' || (node.type !== 'network' && timing.duration > 50);
const all = [...result.pessimisticEstimate.nodeTimings.entries()].sort(
  (a, b) => a[1].startTime - b[1].startTime,
);
const origin = all[0][0].startTime;
const rows = all.filter(blocks);
for (const [node, timing] of rows) {
  const what =
    node.type === 'network'
      ? `${node.request.url.replace(/^https?:\/\/[^/]+/, '')} ${node.request.transferSize} B`
      : `main thread ${(node.duration / 1000).toFixed(1)} ms (observed at ${Math.round((node.startTime - origin) / 1000)} ms): ${[
          ...new Set(
            node.childEvents
              .filter((e) => e.dur > 1000)
              .map(
                (e) => e.name + (e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : ''),
              ),
          ),
        ]
          .slice(0, 4)
          .join(', ')}`;
  console.log(
    `${String(Math.round(timing.startTime)).padStart(6)} ${String(Math.round(timing.endTime)).padStart(6)}  ${what}`,
  );
}
