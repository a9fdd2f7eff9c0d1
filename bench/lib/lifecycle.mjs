// Shutdown bookkeeping for one benchmark run: everything started registers how to stop it,
// and a global timeout stops it all (and any child process left, by pid) if the run overruns.
import { readdirSync, readFileSync } from 'node:fs';

export function createLifecycle({ log }) {
  /** @type {{ name: string, fn: () => unknown }[]} */
  const cleanups = [];
  let closing;

  /** Registers how to undo something just started; undone last-in, first-out. */
  function defer(name, fn) {
    cleanups.push({ name, fn });
  }

  /** Runs every cleanup once (each bounded by stepTimeoutMs); returns the failures. */
  function closeAll({ stepTimeoutMs = 20_000 } = {}) {
    closing ??= (async () => {
      const failures = [];
      while (cleanups.length > 0) {
        const { name, fn } = cleanups.pop();
        try {
          await withTimeout(Promise.resolve().then(fn), stepTimeoutMs, `stopping ${name}`);
          log(`stopped ${name}`);
        } catch (err) {
          failures.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
          log(`could not stop ${name}: ${err instanceof Error ? err.message : err}`);
        }
      }
      return failures;
    })();
    return closing;
  }

  /**
   * After `ms`, calls onTimeout, stops everything (briefly), kills this process's remaining
   * children by pid and exits 1. The timer is unref'd: it never keeps the process alive by itself.
   */
  function armGlobalTimeout(ms, onTimeout) {
    const timer = setTimeout(() => {
      log(`global timeout of ${Math.round(ms / 1000)} s exceeded: stopping everything`);
      process.exitCode = 1;
      try {
        onTimeout?.();
      } catch (err) {
        log(`onTimeout failed: ${err}`);
      }
      const hardStop = setTimeout(() => {
        killChildren('SIGKILL');
        process.exit(1);
      }, 15_000);
      hardStop.unref();
      closeAll({ stepTimeoutMs: 5_000 })
        .catch(() => undefined)
        .finally(async () => {
          if (killChildren('SIGQUIT') > 0) await sleep(2_000);
          killChildren('SIGKILL');
          process.exit(1);
        });
    }, ms);
    timer.unref();
    return () => clearTimeout(timer);
  }

  return { defer, closeAll, armGlobalTimeout };
}

/** Direct children of this process (e.g. the embedded postgres server), from /proc. */
export function childPids() {
  const pids = [];
  let entries = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return pids; // not Linux: nothing we can find this way
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...; comm may contain spaces or parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === process.pid) pids.push(Number(entry));
    } catch {
      // the process went away meanwhile
    }
  }
  return pids;
}

function killChildren(signal) {
  let n = 0;
  for (const pid of childPids()) {
    try {
      process.kill(pid, signal);
      n++;
    } catch {
      // already gone
    }
  }
  return n;
}

export function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
