import type { Dispatcher } from 'undici';
import type { FetchFn } from './fetch.types.js';

/** Distinct hosts asked: one answering is enough to call the feeds reachable. */
const PROBED_HOSTS = 3;
export const DEFAULT_REACHABILITY_TIMEOUT_MS = 5_000;

export interface ReachabilityOptions {
  fetch: FetchFn;
  dispatcher?: Dispatcher;
  userAgent: string;
  /** How long the check may take (default 5 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The URLs asked: the first feed of each of the first three hosts of the list. */
export function probeTargets(urls: readonly string[]): string[] {
  const byHost = new Map<string, string>();
  for (const url of urls) {
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      continue;
    }
    if (!byHost.has(host)) byHost.set(host, url);
    if (byHost.size === PROBED_HOSTS) break;
  }
  return [...byHost.values()];
}

/**
 * Whether the feeds can be reached at all: a HEAD to each target at once, true as soon as one
 * answers with any HTTP status, false when none does within the time limit (offline, no DNS,
 * a proxy that drops everything). Never throws, never follows a redirect, never reads a body.
 */
export function feedsReachable(
  targets: readonly string[],
  options: ReachabilityOptions,
): Promise<boolean> {
  if (targets.length === 0) return Promise.resolve(true);
  const done = new AbortController();
  const signals = [
    done.signal,
    AbortSignal.timeout(options.timeoutMs ?? DEFAULT_REACHABILITY_TIMEOUT_MS),
  ];
  if (options.signal) signals.push(options.signal);
  const signal = AbortSignal.any(signals);
  return new Promise<boolean>((resolve) => {
    let pending = targets.length;
    const answered = (response: Response) => {
      void response.body?.cancel().catch(() => undefined);
      resolve(true);
      done.abort(); // the others are not needed any more
    };
    const failed = () => {
      pending -= 1;
      if (pending === 0) resolve(false);
    };
    for (const url of targets) {
      options
        .fetch(url, {
          method: 'HEAD',
          redirect: 'manual',
          signal,
          headers: { 'user-agent': options.userAgent },
          ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
        } as RequestInit)
        .then(answered, failed);
    }
  });
}
