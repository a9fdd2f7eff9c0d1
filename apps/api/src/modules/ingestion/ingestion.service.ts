import type { Dispatcher } from 'undici';
import type { Config } from '../../config.js';
import type { DbExecutor } from '../../db/client.js';
import { databaseErrorMessage } from '../../lib/database-error-log.js';
import { selectNew, titleWindow } from './dedupe.js';
import type { FeedSpec } from './default-feeds.js';
import { feedList, type ListedFeed } from './feed-list.js';
import {
  feedSourcesRepository,
  type FeedSourceRow,
  type SourceIdentity,
} from './feed-sources.repository.js';
import {
  DEFAULT_FETCH_LIMITS,
  fetchDocument,
  fetchText,
  SourceFetchError,
  userAgent,
  type Validators,
} from './fetch-text.js';
import type { FetchFn, FetchLimits } from './fetch.types.js';
import { ingestionRepository } from './ingestion.repository.js';
import { backoffMs, createHostPacer, isDue, timerWait } from './polite.js';
import type {
  IngestionDeps,
  IngestionResult,
  NormalizedArticle,
  RawItem,
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
  createStoryIndex,
  mergeDueStories,
  storeInStories,
  storyOptions,
  type ClusteringOptions,
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

const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5';

interface LoadContext {
  fetch: FetchFn;
  limits: FetchLimits;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
  userAgent: string;
}

interface Source extends SourceIdentity {
  /** Shown in logs and reports: never carries a secret. */
  url: string;
  /** Reads the source, conditionally when `validators` are given (feeds only). */
  load(context: LoadContext, validators?: Validators): Promise<Loaded>;
}

type Loaded =
  | { items: RawItem[]; validators?: Validators }
  | { notModified: true }
  | { error: string; retryAfterMs?: number }
  | { backoffUntil: Date; error: string };

/** The run's feeds (feedList), in order, then the NewsData endpoint when a key is set. */
export function listSources(ingest: Config['ingest'], feeds: readonly ListedFeed[]): Source[] {
  const sources: Source[] = feeds.map((feed) => ({
    kind: 'rss',
    url: feed.url,
    publisher: feed.publisher,
    category: feed.category,
    load: async (context, validators) => {
      const document = await fetchDocument(feed.url, {
        ...context,
        validators,
        accept: FEED_ACCEPT,
      });
      if (document.notModified) return { notModified: true };
      const items = await parseFeed(document.body, feed.url).catch((err: unknown) => {
        throw new Error(`invalid feed: ${messageOf(err)}`);
      });
      return { items: items.map((item) => asListed(item, feed)), validators: document.validators };
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
          return { items: parseNewsData(body) };
        } catch (err) {
          throw new Error(`invalid NewsData response: ${messageOf(err)}`);
        }
      },
    });
  }
  return sources;
}

/** An item as its list describes it: the list's publisher, its category when the item has none. */
function asListed(item: RawItem, feed: FeedSpec): RawItem {
  return {
    ...item,
    sourceName: feed.publisher ?? item.sourceName,
    categories: item.categories.length === 0 && feed.category ? [feed.category] : item.categories,
  };
}

export function hasIngestionSources(ingest: Config['ingest']): boolean {
  return (
    ingest.feeds.length > 0 ||
    Boolean(ingest.defaultFeeds) ||
    Boolean(ingest.importedFeeds) ||
    Boolean(ingest.newsDataApiKey)
  );
}

/** The imported feeds when the list takes them; none (logged) when the database cannot say. */
export async function importedFeeds(
  deps: Pick<IngestionDeps, 'db' | 'config' | 'logger'>,
): Promise<FeedSpec[]> {
  if (!deps.config.ingest.importedFeeds) return [];
  try {
    return await feedSourcesRepository.imported(deps.db);
  } catch (err) {
    deps.logger.warn({ error: dbMessage(err) }, 'imported feeds could not be read: left out');
    return [];
  }
}

/** The feeds a run of `deps` reads: feedList on the configuration and the imported feeds. */
export async function runFeeds(
  deps: Pick<IngestionDeps, 'db' | 'config' | 'logger' | 'defaultFeeds'>,
): Promise<ListedFeed[]> {
  return feedList(deps.config.ingest, await importedFeeds(deps), deps.defaultFeeds);
}

/**
 * One ingestion pass over every configured source. Never throws: a source that
 * fails (network, HTTP status, timeout, size, broken XML/JSON, database) is
 * logged with logger.warn and reported with ok: false, and the others go on.
 * Polite: a source backing off after failures is skipped, a feed is asked conditionally
 * (its last ETag / Last-Modified), and requests to one host are spaced by `hostDelayMs`.
 */
