/**
 * Each source's health for operators: GET /api/ingestion/status (protected exactly as
 * /api/metrics) and the per-source gauges of /api/metrics, after runs against local feeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { signUp, uniqueEmail } from '../../../test/flows.js';
import {
  rss,
  startPublisherServer,
  type PublisherServer,
} from '../../../test/ingestion/publisher-server.js';
import { DEFAULT_FEEDS } from './default-feeds.js';
import { runIngestion } from './ingestion.service.js';

const TOKEN = 'operators-token-0123456789';

let ctx: TestContext;
let server: PublisherServer;
let good: string;
let bad: string;

beforeAll(async () => {
  server = await startPublisherServer();
  good = server.url('/good');
  bad = server.url('/bad');
  server.route('/good', {
    body: rss('Good Feed', 'https://good.example/', [
      {
        title: 'City opens new public swimming pool downtown',
        link: 'https://good.example/pool',
        pubDate: '2030-03-10T08:00:00Z',
      },
      {
        title: 'Museum extends its summer exhibition by a month',
        link: 'https://good.example/museum',
        pubDate: '2030-03-10T07:00:00Z',
      },
    ]),
  });
  server.route('/bad', { status: 500 });
  ctx = await createTestContext({ metricsToken: TOKEN });
  // The list in effect: two configured feeds, one of them a default feed's URL (its publisher).
  ctx.deps.config.ingest = {
    ...ctx.deps.config.ingest,
    feeds: [good, bad],
    allowPrivateFeeds: true,
  };
  await runIngestion({ ...ctx.deps, defaultFeeds: [{ ...DEFAULT_FEEDS[0]!, url: good }] });
});
afterAll(async () => {
  await server.close();
  await ctx.close();
});

describe('GET /api/ingestion/status', () => {
  const FORBIDDEN = {
    message: 'Metrics are served with METRICS_TOKEN, or on METRICS_PORT',
    code: 'METRICS_FORBIDDEN',
  };

  it('is refused to visitors (403) and readers (401), as /api/metrics', async () => {
    const anonymous = await ctx.request().get('/api/ingestion/status').expect(403);
    expect(anonymous.body).toEqual(FORBIDDEN);

    const { token } = await signUp(ctx, ctx.request(), { email: uniqueEmail() });
    const reader = await ctx
      .request()
      .get('/api/ingestion/status')
      .set('Authorization', `Bearer ${token}`)
      .expect(401);
    expect(reader.body).toMatchObject({ code: 'METRICS_TOKEN_INVALID' });
    expect(reader.headers['www-authenticate']).toBe('Bearer');
    expect(JSON.stringify(reader.body)).not.toContain('/good');
  });

  it("answers the operator each source's last fetch, items and last error", async () => {
    const res = await ctx
      .request()
      .get('/api/ingestion/status')
      .set('Authorization', `Bearer ${TOKEN}`)
      .expect(200);
    expect(res.headers['cache-control']).toMatch(/\bno-store\b/);
    const now = ctx.clock.now();
    expect(res.body).toEqual({
      intervalMinutes: 30,
      defaultFeeds: false,
      importedFeeds: false,
      sources: [
        {
          url: good,
          kind: 'rss',
          origin: 'configured',
          publisher: 'BBC News',
          category: 'world',
          lastFetchAt: now.toISOString(),
          lastSuccessAt: now.toISOString(),
          lastOutcome: 'ok',
          items: 2,
          inserted: 2,
          insertedTotal: 2,
          lastError: null,
          lastErrorAt: null,
          failures: 0,
          retryAt: null,
        },
        {
          url: bad,
          kind: 'rss',
          origin: 'configured',
          publisher: null,
          category: null,
          lastFetchAt: now.toISOString(),
          lastSuccessAt: null,
          lastOutcome: 'error',
          items: null,
          inserted: 0,
          insertedTotal: 0,
          lastError: 'HTTP 500',
          lastErrorAt: now.toISOString(),
          failures: 1,
          retryAt: new Date(now.getTime() + 30 * 60_000).toISOString(),
        },
      ],
    });
  });
});

describe('GET /api/metrics: one series per source', () => {
  it('tells whether each source is up, when it was fetched, its items and failures', async () => {
    const { text } = await ctx
      .request()
      .get('/api/metrics')
      .set('Authorization', `Bearer ${TOKEN}`)
      .expect(200);
    const value = (name: string, url: string, publisher: string) => {
      const series = `${name}{source="${url}",publisher="${publisher}"} `;
      const line = text.split('\n').find((l) => l.startsWith(series));
      return line === undefined ? undefined : Number(line.slice(series.length));
    };
    const fetchedAt = ctx.clock.now().getTime() / 1000;
    expect(value('lede_ingestion_source_up', good, 'BBC News')).toBe(1);
    expect(value('lede_ingestion_source_up', bad, '')).toBe(0);
    expect(value('lede_ingestion_source_last_fetch_timestamp_seconds', bad, '')).toBe(fetchedAt);
    expect(value('lede_ingestion_source_last_success_timestamp_seconds', bad, '')).toBeUndefined();
    expect(value('lede_ingestion_source_items', good, 'BBC News')).toBe(2);
    expect(value('lede_ingestion_source_failures', bad, '')).toBe(1);
    expect(text).toContain('# TYPE lede_ingestion_source_up gauge');
  });
});
