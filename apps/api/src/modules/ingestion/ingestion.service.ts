import type { Dispatcher } from 'undici';
import type { Config } from '../../config.js';
import type { DbExecutor } from '../../db/client.js';
import { databaseErrorMessage } from '../../lib/database-error-log.js';
import { selectNew, titleWindow } from './dedupe.js';
import { DEFAULT_FETCH_LIMITS, fetchText, SourceFetchError } from './fetch-text.js';
import type { FetchFn, FetchLimits } from './fetch.types.js';
import { ingestionRepository } from './ingestion.repository.js';
import type {
  IngestionDeps,
  IngestionResult,
  NormalizedArticle,
  RawItem,
  SourceKind,
  SourceReport,
} from './ingestion.types.js';
import { collapseWhitespace } from './text.js';
import { redactSecret } from './links.js';
import { newsDataRequestUrl, parseNewsData } from './newsdata-source.js';
import { normalizeItem } from './normalize-item.js';
import { htmlToText } from './text.js';
import { batchCorpus, countPhrases, type PhraseCorpus } from '../../lib/text/index.js';
import { publicOnlyDispatcher } from './public-network.js';
import { parseFeed } from './rss-source.js';
import {
  clusterPending,
  createStoryIndex,
  mergeDueStories,
  storyOptions,
  type StoryIndex,
} from '../stories/index.js';

/**
 * The corpus keywords are weighed in: the stored articles' keywords and the batch's own
 * phrases (each item's own occurrence left out).
 */
async function phraseCorpus(db: DbExecutor, items: readonly RawItem[]): Promise<PhraseCorpus> {
  const batch = countPhrases(
    items.map((item) => ({
      title: htmlToText(item.title ?? ''),
      description: htmlToText(item.description ?? ''),
    })),
  );
  const stored = await ingestionRepository.keywordFrequencies(db, [...batch.counts.keys()]);
  return batchCorpus(batch, stored);
}

/** Sources fetched at once; their inserts still happen one source at a time, in configured order. */
const FETCH_CONCURRENCY = 4;

interface LoadContext {
  fetch: FetchFn;
  limits: FetchLimits;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
}

interface Source {
  kind: SourceKind;
  /** Shown in logs and reports: never carries a secret. */
  url: string;
  load(context: LoadContext): Promise<RawItem[]>;
}

type Loaded = { items: RawItem[] } | { error: string };

/** The configured feeds, in order, then the NewsData endpoint when a key is set. */
export function listSources(ingest: Config['ingest']): Source[] {
  const sources: Source[] = ingest.feeds.map((url) => ({
    kind: 'rss',
    url,
    load: async (context) => {
      const xml = await fetchText(url, {
        ...context,
        accept:
          'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5',
      });
      return parseFeed(xml, url).catch((err: unknown) => {
        throw new Error(`invalid feed: ${messageOf(err)}`);
      });
    },
  }));
  const { newsDataApiKey: apiKey, newsDataUrl } = ingest;
  if (apiKey) {
    sources.push({
      kind: 'newsdata',
      url: newsDataUrl,
      load: async (context) => {
        const body = await fetchText(newsDataRequestUrl(newsDataUrl, apiKey), {
          ...context,
          accept: 'application/json',
        });
        try {
          return parseNewsData(body);
        } catch (err) {
          throw new Error(`invalid NewsData response: ${messageOf(err)}`);
        }
      },
    });
  }
  return sources;
}

export function hasIngestionSources(ingest: Config['ingest']): boolean {
  return ingest.feeds.length > 0 || Boolean(ingest.newsDataApiKey);
}

/**
 * One ingestion pass over every configured source. Never throws: a source that
 * fails (network, HTTP status, timeout, size, broken XML/JSON, database) is
 * logged with logger.warn and reported with ok: false, and the others go on.
 */
export async function runIngestion(deps: IngestionDeps): Promise<IngestionResult> {
  const sources = listSources(deps.config.ingest);
  const context: LoadContext = {
    fetch: deps.fetch ?? globalThis.fetch,
    limits: { ...DEFAULT_FETCH_LIMITS, ...deps.limits },
    signal: deps.signal,
    dispatcher: deps.config.ingest.allowPrivateFeeds ? undefined : publicOnlyDispatcher(),
  };
  const withSlot = concurrencyLimit(FETCH_CONCURRENCY);
  const loads = sources.map((source) =>
    withSlot(() => source.load(context)).then(
      (items): Loaded => ({ items }),
      (err: unknown): Loaded => ({ error: messageOf(err) }),
    ),
  );
  // One story index for the run (the schedule keeps one across runs): its merge pass follows.
  const run = { ...deps, stories: deps.stories ?? createStoryIndex() };
  const reports: SourceReport[] = [];
  for (const [i, source] of sources.entries()) {
    reports.push(await storeSource(run, source, await loads[i]!));
  }
  if (reports.some((r) => r.inserted > 0)) await mergeStories(run, run.stories);
  const result: IngestionResult = {
    sources: reports,
    inserted: reports.reduce((sum, r) => sum + r.inserted, 0),
    duplicates: reports.reduce((sum, r) => sum + r.duplicates, 0),
  };
  deps.logger.info(
    {
      sources: reports.length,
      failed: reports.filter((r) => !r.ok).length,
      inserted: result.inserted,
      duplicates: result.duplicates,
    },
    'ingestion run finished',
  );
  return result;
}

