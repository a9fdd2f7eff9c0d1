import type { Clock } from '../../lib/clock.js';

/** Polite fetching: a pause between two requests to one host, and backoff after failures. */

const MINUTE = 60_000;
/** After the first failure a source waits this long (the schedule's default interval)... */
export const BACKOFF_BASE_MS = 30 * MINUTE;
/** ...twice as long after each further one, this long at most. */
export const BACKOFF_MAX_MS = 24 * 60 * MINUTE;
/**
 * A backoff ending this soon counts as over: runs come every INGEST_INTERVAL_MINUTES, give or
 * take the timers' drift, and must not skip a source whose backoff ends a moment after them.
 */
const DUE_SLACK_MS = MINUTE;

/** Waits `ms`, or less when `signal` aborts; the schedule's is a timer, tests move their clock. */
export type Wait = (ms: number, signal?: AbortSignal) => Promise<void>;

export const timerWait: Wait = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * How long a source waits after its `failures`-th failure in a row: BACKOFF_BASE_MS doubled
 * each time, at most BACKOFF_MAX_MS, and never less than the server's own Retry-After.
 */
export function backoffMs(failures: number, retryAfterMs?: number): number {
  const doubled = BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1);
  return Math.min(Math.max(doubled, retryAfterMs ?? 0), BACKOFF_MAX_MS);
}

/** Whether a source backing off until `retryAt` may be fetched at `now`. */
export const isDue = (retryAt: Date | null | undefined, now: Date): boolean =>
  !retryAt || retryAt.getTime() <= now.getTime() + DUE_SLACK_MS;

export interface HostPacer {
  /**
   * Runs `task` (a request to `url`) once every earlier request to its host has ended and
   * `delayMs` has passed since the last of them, by the clock. With no delay, at once.
   */
  run<T>(url: string, task: () => Promise<T>): Promise<T>;
}

export function createHostPacer(options: {
  clock: Clock;
  delayMs: number;
  wait: Wait;
  signal?: AbortSignal;
}): HostPacer {
  const { clock, delayMs, wait, signal } = options;
  /** The end of each host's queue, and when its last request ended. */
  const queues = new Map<string, Promise<unknown>>();
  const lastEnded = new Map<string, number>();
  return {
    run(url, task) {
      if (delayMs <= 0) return task();
      const host = hostOf(url);
      const turn = (queues.get(host) ?? Promise.resolve()).then(async () => {
        const last = lastEnded.get(host);
        const pause = last === undefined ? 0 : last + delayMs - clock.now().getTime();
        if (pause > 0 && !signal?.aborted) await wait(pause, signal);
        try {
          return await task();
        } finally {
          lastEnded.set(host, clock.now().getTime());
        }
      });
      queues.set(
        host,
        turn.catch(() => undefined),
      );
      return turn;
    },
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
}
