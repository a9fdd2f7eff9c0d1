// CPU seconds of processes and threads, read from /proc (Linux; NaN or zeros elsewhere): what the
// load and read-path suites report beside their latencies, so a figure says where the time went.
import { readdirSync, readFileSync } from 'node:fs';

const USER_HZ = 100;

/** One /proc stat file: the command, the parent pid and the CPU seconds (user + system). */
function readStat(file) {
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    ppid: Number(fields[1]),
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / USER_HZ,
  };
}

/** Every process's pid with its stat; those gone meanwhile are left out. */
function processes() {
  const out = [];
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      out.push({ pid: Number(entry), ...readStat(`/proc/${entry}/stat`) });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU seconds (user + system) of a process and its descendants, from /proc (Linux). */
export function cpuSecondsOfTree(rootPid) {
  let all;
  try {
    all = processes();
  } catch {
    return NaN;
  }
  const byParent = new Map();
  const cpu = new Map();
  for (const { pid, ppid, cpuSeconds } of all) {
    cpu.set(pid, cpuSeconds);
    if (!byParent.has(ppid)) byParent.set(ppid, []);
    byParent.get(ppid).push(pid);
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
  const split = { main: 0, libuvPool: 0, v8Workers: 0, other: 0 };
  let tasks = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return split;
  }
  for (const tid of tasks) {
    try {
      const { comm, cpuSeconds } = readStat(`/proc/${pid}/task/${tid}/stat`);
      const kind =
        Number(tid) === pid
          ? 'main'
          : comm.startsWith('libuv-worker')
            ? 'libuvPool'
            : comm.startsWith('V8')
              ? 'v8Workers'
              : 'other';
      split[kind] += cpuSeconds;
    } catch {
      // gone meanwhile
    }
  }
  return split;
}

/** The API's processes: the one started, and its children that run Node (cluster workers). */
function apiProcesses(rootPid) {
  return [
    rootPid,
    ...processes()
      .filter((p) => p.ppid === rootPid)
      .map((p) => p.pid),
  ];
}

export function apiThreadSplit(rootPid) {
  const total = { main: 0, libuvPool: 0, v8Workers: 0, other: 0 };
  for (const pid of apiProcesses(rootPid))
    for (const [k, v] of Object.entries(cpuSecondsByThread(pid))) total[k] += v;
  return total;
}

/** The embedded PostgreSQL's postmaster: this process's child whose command is postgres. */
export function postgresPid() {
  return processes().find((p) => p.ppid === process.pid && p.comm.startsWith('postgres'))?.pid;
}

/** The machine's CPU ticks since boot by state, from /proc/stat's first line (null where there is none). */
export function machineCpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
    return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
  } catch {
    return null;
  }
}

/**
 * Shares of the machine's CPU time between two machineCpuTicks() readings: busy, idle, and
 * steal (time a virtual machine's CPUs waited for the host): the same work costs more CPU
 * seconds when the host is busy, so a run's figures read with this.
 */
export function machineCpuShares(before, after) {
  if (!before || !after) return null;
  const busy = after.busy - before.busy;
  const idle = after.idle - before.idle;
  const steal = after.steal - before.steal;
  const total = busy + idle + steal;
  const share = (ticks) => (total > 0 ? Math.round((ticks / total) * 1000) / 1000 : NaN);
  return { busy: share(busy), idle: share(idle), steal: share(steal) };
}