async function storeSource(
  deps: IngestionDeps,
  source: Source,
  loaded: Loaded,
): Promise<SourceReport> {
  const report: SourceReport = {
    url: source.url,
    kind: source.kind,
    ok: false,
    fetched: 0,
    inserted: 0,
    duplicates: 0,
    invalid: 0,
  };
  const secret = deps.config.ingest.newsDataApiKey;
  const fail = (message: string): SourceReport => {
    const error = redactSecret(message, secret);
    const log = { source: source.url, kind: source.kind, error };
    if (deps.signal?.aborted) deps.logger.info(log, 'ingestion source skipped: stopping');
    else deps.logger.warn(log, 'ingestion source failed; retried next run');
    return { ...report, error };
  };
  if ('error' in loaded) return fail(loaded.error);
  if (deps.signal?.aborted) return fail('stopped');

  const now = deps.clock.now();
  const fetched = loaded.items.length;
  try {
    const corpus = await phraseCorpus(deps.db, loaded.items);
    const candidates = loaded.items.flatMap(
      (item) => normalizeItem(item, source.kind, now, corpus) ?? [],
    );
    const options = storyOptions(deps.config.storyWindowHours);
    const { inserted, duplicates } = await deps.db.transaction(async (tx) => {
      const stored = await storeArticles(tx, candidates, now);
      // In the same transaction: no article is seen without its story.
      if (stored.ids.length > 0)
        await clusterPending(tx, {
          now,
          options,
          index: deps.stories,
          articleIds: stored.ids,
          merge: false,
        });
      return { inserted: stored.ids.length, duplicates: stored.duplicates };
    });
    if (inserted > 0) deps.changes.articlesChanged();
    const done = {
      ...report,
      ok: true,
      fetched,
      inserted,
      duplicates,
      invalid: fetched - candidates.length,
    };
    deps.logger.info(
      {
        source: source.url,
        kind: source.kind,
        fetched,
        inserted,
        duplicates,
        invalid: done.invalid,
      },
      'ingestion source done',
    );
    return done;
  } catch (err) {
    return fail(`database error: ${messageOf(databaseErrorMessage(err) ?? rootCause(err))}`);
  }
}

/**
 * The run's merge pass, in a transaction of its own after every source's: merging is no part of
 * assigning an article. A failure is logged; the next run merges what is due.
 */
async function mergeStories(deps: IngestionDeps, index: StoryIndex): Promise<void> {
  const options = storyOptions(deps.config.storyWindowHours);
  try {
    const { merges } = await deps.db.transaction((tx) =>
      mergeDueStories(tx, { now: deps.clock.now(), options, index }),
    );
    if (merges > 0) deps.changes.articlesChanged();
  } catch (err) {
    deps.logger.warn(
      { error: messageOf(databaseErrorMessage(err) ?? rootCause(err)) },
      'story merge pass failed',
    );
  }
}

/** Check-then-insert under the ingestion lock, so concurrent runs cannot both insert one story. */
async function storeArticles(
  tx: DbExecutor,
  candidates: NormalizedArticle[],
  now: Date,
): Promise<{ ids: string[]; duplicates: number }> {
  if (candidates.length === 0) return { ids: [], duplicates: 0 };
  await ingestionRepository.lock(tx);
  const heldLinks = await ingestionRepository.findHeldLinks(
    tx,
    candidates.map((c) => c.link),
  );
  const window = titleWindow(candidates);
  const heldTitles = window
    ? await ingestionRepository.findHeldTitles(
        tx,
        candidates.map((c) => c.titleKey),
        window,
      )
    : [];
  const { fresh, duplicates } = selectNew(candidates, heldLinks, heldTitles);
  const ids = await ingestionRepository.insertArticles(tx, fresh, now);
  // A link inserted by someone else in between is skipped by ON CONFLICT: a duplicate too.
  return { ids, duplicates: duplicates + fresh.length - ids.length };
}

function concurrencyLimit(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    while (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

/** Drizzle wraps driver errors in "Failed query: <sql> params: ..."; the driver's message says more. */
function rootCause(err: unknown): unknown {
  let current = err;
  for (
    let depth = 0;
    depth < 5 && current instanceof Error && current.cause instanceof Error;
    depth++
  ) {
    current = current.cause;
  }
  return current;
}

function messageOf(err: unknown): string {
  if (err instanceof SourceFetchError) return err.message;
  const message = err instanceof Error ? err.message : String(err);
  return collapseWhitespace(message).slice(0, 300) || 'unknown error';
}
