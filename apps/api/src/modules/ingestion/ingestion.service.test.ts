import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticle } from '../../../test/fixtures.js';
import type { Config } from '../../config.js';
import { freePort } from '../../db/embedded.js';
import { articles, feedSources } from '../../db/schema.js';
import { normalizeTitle } from '../../lib/text/index.js';
import { runIngestion } from './ingestion.service.js';
import type { IngestionDeps } from './ingestion.types.js';
import {
  NEWSDATA_REJECTED_KEY,
  startFeedServer,
  type FeedServer,
} from '../../../test/ingestion/feed-server.js';
import { ingestionDeps } from '../../../test/ingestion/ingestion-deps.js';
import { memoryLogger } from '../../../test/memory-logger.js';

let ctx: TestContext;
let server: FeedServer;
let log: ReturnType<typeof memoryLogger>;

const RSS = '/fixtures/example-daily.rss.xml';
const ATOM = '/fixtures/science-weekly.atom.xml';
const BROKEN = '/fixtures/broken.rss.xml';
const GAZETTE = '/fixtures/other-gazette.rss.xml';

beforeAll(async () => {
  ctx = await createTestContext();
  server = await startFeedServer();
});
afterAll(async () => {
  await server.close();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.deps.db.delete(articles);
  // Each test's sources start afresh: no backoff or validators left by another test.
  await ctx.deps.db.delete(feedSources);
  log = memoryLogger();
});

const deps = (ingest: Partial<Config['ingest']>, extra: Partial<IngestionDeps> = {}) =>
  ingestionDeps(
    ctx,
    { intervalMinutes: 0, newsDataUrl: server.url('/newsdata/latest'), ...ingest },
    { logger: log.logger, ...extra },
  );

const feeds = (...paths: string[]) => ({ feeds: paths.map((p) => server.url(p)) });
const rowByLink = async (link: string) =>
  (await ctx.deps.db.select().from(articles).where(eq(articles.link, link)))[0];
const countRows = async () => (await ctx.deps.db.select({ id: articles.id }).from(articles)).length;

