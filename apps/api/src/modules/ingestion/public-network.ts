import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, type Dispatcher } from 'undici';

/** Every address a host name has; the default is the system resolver (dns.lookup). */
export type ResolveHost = (hostname: string, options: LookupOptions) => Promise<LookupAddress[]>;

const systemResolve: ResolveHost = (hostname, options) =>
  dns.promises.lookup(hostname, { ...options, all: true });

/** A connection to a non-public address was refused; the message is safe to log. */
export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
}

/**
 * True for a public unicast address only: private, loopback, link-local, unspecified, CGNAT,
 * multicast, broadcast, documentation and other special-purpose ranges are not, nor anything
 * that is not an IP address. An IPv4-mapped IPv6 address is judged by the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** A `lookup` for net.connect that fails when the host has any non-public address. */
export function publicOnlyLookup(resolve: ResolveHost = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options).then(
      (addresses) => {
        const refused = addresses.find((entry) => !isPublicAddress(entry.address));
        const first = addresses[0];
        if (refused) {
          const message = `refused: ${hostname} resolves to a private address (${refused.address})`;
          callback(new PrivateAddressError(message), '');
        } else if (!first) callback(new Error(`no address found for ${hostname}`), '');
        else if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

/**
 * An undici Agent that connects to public addresses only. The addresses are checked as the
 * connection is opened, the very ones it then uses, so a host name that resolves to a public
 * address when checked and to a private one when connected (DNS rebinding) cannot slip through.
 */
export function createPublicOnlyDispatcher(resolve?: ResolveHost): Dispatcher {
  const connect = buildConnector({ lookup: publicOnlyLookup(resolve), timeout: 10_000 });
  return new Agent({
    connect: (options, callback) => {
      // An IP address in the URL is connected to without any lookup: judge it here.
      if (net.isIP(options.hostname) && !isPublicAddress(options.hostname)) {
        callback(
          new PrivateAddressError(`refused: ${options.hostname} is a private address`),
          null,
        );
        return;
      }
      connect(options, callback);
    },
  });
}

let shared: Dispatcher | undefined;

/** The process's public-only Agent: one, so its kept-alive connections serve every run. */
export function publicOnlyDispatcher(): Dispatcher {
  return (shared ??= createPublicOnlyDispatcher());
}
