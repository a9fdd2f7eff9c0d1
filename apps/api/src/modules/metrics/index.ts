/** The metrics module's public surface: what the composition root wires into the app and cluster. */
export {
  createMetrics,
  type IngestionRunOutcome,
  type SourceHealthReader,
  type Metrics,
  type RequestLabels,
} from './metrics.js';
export {
  startMetricsListener,
  type MetricsListener,
  type MetricsSource,
} from './metrics-listener.js';
export { metricsRoutes, requireMetricsAccess } from './metrics.router.js';
export { requestMetrics } from './request-metrics.js';
