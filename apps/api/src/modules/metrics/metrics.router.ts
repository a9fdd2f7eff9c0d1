import { Router } from 'express';
import type { Config } from '../../config.js';
import { ApiError } from '../../lib/errors.js';
import { metricsAccess } from './metrics-access.js';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/api/metrics';

/** GET /api/metrics for Prometheus; who may read it: see metrics-access.ts. */
export function metricsRouter(metrics: Metrics, config: Pick<Config, 'metricsToken'>): Router {
  const router = Router();
  router.get(METRICS_PATH, async (req, res) => {
    const access = metricsAccess(req.ip, req.get('authorization'), config.metricsToken);
    if (access === 'wrong-token') {
      res.set('WWW-Authenticate', 'Bearer');
      throw ApiError.unauthorized('Wrong metrics token');
    }
    if (access === 'not-private') {
      throw ApiError.forbidden('Metrics are served to private addresses, or with METRICS_TOKEN');
    }
    const text = await metrics.registry.metrics();
    res
      .set('Content-Type', metrics.registry.contentType)
      .set('Cache-Control', 'no-store')
      .send(text);
  });
  return router;
}
