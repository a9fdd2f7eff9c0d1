import crypto from 'node:crypto';

export type MetricsAccess = 'allowed' | 'wrong-token' | 'no-token';

/**
 * On the API's port the metrics are served only to a request carrying METRICS_TOKEN as a bearer
 * token. The client's address decides nothing: behind Docker's userland proxy, or a reverse
 * proxy without TRUST_PROXY, every visitor comes from a private address. Without a token,
 * Prometheus reads them on METRICS_PORT (metrics-listener.ts). A wrong token, or any token when
 * none is set, is told apart from none, so a misconfigured scraper is noticed.
 */
export function metricsAccess(
  authorization: string | undefined,
  metricsToken: string | undefined,
): MetricsAccess {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (presented === undefined) return 'no-token';
  return metricsToken && sameSecret(presented, metricsToken) ? 'allowed' : 'wrong-token';
}

/** Constant time whatever the lengths: the digests always have the same size. */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(a), digest(b));
}
