/**
 * The curated default list, with local HTTP servers standing in for it (its URLs mapped to them
 * through deps, never a global): read when INGEST_FEEDS is unset, off with `none`, and a start
 * that never waits on the network (offline: one log line, no run).
 */
import { performance } from 'node:perf_hooks';
import { CATEGORY_IDS } from '@lede/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import {
  rss,
  startPublisherServer,
  type PublisherServer,
} from '../../../test/ingestion/publisher-server.js';
import { memoryLogger } from '../../../test/memory-logger.js';
import { loadConfig, type Config } from '../../config.js';
import { articles, feedSources } from '../../db/schema.js';
import { DEFAULT_FEEDS, type FeedSpec } from './default-feeds.js';
import { feedSourcesRepository } from './feed-sources.repository.js';
import { runIngestion } from './ingestion.service.js';
import type { IngestionDeps, IngestionResult } from './ingestion.types.js';
import { startIngestionSchedule } from './schedule.js';

let ctx: TestContext;
let server: PublisherServer;
let log: ReturnType<typeof memoryLogger>;

/** The default list, each URL mapped to a path of the local server: `/feed/<index>`. */
let mapped: FeedSpec[];
const pathOf = (i: number) => `/feed/${i}`;

beforeAll(async () => {
  ctx = await createTestContext();
  server = await startPublisherServer();
  mapped = DEFAULT_FEEDS.map((feed, i) => ({ ...feed, url: server.url(pathOf(i)) }));
});
afterAll(async () => {
  await server.close();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.deps.db.delete(articles);
  await ctx.deps.db.delete(feedSources);
  server.requests.length = 0;
  log = memoryLogger();
  DEFAULT_FEEDS.forEach((feed, i) =>
    server.route(pathOf(i), {
      body: rss(`${feed.publisher} feed ${i}`, `https://publisher-${i}.example/`, [
        {
          title: `Harbour council approves budget for bridge number ${i}`,
          link: `https://publisher-${i}.example/bridge-${i}`,
          pubDate: '2030-03-10T08:00:00Z',
        },
      ]),
    }),
  );
});

/** The configuration a deployment gets from these variables (NODE_ENV unset: development). */
const configFrom = (env: Record<string, string>): Pick<Config, 'ingest'> => ({
  ingest: loadConfig({ INGEST_ALLOW_PRIVATE_FEEDS: 'true', ...env }).ingest,
});

function deps(config: Pick<Config, 'ingest'>, extra: Partial<IngestionDeps> = {}): IngestionDeps {
  return {
    db: ctx.deps.db,
    changes: ctx.deps.changes,
    config,
    logger: log.logger,
    clock: ctx.clock,
    defaultFeeds: mapped,
    // The per-host pause (every mapped feed is on one host) passes on the test's clock.
    wait: async (ms) => ctx.clock.advance(ms),
    ...extra,
  };
}

describe('the default list', () => {
  it('covers the 15 categories with well-known outlets, each feed once, over https', () => {
    expect(new Set(DEFAULT_FEEDS.map((f) => f.category))).toEqual(new Set(CATEGORY_IDS));
    expect(new Set(DEFAULT_FEEDS.map((f) => f.url)).size).toBe(DEFAULT_FEEDS.length);
    for (const feed of DEFAULT_FEEDS) {
      expect(new URL(feed.url).protocol).toBe('https:');
      expect(feed.publisher).toMatch(/\S/);
    }
    expect(new Set(DEFAULT_FEEDS.map((f) => f.publisher)).size).toBeGreaterThanOrEqual(15);
  });

  it('is read when INGEST_FEEDS is unset: every feed, its publisher and category on its items', async () => {
    const config = configFrom({});
    expect(config.ingest).toMatchObject({ feeds: [], defaultFeeds: true, importedFeeds: true });
    const result = await runIngestion(deps(config));

    expect(result.sources.map((s) => s.url)).toEqual(mapped.map((f) => f.url));
    expect(result.sources.every((s) => s.ok && s.inserted === 1)).toBe(true);
    for (const [i] of DEFAULT_FEEDS.entries()) expect(server.gets(pathOf(i))).toHaveLength(1);
    const rows = await ctx.deps.db
      .select({ link: articles.link, source: articles.sourceName, categories: articles.categories })
      .from(articles);
    expect(rows).toHaveLength(DEFAULT_FEEDS.length);
    for (const [i, feed] of DEFAULT_FEEDS.entries()) {
      const row = rows.find((r) => r.link === `https://publisher-${i}.example/bridge-${i}`);
      expect(row, feed.url).toMatchObject({ source: feed.publisher });
      expect(row!.categories[0], feed.url).toBe(feed.category);
    }
    // Many outlets on a fresh install, not one.
    expect(new Set(rows.map((r) => r.source)).size).toBeGreaterThanOrEqual(15);
  });

  it('is left out when INGEST_FEEDS lists feeds, and kept when it says `default` too', async () => {
    const own = server.url(pathOf(0));
    const replaced = await runIngestion(deps(configFrom({ INGEST_FEEDS: own })));
    expect(replaced.sources.map((s) => s.url)).toEqual([own]);
    // A configured URL of the list keeps its publisher.
    expect(replaced.sources[0]).toMatchObject({ ok: true, publisher: DEFAULT_FEEDS[0]!.publisher });

    const both = await runIngestion(
      deps(configFrom({ INGEST_FEEDS: `https://elsewhere.example/rss, default` }), {
        // Only the list is served here: the extra feed (not reachable) just fails.
        fetch: (input, init) =>
          String(input).startsWith('https://elsewhere.example/')
            ? Promise.reject(new Error('no route'))
            : fetch(input, init),
      }),
    );
    expect(both.sources.map((s) => s.url)).toEqual([
      'https://elsewhere.example/rss',
      ...mapped.map((f) => f.url),
    ]);
  });

  it('is off, with every feed, under INGEST_FEEDS=none and in tests unless asked for', async () => {
    await feedSourcesRepository.importFeeds(ctx.deps.db, [{ url: server.url(pathOf(1)) }]);
    for (const env of [{ INGEST_FEEDS: 'none' }, { NODE_ENV: 'test' }] as Array<
      Record<string, string>
    >) {
      const config = configFrom(env);
      expect(config.ingest).toMatchObject({ feeds: [], defaultFeeds: false, importedFeeds: false });
      expect(await runIngestion(deps(config))).toEqual({ sources: [], inserted: 0, duplicates: 0 });
      const stop = startIngestionSchedule({ ...deps(config), firstRunDelayMs: 0 });
      await stop();
    }
    expect(server.requests).toEqual([]);
    expect(log.lines.join('\n')).toContain('ingestion schedule off: INGEST_FEEDS=none');
  });
});

