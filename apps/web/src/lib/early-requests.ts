import { getToken } from './storage';

/** An early answer is used only by a call made this soon after it was asked for. */
const FRESH_MS = 10_000;
const TIMEOUT_MS = 15_000;

interface EarlyRequest {
  startedAt: number;
  signedIn: boolean;
  response: Promise<Response>;
}

/**
 * Shared by the two bundles that load this module: the boot script asks (src/boot.ts), the app's
 * API client takes. A registered symbol on globalThis, so both find the same map.
 */
const REGISTRY = Symbol.for('lede.early-requests');
const registry = globalThis as typeof globalThis & { [REGISTRY]?: Map<string, EarlyRequest> };
const pending = (registry[REGISTRY] ??= new Map<string, EarlyRequest>());

/**
 * Asks for the first screen's data at start-up, while the app's code is still on its way, with
 * the headers the API client would send. The client's first GET of the same URL takes the answer
 * instead of asking again (takeEarlyResponse); nothing else reads it.
 */
export function requestEarly(urls: readonly string[]): void {
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  for (const url of urls) {
    const response = fetch(url, {
      headers,
      credentials: 'include',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // A failure is seen (and handled) by the call that takes it; unused, it must not be reported.
    response.catch(() => undefined);
    pending.set(url, { startedAt: Date.now(), signedIn: !!token, response });
  }
}

/**
 * The early answer for a GET of `url`, once: only if it was asked for moments ago, as the same
 * visitor or reader (a sign-in or sign-out in between makes it useless).
 */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const early = pending.get(url);
  if (!early) return undefined;
  pending.delete(url);
  const fresh = Date.now() - early.startedAt < FRESH_MS;
  return fresh && early.signedIn === !!getToken() ? early.response : undefined;
}

/**
 * The parsed body of the early answer for `url`, without taking it (the API client still will):
 * what a first load draws before the app has loaded (app/first-paint.ts). Undefined when it was
 * not asked for; null when it failed or was not a success.
 */
export function peekEarlyJson(url: string): Promise<unknown> | undefined {
  const early = pending.get(url);
  if (!early) return undefined;
  return early.response
    .then(
      (response) => (response.ok ? response.clone().json() : null),
      () => null,
    )
    .catch(() => null);
}

/** Drops every early answer not taken yet (tests, and the end of a session). */
export function forgetEarlyRequests(): void {
  pending.clear();
}
