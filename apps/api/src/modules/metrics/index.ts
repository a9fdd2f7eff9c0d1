/** The metrics module's public surface: what the composition root wires into the app and cluster. */
export { createMetrics } from './metrics.js';
export type {
  IngestionRunOutcome,
  Metrics,
  RequestLabels,
  SourceHealthReader,
} from '../../lib/metrics.types.js';
export {
  startMetricsListener,
  type MetricsListener,
  type MetricsSource,
} from './metrics-listener.js';
export { metricsRoutes, requireMetricsAccess } from './metrics.router.js';
export { requestMetrics } from './request-metrics.js';
