/**
 * The invalidation hook of the prepared public responses (./prepared-response.ts).
 *
 * Whatever changes what a public article list or article shows calls
 * `articlesChanged()`: ingestion inserting articles, a like, dislike, save or
 * share changing a count. Every prepared body built before the call is then
 * dropped by every cache of this process, at its next lookup. Other processes
 * (other instances behind a load balancer) do not hear it: there a body lives
 * at most its TTL (`PUBLIC_CACHE_SECONDS`), which bounds the staleness.
 */
let version = 0;

/** Call after a committed change to articles or their counters. Cheap: one increment. */
export function articlesChanged(): void {
  version++;
}

/** Bumped by every `articlesChanged()`; a body built under an older version is stale. */
export function articlesVersion(): number {
  return version;
}

/** `fn`, announcing `articlesChanged()` once its promise settles (after its transaction committed). */
export function changesArticles<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return (...args) => fn(...args).finally(articlesChanged);
}
