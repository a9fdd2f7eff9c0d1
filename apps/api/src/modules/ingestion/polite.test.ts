/**
 * Polite fetching against real local servers: conditional requests (a 304 stores nothing),
 * backoff after failures (skipped until it ends, Retry-After honoured), the per-host pause (on
 * the injected clock: no sleeping), and the User-Agent.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import {
  rss,
  startPublisherServer,
  type Answer,
  type PublisherServer,
} from '../../../test/ingestion/publisher-server.js';
import { ingestionDeps } from '../../../test/ingestion/ingestion-deps.js';
import { memoryLogger } from '../../../test/memory-logger.js';
import type { Config } from '../../config.js';
import { articles, feedSources } from '../../db/schema.js';
import { runIngestion } from './ingestion.service.js';
import type { IngestionDeps } from './ingestion.types.js';
import { BACKOFF_MAX_MS, backoffMs } from './polite.js';

const MINUTE = 60_000;

let ctx: TestContext;
let server: PublisherServer;
let log: ReturnType<typeof memoryLogger>;

beforeAll(async () => {
  ctx = await createTestContext();
  server = await startPublisherServer();
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
});

const deps = (ingest: Partial<Config['ingest']>, extra: Partial<IngestionDeps> = {}) =>
  ingestionDeps(ctx, ingest, { logger: log.logger, ...extra });

const story = (n: number) => ({
  title: `Regional rail line reopens after storm damage repairs ${n}`,
  link: `https://daily.example/rail-${n}`,
  pubDate: '2030-03-10T08:00:00Z',
});
const stateOf = async (url: string) =>
  (await ctx.deps.db.select().from(feedSources).where(eq(feedSources.url, url)))[0];

describe('conditional requests', () => {
  it('sends back ETag and Last-Modified; a 304 inserts nothing; a changed feed is read', async () => {
    let version = 1;
    const lastModified = 'Sun, 10 Mar 2030 08:00:00 GMT';
    server.route('/daily', (req): Answer => {
      const etag = `"v${version}"`;
      if (req.headers['if-none-match'] === etag) return { status: 304, headers: { etag } };
      const stories = version === 1 ? [story(1), story(2)] : [story(1), story(2), story(3)];
      return {
        headers: { etag, 'last-modified': lastModified },
        body: rss('Daily', 'https://daily.example/', stories),
      };
    });
    const url = server.url('/daily');
    const first = await runIngestion(deps({ feeds: [url] }));
    expect(first.sources[0]).toMatchObject({ ok: true, fetched: 2, inserted: 2 });
    expect(server.requests[0]!.headers['if-none-match']).toBeUndefined();
    expect(await stateOf(url)).toMatchObject({ etag: '"v1"', lastModified, lastOutcome: 'ok' });

    const second = await runIngestion(deps({ feeds: [url] }));
    const asked = server.requests[1]!;
    expect(asked.headers['if-none-match']).toBe('"v1"');
    expect(asked.headers['if-modified-since']).toBe(lastModified);
    expect(second).toEqual({ sources: [expect.any(Object)], inserted: 0, duplicates: 0 });
    expect(second.sources[0]).toMatchObject({ ok: true, notModified: true, fetched: 0 });
    expect(await ctx.deps.db.$count(articles)).toBe(2);
    expect(await stateOf(url)).toMatchObject({
      lastOutcome: 'not-modified',
      etag: '"v1"',
      lastItems: 2, // the document last read
      lastInserted: 0,
      insertedTotal: 2,
    });

    version = 2;
    const third = await runIngestion(deps({ feeds: [url] }));
    expect(third.sources[0]).toMatchObject({ ok: true, fetched: 3, inserted: 1, duplicates: 2 });
    expect(await stateOf(url)).toMatchObject({ etag: '"v2"', lastItems: 3, insertedTotal: 3 });
  });

  it('names Lede in the User-Agent, with the public origin when there is one', async () => {
    server.route('/ua', { body: rss('UA', 'https://ua.example/', []) });
    await runIngestion(deps({ feeds: [server.url('/ua')] }));
    await runIngestion(
      deps({ feeds: [server.url('/ua')], contactUrl: 'https://news.example.org' }),
    );
    expect(server.requests.map((r) => r.headers['user-agent'])).toEqual([
      'Lede/0.1 (news reader)',
      'Lede/0.1 (news reader; +https://news.example.org)',
    ]);
  });
});

describe('a feed that fails', () => {
  it('keeps its last error, backs off (doubling), is skipped meanwhile, and recovers', async () => {
    let broken = true;
    server.route('/flaky', () =>
      broken ? { status: 500 } : { body: rss('Flaky', 'https://flaky.example/', [story(9)]) },
    );
    const url = server.url('/flaky');
    const run = () => runIngestion(deps({ feeds: [url] }));

    const failed = await run();
    expect(failed.sources[0]).toMatchObject({ ok: false, error: 'HTTP 500' });
    const t0 = ctx.clock.now().getTime();
    expect(await stateOf(url)).toMatchObject({
      lastOutcome: 'error',
      lastError: 'HTTP 500',
      failures: 1,
      retryAt: new Date(t0 + 30 * MINUTE),
    });
    expect(log.warnings()[0]).toMatchObject({ source: url, error: 'HTTP 500', failures: 1 });

    // Before its backoff ends: not asked at all.
    ctx.clock.advance(10 * MINUTE);
    const skipped = await run();
    expect(skipped.sources[0]).toMatchObject({
      ok: false,
      backoffUntil: new Date(t0 + 30 * MINUTE).toISOString(),
      error: 'backing off after 1 failure(s): HTTP 500',
    });
    expect(server.gets('/flaky')).toHaveLength(1);

    // Due again (the next run of the schedule): fails again, twice as long.
    ctx.clock.advance(20 * MINUTE);
    await run();
    const t1 = ctx.clock.now().getTime();
    expect(server.gets('/flaky')).toHaveLength(2);
    expect(await stateOf(url)).toMatchObject({ failures: 2, retryAt: new Date(t1 + 60 * MINUTE) });

    broken = false;
    ctx.clock.advance(60 * MINUTE);
    const recovered = await run();
    expect(recovered.sources[0]).toMatchObject({ ok: true, inserted: 1 });
    expect(await stateOf(url)).toMatchObject({
      lastOutcome: 'ok',
      failures: 0,
      retryAt: null,
      lastError: 'HTTP 500', // kept, with its time, for the status
      lastErrorAt: new Date(t1),
      lastSuccessAt: ctx.clock.now(),
    });
  });

  it('honours Retry-After; the CLI (ignoreBackoff) asks anyway', async () => {
    server.route('/busy', { status: 503, headers: { 'retry-after': '7200' } });
    const url = server.url('/busy');
    await runIngestion(deps({ feeds: [url] }));
    const t0 = ctx.clock.now().getTime();
    expect(await stateOf(url)).toMatchObject({ retryAt: new Date(t0 + 120 * MINUTE) });
    await runIngestion(deps({ feeds: [url] }, { ignoreBackoff: true }));
    expect(server.gets('/busy')).toHaveLength(2);
    expect(await stateOf(url)).toMatchObject({ failures: 2 });
  });

  it('backs off 30 min, doubled each failure, 24 h at most', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n) / MINUTE)).toEqual([30, 60, 120, 240]);
    expect(backoffMs(20)).toBe(BACKOFF_MAX_MS);
    expect(backoffMs(1, 90 * MINUTE)).toBe(90 * MINUTE);
    expect(backoffMs(1, 7 * 24 * 60 * MINUTE)).toBe(BACKOFF_MAX_MS);
  });
});

describe('the pause between requests to one host', () => {
  it('spaces requests to a host by the delay on the clock, one at a time; other hosts go on', async () => {
    const other = await startPublisherServer();
    try {
      const arrivals: Array<{ host: string; at: number }> = [];
      const serve = (host: string) => () => {
        arrivals.push({ host, at: ctx.clock.now().getTime() });
        return { body: rss(host, `https://${host}.example/`, []) };
      };
      for (const path of ['/a1', '/a2', '/a3']) server.route(path, serve('a'));
      other.route('/b1', serve('b'));
      const waits: number[] = [];
      const start = ctx.clock.now().getTime();
      const result = await runIngestion(
        deps(
          {
            feeds: [server.url('/a1'), server.url('/a2'), other.url('/b1'), server.url('/a3')],
            hostDelayMs: 2_000,
          },
          {
            // The pause passes on the test's clock: no real waiting.
            wait: async (ms) => {
              waits.push(ms);
              ctx.clock.advance(ms);
            },
          },
        ),
      );
      expect(result.sources.every((s) => s.ok)).toBe(true);
      expect(waits).toEqual([2_000, 2_000]);
      const atA = arrivals.filter((a) => a.host === 'a').map((a) => a.at - start);
      // Each after the previous one ended and the pause passed: one at a time.
      expect(atA).toEqual([0, 2_000, 4_000]);
      // The other host did not wait for the first one's pauses.
      expect(arrivals.findIndex((a) => a.host === 'b')).toBeLessThan(2);
    } finally {
      await other.close();
    }
  });
});