export async function runIngestion(deps: IngestionDeps): Promise<IngestionResult> {
  const { ingest } = deps.config;
  const sources = listSources(ingest, await runFeeds(deps));
  const states = await feedSourcesRepository
    .states(
      deps.db,
      sources.map((source) => source.url),
    )
    .catch((err: unknown) => {
      deps.logger.warn({ error: dbMessage(err) }, 'feed states could not be read: none used');
      return new Map<string, FeedSourceRow>();
    });
  const context: LoadContext = {
    fetch: deps.fetch ?? globalThis.fetch,
    limits: { ...DEFAULT_FETCH_LIMITS, ...deps.limits },
    signal: deps.signal,
    dispatcher: ingest.allowPrivateFeeds ? undefined : publicOnlyDispatcher(),
    userAgent: userAgent(ingest.contactUrl),
  };
  const started = deps.clock.now();
  const withSlot = concurrencyLimit(FETCH_CONCURRENCY);
  const pacer = createHostPacer({
    clock: deps.clock,
    delayMs: ingest.hostDelayMs ?? 0,
    wait: deps.wait ?? timerWait,
    signal: deps.signal,
  });
  const loads = sources.map((source): Promise<Loaded> => {
    const state = states.get(source.url);
    if (!deps.ignoreBackoff && state && !isDue(state.retryAt, started)) {
      const error = `backing off after ${state.failures} failure(s): ${state.lastError ?? 'unknown error'}`;
      return Promise.resolve({ backoffUntil: state.retryAt!, error });
    }
    const validators =
      source.kind === 'rss' && state
        ? { etag: state.etag ?? undefined, lastModified: state.lastModified ?? undefined }
        : undefined;
    return pacer
      .run(source.url, () => withSlot(() => source.load(context, validators)))
      .catch((err: unknown): Loaded => ({
        error: messageOf(err),
        retryAfterMs: err instanceof SourceFetchError ? err.retryAfterMs : undefined,
      }));
  });
  // One story index for the run (the schedule keeps one across runs): its merge pass follows.
  const run = { ...deps, stories: deps.stories ?? createStoryIndex() };
  const reports: SourceReport[] = [];
  for (const [i, source] of sources.entries()) {
    reports.push(await storeSource(run, source, await loads[i]!, states.get(source.url)));
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
      failed: reports.filter((r) => !r.ok && !r.backoffUntil).length,
      backingOff: reports.filter((r) => r.backoffUntil).length,
      notModified: reports.filter((r) => r.notModified).length,
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
  state: FeedSourceRow | undefined,
): Promise<SourceReport> {
  const report: SourceReport = {
    url: source.url,
    kind: source.kind,
    ok: false,
    fetched: 0,
    inserted: 0,
    duplicates: 0,
    invalid: 0,
    ...(source.publisher ? { publisher: source.publisher } : {}),
  };
  const secret = deps.config.ingest.newsDataApiKey;
  const log = { source: source.url, kind: source.kind };
  const fail = async (message: string, retryAfterMs?: number): Promise<SourceReport> => {
    const error = redactSecret(message, secret);
    if (deps.signal?.aborted) {
      deps.logger.info({ ...log, error }, 'ingestion source skipped: stopping');
      return { ...report, error };
    }
    const at = deps.clock.now();
    const failures = (state?.failures ?? 0) + 1;
    const retryAt = new Date(at.getTime() + backoffMs(failures, retryAfterMs));
    deps.logger.warn(
      { ...log, error, failures, retryAt: retryAt.toISOString() },
      'ingestion source failed; retried after its backoff',
    );
    await recordState(deps, source, () =>
      feedSourcesRepository.recordFailure(deps.db, source, { at, error, failures, retryAt }),
    );
    return { ...report, error };
  };
  if ('backoffUntil' in loaded) {
    deps.logger.debug({ ...log, until: loaded.backoffUntil }, 'ingestion source backing off');
    return { ...report, error: loaded.error, backoffUntil: loaded.backoffUntil.toISOString() };
  }
  if ('error' in loaded) return fail(loaded.error, loaded.retryAfterMs);
  if (deps.signal?.aborted) return fail('stopped');
  if ('notModified' in loaded) {
    const at = deps.clock.now();
    await recordState(deps, source, () =>
      feedSourcesRepository.recordSuccess(deps.db, source, { at, inserted: 0 }),
    );
    deps.logger.info(log, 'ingestion source not modified');
    return { ...report, ok: true, notModified: true };
  }

  const now = deps.clock.now();
  const fetched = loaded.items.length;
  try {
    const corpus = await phraseCorpus(deps.db, loaded.items);
    const candidates = loaded.items.flatMap(
      (item) => normalizeItem(item, source.kind, now, corpus) ?? [],
    );
    const options = storyOptions(deps.config.storyWindowHours);
    const { inserted, duplicates } = await deps.db.transaction(async (tx) => {
      // Each article written once, with its story: no article is seen without one.
      const stored = await storeArticles(tx, candidates, {
        now,
        options,
        index: deps.stories,
      });
      // And the validators with what they describe: a 304 never hides items that were not stored.
      await feedSourcesRepository.recordSuccess(tx, source, {
        at: now,
        validators: loaded.validators ?? {},
        items: fetched,
        inserted: stored.ids.length,
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
      { ...log, fetched, inserted, duplicates, invalid: done.invalid },
      'ingestion source done',
    );
    return done;
  } catch (err) {
    return fail(`database error: ${dbMessage(err)}`);
  }
}

/** Writes a source's state; a failure is logged, and the run goes on. */
async function recordState(
  deps: IngestionDeps,
  source: Source,
  write: () => Promise<void>,
): Promise<void> {
  try {
    await write();
  } catch (err) {
    deps.logger.warn(
      { source: source.url, error: dbMessage(err) },
      'the state of an ingestion source could not be stored',
    );
  }
}

const dbMessage = (err: unknown) => messageOf(databaseErrorMessage(err) ?? rootCause(err));

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
    deps.logger.warn({ error: dbMessage(err) }, 'story merge pass failed');
  }
}

/**
 * Check-then-insert under the ingestion lock, so concurrent runs cannot both insert one story;
 * the new articles are written in their stories (`storeInStories`, under the stories' lock).
 */
async function storeArticles(
  tx: DbExecutor,
  candidates: NormalizedArticle[],
  { now, options, index }: { now: Date; options: Partial<ClusteringOptions>; index?: StoryIndex },
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
  const { ids } = await storeInStories(tx, fresh, { now, options, index, ingestedAt: now });
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
