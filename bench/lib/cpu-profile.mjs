// Reduces a V8 .cpuprofile (node --cpu-prof) to where the time went: self time per function and
// per package/file group, as shares of the busy (non-idle) samples.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function groupOf(url) {
  if (!url) return '(native/V8)';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  const dist = url.indexOf('/apps/api/dist/');
  if (dist >= 0) return `api:${url.slice(dist + '/apps/api/dist/'.length)}`;
  const shared = url.indexOf('/packages/shared/');
  if (shared >= 0) return 'shared';
  if (url.includes('/bench/')) return `bench:${path.basename(url)}`;
  return url;
}

/** The newest profile written by `pid` in `dir`, summarised (top `n` functions and groups). */
export function summarizeCpuProfile(dir, pid, n = 25) {
  const file = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile') && f.includes(`.${pid}.`))
    .sort()
    .at(-1);
  if (!file) return { error: `no .cpuprofile of process ${pid} in ${dir}` };
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFunction = new Map();
  const byGroup = new Map();
  let busy = 0;
  let idle = 0;
  for (const [id, us] of self) {
    const { callFrame } = nodes.get(id);
    const name = callFrame.functionName || '(anonymous)';
    if (name === '(idle)') {
      idle += us;
      continue;
    }
    busy += us;
    const where = callFrame.url
      ? `${groupOf(callFrame.url)}:${callFrame.lineNumber + 1}`
      : groupOf(callFrame.url);
    const key = `${name} ${where}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const group = name.startsWith('(') ? name : groupOf(callFrame.url);
    byGroup.set(group, (byGroup.get(group) ?? 0) + us);
  }
  const top = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${((100 * us) / busy).toFixed(1)}% ${k}`);
  return {
    file: path.join(dir, file),
    busySeconds: Math.round(busy / 1e4) / 100,
    idleSeconds: Math.round(idle / 1e4) / 100,
    topGroups: top(byGroup),
    topFunctions: top(byFunction),
  };
}
