/** The ingestion module's public surface: what other features and the composition root use. */
export type { IngestionResult } from './ingestion.types.js';
export { hasIngestionSources, runIngestion } from './ingestion.service.js';
export { startIngestionSchedule } from './schedule.js';
export { ingestionRoutes } from './ingestion.router.js';
export { DEFAULT_FEEDS, type FeedSpec } from './default-feeds.js';
