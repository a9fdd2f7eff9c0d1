import { MESSAGES } from '@lede/shared';
import type { Config } from '../../config.js';
import type { RouteRegistrar } from '../../http/route.js';
import { ApiError } from '../../lib/errors.js';
import { metricsAccess } from './metrics-access.js';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/api/metrics';

/** GET /api/metrics for Prometheus (text, not JSON); who may read it: see metrics-access.ts. */
export function metricsRoutes(
  routes: RouteRegistrar,
  metrics: Metrics,
  config: Pick<Config, 'metricsToken'>,
): void {
  routes.custom(`GET ${METRICS_PATH}`, async ({ req, res }) => {
    const access = metricsAccess(req.get('authorization'), config.metricsToken);
    if (access === 'wrong-token') {
      res.set('WWW-Authenticate', 'Bearer');
      throw ApiError.unauthorized(MESSAGES.metrics.wrongToken);
    }
    if (access === 'no-token') throw ApiError.forbidden(MESSAGES.metrics.tokenRequired);
    const text = await metrics.exposition();
    res
      .set('Content-Type', metrics.registry.contentType)
      .set('Cache-Control', 'no-store')
      .send(text);
  });
}
