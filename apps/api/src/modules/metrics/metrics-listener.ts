import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorMessageForLog } from '../../lib/database-error-log.js';
import type { Logger } from '../../lib/logger.js';
import { METRICS_PATH } from './metrics.router.js';

/** What the listener serves: one instance's metrics, or under a cluster primary every worker's. */
export interface MetricsSource {
  contentType: string;
  exposition(): Promise<string>;
}

/** Prometheus's default path, and the API's own (so a scrape config only changes the port). */
const SERVED_PATHS = new Set(['/metrics', METRICS_PATH]);

function answer(res: http.ServerResponse, status: number, text: string, headers = {}) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/**
 * METRICS_PORT: Prometheus text without a token, and nothing else (no API, no pages), on a
 * listener of its own that is bound to loopback unless METRICS_HOST says otherwise. Whoever can
 * reach that address reads the metrics, so it is never a public one.
 */
export function metricsRequestListener(
  source: MetricsSource,
  logger: Logger,
): http.RequestListener {
  return (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://metrics');
    if (!SERVED_PATHS.has(pathname)) return answer(res, 404, 'Not found\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return answer(res, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
    }
    source.exposition().then(
      (text) => answer(res, 200, text, { 'Content-Type': source.contentType }),
      (err: unknown) => {
        logger.error({ error: errorMessageForLog(err) }, 'metrics could not be gathered');
        answer(res, 503, 'Metrics unavailable\n');
      },
    );
  };
}

export interface MetricsListener {
  address: AddressInfo;
  stop(): Promise<void>;
}

export async function startMetricsListener({
  port,
  host,
  source,
  logger,
}: {
  port: number;
  host: string;
  source: MetricsSource;
  logger: Logger;
}): Promise<MetricsListener> {
  const server = http.createServer(metricsRequestListener(source, logger));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  logger.info({ host: address.address, port: address.port }, 'metrics listening');
  return {
    address,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
