// CPU seconds of processes and threads, read from /proc (Linux; NaN or zeros elsewhere): what the
// load and read-path suites report beside their latencies, so a figure says where the time went.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds (user + system) of a process and its descendants, from /proc (Linux). */
export function cpuSecondsOfTree(rootPid) {
  const tick = 100; // USER_HZ
  const byParent = new Map();
  const cpu = new Map();
  let entries = [];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return NaN;
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const ppid = Number(f[1]);
      cpu.set(pid, (Number(f[11]) + Number(f[12])) / tick);
      if (!byParent.has(ppid)) byParent.set(ppid, []);
      byParent.get(ppid).push(pid);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop();
    total += cpu.get(pid) ?? 0;
    stack.push(...(byParent.get(pid) ?? []));
  }
  return total;
}

/**
 * CPU seconds of one process by kind of thread, from /proc/<pid>/task (Linux): the main thread
 * (JavaScript, and what V8 does on it), libuv's pool (zlib and crypto run asynchronously there),
 * V8's workers (concurrent GC, compilation) and the rest.
 */
function cpuSecondsByThread(pid) {
  const tick = 100; // USER_HZ
  const split = { main: 0, libuvPool: 0, v8Workers: 0, other: 0 };
  let tasks = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return split;
  }
  for (const tid of tasks) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const s = (Number(f[11]) + Number(f[12])) / tick;
      const kind =
        Number(tid) === pid
          ? 'main'
          : comm.startsWith('libuv-worker')
            ? 'libuvPool'
            : comm.startsWith('V8')
              ? 'v8Workers'
              : 'other';
      split[kind] += s;
    } catch {
      // gone meanwhile
    }
  }
  return split;
}

/** The API's processes: the one started, and its children that run Node (cluster workers). */
function apiProcesses(rootPid) {
  const pids = [rootPid];
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === rootPid) pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

export function apiThreadSplit(rootPid) {
  const total = { main: 0, libuvPool: 0, v8Workers: 0, other: 0 };
  for (const pid of apiProcesses(rootPid))
    for (const [k, v] of Object.entries(cpuSecondsByThread(pid))) total[k] += v;
  return total;
}

/** The embedded PostgreSQL's postmaster: this process's child whose command is postgres. */
export function postgresPid() {
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && comm.startsWith('postgres')) return Number(entry);
    } catch {
      // gone
    }
  }
  return undefined;
}
