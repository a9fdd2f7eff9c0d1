// Which work fills a page's long main-thread tasks, from a Lighthouse run saved with
// BENCH_LIGHTHOUSE_SAVE=dir and BENCH_LIGHTHOUSE_PROFILE=1 (see suites/lighthouse.mjs):
//   node bench/blocking-tasks.mjs dir/_home [min observed ms, default 12.5]
// Lighthouse's simulation runs each task 4 times slower, so a task observed over 12.5 ms blocks
// (over 50 ms simulated) and counts towards TBT. For each: its rendering work, and the functions
// V8's sampling profiler saw running (self time). A diagnosis aid, not part of `pnpm bench`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const [dir, minArg = '12.5'] = process.argv.slice(2);
if (!dir) throw new Error('usage: node bench/blocking-tasks.mjs <saved page folder> [min ms]');
const minMs = Number(minArg);
const trace = JSON.parse(await readFile(path.join(dir, 'defaultPass.trace.json'), 'utf8'));
const events = trace.traceEvents ?? trace;

/** The page's main thread: the renderer main thread that ran the most. */
const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const busy = (t) =>
  events
    .filter((e) => e.name === 'RunTask' && e.pid === t.pid && e.tid === t.tid)
    .reduce((sum, e) => sum + (e.dur ?? 0), 0);
const main = mains.sort((a, b) => busy(b) - busy(a))[0];
const onMain = (e) => e.pid === main.pid && e.tid === main.tid;

// The sampling profile: nodes by id, samples with their trace time.
const nodes = new Map();
const samples = [];
const profiles = new Map(
  events
    .filter((e) => e.name === 'Profile' && e.pid === main.pid)
    .map((e) => [e.id, { at: e.args.data.startTime }]),
);
for (const e of events.filter((x) => x.name === 'ProfileChunk' && profiles.has(x.id))) {
  const profile = profiles.get(e.id);
  const { cpuProfile = {}, timeDeltas = [] } = e.args.data;
  for (const node of cpuProfile.nodes ?? []) nodes.set(`${e.id}:${node.id}`, node);
  (cpuProfile.samples ?? []).forEach((id, i) => {
    profile.at += timeDeltas[i] ?? 0;
    samples.push({ at: profile.at, node: `${e.id}:${id}` });
  });
}
samples.sort((a, b) => a.at - b.at);

const frameName = (node) => {
  const f = node?.callFrame ?? {};
  const file = f.url ? f.url.split('/').pop() : '';
  return `${f.functionName || '(anonymous)'}${file ? ` ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`;
};

/** The nearest callers of a sample's function, innermost first. */
function callerChain(key, depth = 4) {
  const [profile] = key.split(':');
  const names = [];
  let node = nodes.get(key);
  while (node?.parent !== undefined && names.length < depth) {
    node = nodes.get(`${profile}:${node.parent}`);
    if (node) names.push(frameName(node).replace(/ \S+:(\d+):\d+$/, ':$1'));
  }
  return names.join(' < ');
}

const start = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
const tasks = events
  .filter((e) => e.name === 'RunTask' && onMain(e) && e.dur / 1000 > minMs)
  .sort((a, b) => a.ts - b.ts);
let blocking = 0;
for (const task of tasks) {
  const ms = task.dur / 1000;
  blocking += Math.max(0, 4 * ms - 50);
  const inside = (e) => onMain(e) && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur;
  const rendering = {};
  for (const e of events.filter((x) => inside(x) && x.ph === 'X' && x !== task)) {
    if (
      ['Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'Commit', 'MinorGC', 'MajorGC'].includes(
        e.name,
      )
    )
      rendering[e.name] = (rendering[e.name] ?? 0) + e.dur / 1000;
  }
  const self = new Map();
  const callers = new Map();
  let count = 0;
  for (const s of samples) {
    if (s.at < task.ts || s.at > task.ts + task.dur) continue;
    const node = nodes.get(s.node);
    const name = frameName(node);
    self.set(name, (self.get(name) ?? 0) + 1);
    const chain = callerChain(s.node);
    const seen = callers.get(name) ?? new Map();
    seen.set(chain, (seen.get(chain) ?? 0) + 1);
    callers.set(name, seen);
    count++;
  }
  console.log(
    `\n${ms.toFixed(1)} ms at ${((task.ts - start) / 1000).toFixed(0)} ms (simulated ${(4 * ms).toFixed(0)}, blocking ${Math.max(0, 4 * ms - 50).toFixed(0)})`,
  );
  const work = Object.entries(rendering)
    .filter(([, d]) => d > 0.5)
    .map(([n, d]) => `${n} ${d.toFixed(1)}`);
  if (work.length) console.log(`  rendering: ${work.join(', ')} ms`);
  for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
    console.log(`  ${((100 * n) / count).toFixed(0).padStart(3)}%  ${name}`);
    const [chain] = [...(callers.get(name) ?? [])].sort((a, b) => b[1] - a[1])[0] ?? [];
    if (chain) console.log(`         < ${chain}`);
  }
}
console.log(
  `\n${tasks.length} tasks over ${minMs} ms; simulated blocking ${blocking.toFixed(0)} ms`,
);
