import type { Config } from '../../src/config.js';
import type { IngestionDeps } from '../../src/modules/ingestion/ingestion.types.js';
import type { TestContext } from '../context.js';

/**
 * Test helper: what runIngestion needs, on the test context's database, changes, logger and
 * clock; sources on 127.0.0.1 allowed, no NewsData key reachable. `ingest` and `extra` override.
 */
export function ingestionDeps(
  ctx: TestContext,
  ingest: Partial<Config['ingest']>,
  extra: Partial<IngestionDeps> = {},
): IngestionDeps {
  return {
    db: ctx.deps.db,
    changes: ctx.deps.changes,
    config: {
      ingest: {
        feeds: [],
        intervalMinutes: 30,
        allowPrivateFeeds: true,
        newsDataUrl: 'http://127.0.0.1:9/unused',
        ...ingest,
      },
    },
    logger: ctx.deps.logger,
    clock: ctx.clock,
    ...extra,
  };
}