describe('runIngestion: RSS and Atom', () => {
  it('imports an RSS feed once, with clean fields, categories and keywords', async () => {
    const first = await runIngestion(deps(feeds(RSS)));
    expect(first.sources).toEqual([
      {
        url: server.url(RSS),
        kind: 'rss',
        ok: true,
        fetched: 7,
        inserted: 5,
        duplicates: 1,
        invalid: 1,
      },
    ]);
    expect(await countRows()).toBe(5);

    const chip = await rowByLink('https://example.com/tech/ai-chip?id=7');
    expect(chip).toMatchObject({
      title: 'Tech Giant Unveils New AI Chip for Laptops',
      description: 'The new chip & its software promise faster laptops.',
      creator: ['Ada Lovelace'],
      pubDate: new Date('2026-03-02T09:15:00Z'),
      imageUrl: 'https://img.example.com/ai-chip.jpg',
      sourceName: 'Example Daily',
      sourceUrl: 'https://example.com/',
      sourceIcon: 'https://example.com/logo.png',
      categories: ['technology'],
      titleKey: 'tech giant unveils new ai chip for laptops',
      origin: 'rss',
      ingestedAt: ctx.clock.now(),
      likes: 0,
    });
    expect(chip!.keywords).toContain('technology');
    expect(chip!.keywords).toContain('ai chip');

    const senate = await rowByLink('https://example.com/politics/climate-bill');
    expect(senate).toMatchObject({
      title: 'Senate passes climate bill after long debate',
      description: 'Lawmakers voted 51–49.',
      creator: ['Jane Doe'],
      imageUrl: 'https://img.example.com/senate.jpg',
    });
    expect(senate!.categories[0]).toBe('politics');
    expect(senate!.keywords).toEqual(expect.arrayContaining(senate!.categories));

    const final = await rowByLink('https://example.com/sport/final');
    expect(final).toMatchObject({
      categories: ['sports'],
      imageUrl: 'https://img.example.com/final.jpg',
    });
    expect(final!.pubDate).toEqual(ctx.clock.now()); // 2031 in the feed: clamped to now

    const sleep = await rowByLink('https://example.com/health/sleep-study'); // relative link resolved
    expect(sleep).toMatchObject({ imageUrl: 'https://img.example.com/sleep.png' });
    expect(sleep!.categories[0]).toBe('health');

    const second = await runIngestion(deps(feeds(RSS)));
    expect(second).toMatchObject({ inserted: 0, duplicates: 6 });
    expect(await countRows()).toBe(5);
  });

  it('reads Atom feeds: alternate links, term categories, summaries and authors', async () => {
    const result = await runIngestion(deps(feeds(ATOM)));
    expect(result.sources[0]).toMatchObject({ ok: true, fetched: 2, inserted: 2 });
    expect(await rowByLink('https://atom.example.org/2026/galaxy-cluster')).toMatchObject({
      title: 'Astronomers spot a distant galaxy cluster',
      description: 'Light from the cluster left it 10 billion years ago.',
      creator: ['Vera Rubin'],
      pubDate: new Date('2026-03-02T06:00:00Z'),
      imageUrl: 'https://atom.example.org/img/cluster.jpg',
      sourceName: 'Atom Science Weekly',
      sourceUrl: 'https://atom.example.org/',
      sourceIcon: 'https://atom.example.org/icon.png',
      categories: ['science'],
    });
    expect(await rowByLink('https://atom.example.org/2026/battery')).toMatchObject({
      description: 'The cells charge in twelve minutes.',
      pubDate: new Date('2026-03-01T15:00:00Z'),
      categories: ['automotive'],
      imageUrl: null,
    });
  });

  it("keeps another source's copy of a headline, in the same story as another source", async () => {
    const result = await runIngestion(deps(feeds(RSS, GAZETTE)));
    expect(result.sources[1]).toMatchObject({ ok: true, fetched: 2, inserted: 2, duplicates: 0 });
    const copy = await rowByLink('https://gazette.example.net/2026/03/parks');
    const original = await rowByLink('https://example.com/local/parks-budget');
    expect(copy).toMatchObject({ storyId: original!.storyId, storyRule: 'same-title' });
    expect(await rowByLink('https://gazette.example.net/2026/03/museum')).toMatchObject({
      categories: ['entertainment'],
    });
  });

  it('keeps a same-titled story published outside the 14-day window', async () => {
    const title = 'City council approves budget for new parks';
    await insertArticle(ctx.deps.db, {
      title,
      titleKey: normalizeTitle(title),
      pubDate: new Date('2025-06-01T00:00:00Z'),
    });
    const result = await runIngestion(deps(feeds(GAZETTE)));
    expect(result.sources[0]).toMatchObject({ inserted: 2, duplicates: 0 });
  });
});

