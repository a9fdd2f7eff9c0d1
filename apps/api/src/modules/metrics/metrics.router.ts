import type { Request, Response } from 'express';
import { MESSAGES } from '@lede/shared';
import type { Config } from '../../config.js';
import type { RouteRegistrar } from '../../http/route.js';
import { ApiError } from '../../lib/errors.js';
import { metricsAccess } from './metrics-access.js';
import type { Metrics } from '../../lib/metrics.types.js';

export const METRICS_PATH = '/api/metrics';

/**
 * Lets through only what may read the metrics (see metrics-access.ts): a wrong token is 401
 * METRICS_TOKEN_INVALID, none 403 METRICS_FORBIDDEN. Operator routes beside the metrics (the
 * ingestion status) use it too, so they are exactly as protected.
 */
export function requireMetricsAccess(
  req: Request,
  res: Response,
  config: Pick<Config, 'metricsToken'>,
): void {
  const access = metricsAccess(req.get('authorization'), config.metricsToken);
  if (access === 'wrong-token') {
    res.set('WWW-Authenticate', 'Bearer');
    throw ApiError.unauthorized(MESSAGES.metrics.wrongToken);
  }
  if (access === 'no-token') throw ApiError.forbidden(MESSAGES.metrics.tokenRequired);
}

/** GET /api/metrics for Prometheus (text, not JSON); who may read it: see metrics-access.ts. */
export function metricsRoutes(
  routes: RouteRegistrar,
  metrics: Metrics,
  config: Pick<Config, 'metricsToken'>,
): void {
  routes.custom(`GET ${METRICS_PATH}`, async ({ req, res }) => {
    requireMetricsAccess(req, res, config);
    const text = await metrics.exposition();
    res
      .set('Content-Type', metrics.registry.contentType)
      .set('Cache-Control', 'no-store')
      .send(text);
  });
}
