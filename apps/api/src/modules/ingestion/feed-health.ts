import type { IngestionSourceStatus, IngestionStatusResponse } from '@lede/shared';
import type { IngestionDeps } from './ingestion.types.js';
import { runFeeds } from './ingestion.service.js';
import { feedSourcesRepository } from './feed-sources.repository.js';

type HealthDeps = Pick<IngestionDeps, 'db' | 'config' | 'logger' | 'defaultFeeds'>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Each source of the list in effect (the feeds a run reads, then NewsData) with the state the
 * runs stored: what the status route answers and the per-source metrics show. Read from the
 * database, so every instance tells the same, whichever of them ingests.
 */
export async function feedHealth(deps: HealthDeps): Promise<IngestionSourceStatus[]> {
  const { ingest } = deps.config;
  const listed: Array<
    Pick<IngestionSourceStatus, 'url' | 'kind' | 'origin'> & {
      publisher?: string;
      category?: string;
    }
  > = (await runFeeds(deps)).map((feed) => ({ ...feed, kind: 'rss' }));
  if (ingest.newsDataApiKey)
    listed.push({ url: ingest.newsDataUrl, kind: 'newsdata', origin: 'newsdata' });
  const states = await feedSourcesRepository.states(
    deps.db,
    listed.map((source) => source.url),
  );
  return listed.map((source) => {
    const state = states.get(source.url);
    return {
      url: source.url,
      kind: source.kind,
      origin: source.origin,
      publisher: source.publisher ?? state?.publisher ?? null,
      category: source.category ?? state?.category ?? null,
      lastFetchAt: iso(state?.lastFetchAt ?? null),
      lastSuccessAt: iso(state?.lastSuccessAt ?? null),
      lastOutcome: state?.lastOutcome ?? null,
      items: state?.lastItems ?? null,
      inserted: state?.lastInserted ?? null,
      insertedTotal: state?.insertedTotal ?? 0,
      lastError: state?.lastError ?? null,
      lastErrorAt: iso(state?.lastErrorAt ?? null),
      failures: state?.failures ?? 0,
      retryAt: iso(state?.retryAt ?? null),
    };
  });
}

/** The body of GET /api/ingestion/status. */
export async function ingestionStatus(deps: HealthDeps): Promise<IngestionStatusResponse> {
  const { ingest } = deps.config;
  return {
    intervalMinutes: ingest.intervalMinutes,
    defaultFeeds: Boolean(ingest.defaultFeeds),
    importedFeeds: Boolean(ingest.importedFeeds),
    sources: await feedHealth(deps),
  };
}