describe('the start with the default list', () => {
  /** The schedule as server.ts starts it, with the list mapped to `feeds`. */
  function startSchedule(feeds: FeedSpec[], onRunFinished?: (r: IngestionResult) => void) {
    return startIngestionSchedule({
      ...deps(configFrom({}), { defaultFeeds: feeds }),
      firstRunDelayMs: 0,
      reachabilityTimeoutMs: 300,
      onRunFinished,
    });
  }
  const liveLines = () =>
    log.lines
      .map((line) => JSON.parse(line) as { msg: string; level: number })
      .filter((entry) => entry.msg.startsWith('live feeds'));

  it('offline: starts at once, answers while the check waits, then one line and no run', async () => {
    // Every feed of the list on a server that never answers: the network is not there.
    server.route('/hang', 'hang');
    const offline = mapped.map((feed) => ({ ...feed, url: server.url('/hang') }));
    let runs = 0;
    const began = performance.now();
    const stop = startSchedule(offline, () => (runs += 1));
    const startMs = performance.now() - began;
    try {
      // Nothing waited on the network: the schedule is on, the app answers, the check still runs.
      expect(startMs).toBeLessThan(100);
      await ctx.request().get('/api/health').expect(200);
      expect(liveLines()).toEqual([]);

      await expect.poll(liveLines, { timeout: 5_000 }).toHaveLength(1);
      expect(liveLines()[0]).toMatchObject({
        level: 40,
        msg: expect.stringContaining('live feeds off'),
      });
      // The check asked with HEAD; no feed was fetched, no run happened.
      expect(server.requests.length).toBeGreaterThan(0);
      expect(server.requests.every((r) => r.method === 'HEAD')).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(runs).toBe(0);
      expect(await ctx.deps.db.$count(articles)).toBe(0);
    } finally {
      const stopping = performance.now();
      await stop();
      expect(performance.now() - stopping).toBeLessThan(1_000);
    }
  });

  it('online: the check passes and the first run reads the list', async () => {
    let finished!: (r: IngestionResult) => void;
    const run = new Promise<IngestionResult>((resolve) => (finished = resolve));
    const stop = startSchedule(mapped, (r) => finished(r));
    try {
      const result = await run;
      expect(result.sources.filter((s) => s.ok)).toHaveLength(DEFAULT_FEEDS.length);
      expect(liveLines().map((l) => l.msg)).toEqual(['live feeds on: the default feeds answer']);
      const heads = server.requests.filter((r) => r.method === 'HEAD');
      expect(heads.length).toBeGreaterThanOrEqual(1);
      expect(heads.length).toBeLessThanOrEqual(3);
    } finally {
      await stop();
    }
    const [state] = await ctx.deps.db
      .select()
      .from(feedSources)
      .where(eq(feedSources.url, mapped[0]!.url));
    expect(state).toMatchObject({ lastOutcome: 'ok', publisher: 'BBC News', lastItems: 1 });
  });
});
