import { PerformanceObserver, constants } from 'node:perf_hooks';

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/**
 * Counts this process's garbage-collection pauses from now until stop(): how many, their
 * total and the longest, in ms. A pause stops the event loop, so every request in flight
 * waits for it.
 */
export function watchGcPauses() {
  const pauses = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      pauses.push({ ms: entry.duration, kind: KINDS[entry.detail?.kind] ?? 'other' });
  });
  observer.observe({ entryTypes: ['gc'] });
  return async function stop() {
    // Entries are delivered asynchronously: let the last ones arrive.
    await new Promise((resolve) => setImmediate(resolve));
    observer.disconnect();
    const round = (ms) => Math.round(ms * 100) / 100;
    const total = (list) => round(list.reduce((sum, pause) => sum + pause.ms, 0));
    const byKind = {};
    for (const pause of pauses) (byKind[pause.kind] ??= []).push(pause);
    return {
      count: pauses.length,
      totalMs: total(pauses),
      longestMs: round(Math.max(0, ...pauses.map((pause) => pause.ms))),
      byKind: Object.fromEntries(
        Object.entries(byKind).map(([kind, list]) => [
          kind,
          { count: list.length, totalMs: total(list) },
        ]),
      ),
    };
  };
}
