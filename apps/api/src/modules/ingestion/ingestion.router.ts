import type { AppDeps } from '../../deps.js';
import type { RouteRegistrar } from '../../http/route.js';
import { requireMetricsAccess, type Metrics } from '../metrics/index.js';
import { feedHealth, ingestionStatus } from './feed-health.js';

/**
 * The operators' view of ingestion: GET /api/ingestion/status (JSON, protected exactly as
 * /api/metrics: a bearer METRICS_TOKEN, else 401/403), and the per-source gauges of `metrics`,
 * both read from the sources' stored state.
 */
export function ingestionRoutes(
  routes: RouteRegistrar,
  deps: Pick<AppDeps, 'db' | 'config' | 'logger'>,
  metrics: Metrics,
): void {
  metrics.readSourceHealth(() => feedHealth(deps));
  routes.json('GET /api/ingestion/status', async ({ req, res }) => {
    requireMetricsAccess(req, res, deps.config);
    res.set('Cache-Control', 'no-store');
    return ingestionStatus(deps);
  });
}