describe('runIngestion: failures', () => {
  it('reports and logs a broken feed, an HTTP 500 and an unreachable port, and still imports the others', async () => {
    const unreachable = `http://127.0.0.1:${await freePort()}/feed.xml`;
    const result = await runIngestion(
      deps({
        feeds: [server.url(BROKEN), server.url('/status/500'), unreachable, server.url(RSS)],
      }),
    );
    const [broken, failing, offline, good] = result.sources;
    expect(broken).toMatchObject({
      ok: false,
      inserted: 0,
      error: expect.stringMatching(/^invalid feed: /),
    });
    expect(failing).toMatchObject({ ok: false, error: 'HTTP 500' });
    expect(offline).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^network error: .*ECONNREFUSED/),
    });
    expect(good).toMatchObject({ ok: true, inserted: 5 });
    expect(result.inserted).toBe(5);

    const warnings = log.warnings();
    expect(warnings.map((w) => w.source)).toEqual([
      server.url(BROKEN),
      server.url('/status/500'),
      unreachable,
    ]);
    expect(warnings.map((w) => w.error)).toEqual([broken!.error, failing!.error, offline!.error]);
  });

  it('gives up on a feed that never answers after the timeout', async () => {
    // A short timeout for a feed that never answers (the good feed is read in its own run, so
    // a slow machine cannot time it out).
    const result = await runIngestion(deps(feeds('/slow'), { limits: { timeoutMs: 300 } }));
    expect(result.sources.map((s) => s.error)).toEqual(['timed out after 0.3 s']);
    expect(result.inserted).toBe(0);
  });

  it('gives up on a body over the size cap, and still reads the other feeds', async () => {
    const result = await runIngestion(
      deps(feeds('/huge', RSS), { limits: { maxBytes: 1024 * 1024 } }),
    );
    expect(result.sources.map((s) => s.error)).toEqual([
      `response larger than ${1024 * 1024} bytes`,
      undefined,
    ]);
    expect(result.inserted).toBe(5);
  });

  it('stops early when aborted: nothing fetched is stored', async () => {
    const result = await runIngestion(deps(feeds(RSS, ATOM), { signal: AbortSignal.abort() }));
    expect(result.sources.map((s) => [s.ok, s.error])).toEqual([
      [false, 'stopped'],
      [false, 'stopped'],
    ]);
    expect(await countRows()).toBe(0);
  });

  it('refuses feeds on private addresses unless allowPrivateFeeds is on', async () => {
    const requestsBefore = server.requests.length;
    const result = await runIngestion(deps({ ...feeds(RSS), allowPrivateFeeds: false }));
    expect(result.sources).toMatchObject([
      { ok: false, error: 'refused: 127.0.0.1 is a private address' },
    ]);
    expect(log.warnings().map((w) => w.error)).toEqual(['refused: 127.0.0.1 is a private address']);
    expect(server.requests.length).toBe(requestsBefore);
    expect(await countRows()).toBe(0);
  });
});

describe('runIngestion: NewsData.io', () => {
  const apiKey = 'nd-secret-key-4242';

  it('imports one page with the key, and the key reaches neither the logs nor the result', async () => {
    const result = await runIngestion(deps({ newsDataApiKey: apiKey }));
    expect(result.sources).toEqual([
      {
        url: server.url('/newsdata/latest'),
        kind: 'newsdata',
        ok: true,
        fetched: 3,
        inserted: 2,
        duplicates: 0,
        invalid: 1,
      },
    ]);
    expect(server.requests.at(-1)).toBe(`/newsdata/latest?apikey=${apiKey}&language=en`);

    const rates = await rowByLink('https://wire.example.com/markets/rates-steady');
    expect(rates).toMatchObject({
      title: 'Central bank holds interest rates steady',
      description: 'Policymakers kept the benchmark rate at 4.5%.',
      creator: ['Reuters Staff'],
      pubDate: new Date('2026-03-01T08:30:00Z'),
      imageUrl: 'https://wire.example.com/img/rates.jpg',
      sourceName: 'Wire Service',
      sourceIcon: 'https://wire.example.com/icon.png',
      origin: 'newsdata',
    });
    expect(rates!.categories).toContain('business');
    expect(rates!.keywords[0]).toBe(rates!.categories[0]);
    expect(await rowByLink('https://wire.example.com/world/heatwave')).toMatchObject({
      description: '', // the paid-plan placeholder is not a description
      sourceName: 'wire_service',
      categories: expect.arrayContaining(['world']),
    });

    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.lines.filter((line) => line.includes(apiKey))).toEqual([]);
    expect(JSON.stringify(result)).not.toContain(apiKey);
  });

  it('reports a rejected key as a failed source without leaking it', async () => {
    const result = await runIngestion(
      deps({ newsDataApiKey: NEWSDATA_REJECTED_KEY, ...feeds(ATOM) }),
    );
    expect(result.sources.map((s) => [s.kind, s.ok, s.error])).toEqual([
      ['rss', true, undefined],
      ['newsdata', false, 'HTTP 401'],
    ]);
    expect(log.warnings()).toHaveLength(1);
    expect(log.lines.filter((line) => line.includes(NEWSDATA_REJECTED_KEY))).toEqual([]);
  });
});
