import crypto from 'node:crypto';
import { BlockList, isIP } from 'node:net';

/** Loopback, private, link-local and unique-local ranges: where a Prometheus server runs. */
const PRIVATE_RANGES = new BlockList();
PRIVATE_RANGES.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE_RANGES.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE_RANGES.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE_RANGES.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE_RANGES.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE_RANGES.addAddress('::1', 'ipv6');
PRIVATE_RANGES.addSubnet('fc00::', 7, 'ipv6');
PRIVATE_RANGES.addSubnet('fe80::', 10, 'ipv6');

/** True for a loopback or private address, IPv4, IPv6 or IPv4-mapped IPv6 (`::ffff:10.1.2.3`). */
export function isPrivateAddress(address: string | undefined): boolean {
  const family = address ? isIP(address) : 0;
  if (family === 0) return false;
  // BlockList matches an IPv4-mapped IPv6 address against the IPv4 ranges.
  return PRIVATE_RANGES.check(address!, family === 4 ? 'ipv4' : 'ipv6');
}

export type MetricsAccess = 'allowed' | 'wrong-token' | 'not-private';

/**
 * A bearer token opens the metrics from anywhere when it is METRICS_TOKEN; a wrong one is
 * refused even from a private address, so a misconfigured scraper is noticed. Without a
 * token only private addresses are answered.
 */
export function metricsAccess(
  clientAddress: string | undefined,
  authorization: string | undefined,
  metricsToken: string | undefined,
): MetricsAccess {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (presented !== undefined) {
    return metricsToken && sameSecret(presented, metricsToken) ? 'allowed' : 'wrong-token';
  }
  return isPrivateAddress(clientAddress) ? 'allowed' : 'not-private';
}

/** Constant time whatever the lengths: the digests always have the same size. */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(a), digest(b));
}
