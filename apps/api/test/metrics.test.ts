import crypto from 'node:crypto';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { AppConfig } from '../src/deps.js';
import { articles } from '../src/db/schema.js';
import type { IngestionResult } from '../src/modules/ingestion/ingestion.types.js';
import { startIngestionSchedule } from '../src/modules/ingestion/schedule.js';
import { createMetrics } from '../src/modules/metrics/metrics.js';
import {
  startMetricsListener,
  type MetricsListener,
} from '../src/modules/metrics/metrics-listener.js';
import { createTestContext, type TestContext } from './context.js';
import { insertArticle } from './fixtures.js';
import { uniqueEmail } from './flows.js';
import { startFeedServer } from './ingestion/feed-server.js';

const TOKEN = 'metrics-token-0123456789';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ metricsToken: TOKEN });
});
afterAll(() => ctx.close());

async function scrape(app = ctx.app): Promise<string> {
  const res = await supertest(app)
    .get('/api/metrics')
    .set('Authorization', `Bearer ${TOKEN}`)
    .expect(200);
  return res.text;
}

/** The value of one series, e.g. `lede_mail_sent_total` or `name{a="b"}`; undefined when absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** An app of its own, so its request counters start at zero. */
const freshApp = (config: Partial<AppConfig> = {}) =>
  createApp({
    ...ctx.deps,
    config: { ...ctx.deps.config, ...config },
    metrics: createMetrics(ctx.deps.pool),
  });

describe('GET /api/metrics: HTTP requests', () => {
  it('counts and times requests by route pattern, never by raw URL', async () => {
    const app = freshApp();
    const article = await insertArticle(ctx.deps.db);
    const email = uniqueEmail();
    await supertest(app).get('/api/articles/getlatestarticles').expect(200);
    await supertest(app).get('/api/articles/getlatestarticles').expect(200);
    await supertest(app).get(`/api/articles/getarticlebyid?article_id=${article.id}`).expect(200);
    const missing = crypto.randomUUID();
    await supertest(app).get(`/api/articles/getarticlebyid?article_id=${missing}`).expect(404);
    await supertest(app).get(`/api/articles/getarticlebykeyword?keyword=${email}`).expect(200);
    await supertest(app).get('/api/no-such-route').expect(404);
    await supertest(app).get('/media/default-avatar.svg').expect(200);

    const text = await scrape(app);
    const requests = (route: string, status: number) =>
      valueOf(text, `lede_http_requests_total{method="GET",route="${route}",status="${status}"}`);
    expect(requests('/api/articles/getlatestarticles', 200)).toBe(2);
    expect(requests('/api/articles/getarticlebyid', 200)).toBe(1);
    // The 404 comes from the error handler, after Express left the router: same pattern.
    expect(requests('/api/articles/getarticlebyid', 404)).toBe(1);
    expect(requests('/api/articles/getarticlebykeyword', 200)).toBe(1);
    expect(requests('unmatched', 404)).toBe(1);
    expect(requests('static', 200)).toBe(1);
    for (const raw of [article.id, missing, email, 'no-such-route', 'default-avatar']) {
      expect(text).not.toContain(raw);
    }
    expect(text).not.toContain('route="/api/metrics"');

    const latest = 'method="GET",route="/api/articles/getlatestarticles",status="200"';
    const bucket = (le: string) =>
      valueOf(text, `lede_http_request_duration_seconds_bucket{le="${le}",${latest}}`);
    const buckets = '0.005 0.01 0.025 0.05 0.1 0.25 0.5 1 2.5 5 +Inf'.split(' ');
    const counts = buckets.map(bucket);
    expect(counts.every((count) => Number.isInteger(count))).toBe(true);
    expect(counts).toEqual([...counts].sort((a, b) => a! - b!)); // cumulative
    expect(valueOf(text, `lede_http_request_duration_seconds_bucket{le="+Inf",${latest}}`)).toBe(2);
    expect(valueOf(text, `lede_http_request_duration_seconds_count{${latest}}`)).toBe(2);
    expect(valueOf(text, `lede_http_request_duration_seconds_sum{${latest}}`)).toBeGreaterThan(0);
  });

  it('gives every spelling of a route one label', async () => {
    const app = freshApp();
    await supertest(app).get('/api/articles/getlatestarticles').expect(200);
    await supertest(app).get('/API/Articles/getLatestArticles').expect(200);
    const text = await scrape(app);
    expect(
      valueOf(
        text,
        'lede_http_requests_total{method="GET",route="/api/articles/getlatestarticles",status="200"}',
      ),
    ).toBe(2);
    expect(text).not.toContain('Articles');
  });
});

describe('GET /api/metrics: format', () => {
  it('answers Prometheus text, not cached, every sample line parsing', async () => {
    const res = await supertest(ctx.app)
      .get('/api/metrics')
      .set('Authorization', `Bearer ${TOKEN}`)
      .expect(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    // Asked with credentials (its token): private, as every such answer (http/private-answers.ts).
    expect(res.headers['cache-control']).toBe('private, no-store');

    const label = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\.)*"';
    const sample = new RegExp(
      `^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(${label})(,${label})*\\})? ([-+]?(\\d+(\\.\\d+)?([eE][-+]?\\d+)?|Inf|NaN))$`,
    );
    const lines = res.text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(lines.length).toBeGreaterThan(50);
    expect(lines.filter((line) => !sample.test(line))).toEqual([]);
    // Every sample belongs to a family announced with # TYPE.
    const families = new Set([...res.text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    const orphans = lines
      .map((line) => sample.exec(line)![1]!)
      .filter(
        (name) => !families.has(name.replace(/_(bucket|sum|count)$/, '')) && !families.has(name),
      );
    expect(orphans).toEqual([]);
  });

  it('exposes the process metrics under the lede_ prefix', async () => {
    const text = await scrape();
    for (const name of [
      'lede_process_cpu_user_seconds_total',
      'lede_process_start_time_seconds',
      'lede_nodejs_heap_size_used_bytes',
      'lede_nodejs_eventloop_lag_seconds',
      'lede_nodejs_version_info',
    ]) {
      expect(text).toMatch(new RegExp(`^${name}(\\{[^}]*\\})? `, 'm'));
    }
  });
});

describe('GET /api/metrics: database pool', () => {
  it('reads connections in use and clients waiting at scrape time', async () => {
    const { pool } = ctx.deps;
    const max = pool.options.max!;
    const held = await Promise.all(Array.from({ length: max }, () => pool.connect()));
    const waiting = pool.connect();
    try {
      const busy = await scrape();
      expect(valueOf(busy, 'lede_db_pool_max_connections')).toBe(max);
      expect(valueOf(busy, 'lede_db_pool_connections')).toBe(max);
      expect(valueOf(busy, 'lede_db_pool_in_use_connections')).toBe(max);
      expect(valueOf(busy, 'lede_db_pool_idle_connections')).toBe(0);
      expect(valueOf(busy, 'lede_db_pool_waiting_clients')).toBe(1);
    } finally {
      for (const client of held) client.release();
      (await waiting).release();
    }
    const calm = await scrape();
    expect(valueOf(calm, 'lede_db_pool_in_use_connections')).toBe(0);
    expect(valueOf(calm, 'lede_db_pool_idle_connections')).toBe(max);
    expect(valueOf(calm, 'lede_db_pool_waiting_clients')).toBe(0);
  });
});

describe('GET /api/metrics: mail', () => {
  const mailCounts = async () => {
    const text = await scrape();
    return {
      sent: valueOf(text, 'lede_mail_sent_total'),
      failedAttempts: valueOf(text, 'lede_mail_failed_attempts_total'),
      givenUp: valueOf(text, 'lede_mail_given_up_total'),
    };
  };

  it('counts a code the mail server accepted', async () => {
    const before = await mailCounts();
    const email = uniqueEmail();
    await ctx.request().post('/api/auth/send-otp').send({ email }).expect(200);
    expect(await ctx.mail.messagesTo(email)).toHaveLength(1);
    expect(await mailCounts()).toEqual({ ...before, sent: before.sent! + 1 });
  });

  it('counts refused attempts, and the mail given up after its last retry', async () => {
    const before = await mailCounts();
    const email = uniqueEmail();
    ctx.mail.refuse = true;
    try {
      await ctx.request().post('/api/auth/send-otp').send({ email }).expect(200);
      expect(await ctx.mail.messagesTo(email)).toHaveLength(0); // waits for the outbox to give up
    } finally {
      ctx.mail.refuse = false;
    }
    // The first attempt and the test outbox's three retries.
    expect(await mailCounts()).toEqual({
      sent: before.sent,
      failedAttempts: before.failedAttempts! + 4,
      givenUp: before.givenUp! + 1,
    });

    const later = uniqueEmail();
    ctx.mail.refuseNext = 1;
    await ctx.request().post('/api/auth/send-otp').send({ email: later }).expect(200);
    expect(await ctx.mail.messagesTo(later)).toHaveLength(1); // at the second attempt
    expect(await mailCounts()).toEqual({
      sent: before.sent! + 1,
      failedAttempts: before.failedAttempts! + 5,
      givenUp: before.givenUp! + 1,
    });
  });
});

describe('GET /api/metrics: ingestion', () => {
  it('counts a run by outcome and its items by outcome', async () => {
    await ctx.deps.db.delete(articles);
    const feeds = await startFeedServer();
    let finished!: (result: IngestionResult) => void;
    const runFinished = new Promise<IngestionResult>((resolve) => (finished = resolve));
    const stop = startIngestionSchedule({
      db: ctx.deps.db,
      changes: ctx.deps.changes,
      config: {
        ingest: {
          feeds: [feeds.url('/fixtures/example-daily.rss.xml'), feeds.url('/status/500')],
          intervalMinutes: 30,
          allowPrivateFeeds: true,
          newsDataUrl: feeds.url('/newsdata/latest'),
        },
      },
      logger: ctx.deps.logger,
      clock: ctx.clock,
      firstRunDelayMs: 0,
      // As server.ts wires it.
      onRunFinished: (result) => {
        ctx.metrics.recordIngestionRun(result);
        finished(result);
      },
    });
    try {
      await runFinished;
    } finally {
      stop();
      await feeds.close();
    }

    const text = await scrape();
    expect(valueOf(text, 'lede_ingestion_runs_total{outcome="partial"}')).toBe(1);
    expect(valueOf(text, 'lede_ingestion_runs_total{outcome="ok"}')).toBeUndefined();
    const items = (outcome: string) =>
      valueOf(text, `lede_ingestion_items_total{kind="rss",outcome="${outcome}"}`);
    // The fixture feed holds 7 items: 5 new stories, one repeated, one without a link.
    expect([items('inserted'), items('duplicate'), items('invalid')]).toEqual([5, 1, 1]);
  });
});

describe('GET /api/metrics: who may read it', () => {
  const behindProxy = (config: Partial<AppConfig> = {}) =>
    freshApp({ trustProxy: true, ...config });
  const FORBIDDEN = {
    message: 'Metrics are served with METRICS_TOKEN, or on METRICS_PORT',
    code: 'METRICS_FORBIDDEN',
  };

  it('refuses every client without the token, loopback and private addresses too', async () => {
    // A proxy on the same host without TRUST_PROXY, or Docker's userland proxy: everyone is loopback.
    const direct = await supertest(freshApp()).get('/api/metrics').expect(403);
    expect(direct.body).toEqual(FORBIDDEN);
    for (const from of ['127.0.0.1', '10.0.0.5', '172.17.0.1', '192.168.1.20', 'fd00::5']) {
      const res = await supertest(behindProxy())
        .get('/api/metrics')
        .set('X-Forwarded-For', from)
        .expect(403);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual(FORBIDDEN);
      expect(res.text).not.toContain('lede_');
    }
  });

  it('refuses everyone when no METRICS_TOKEN is set', async () => {
    const res = await supertest(freshApp({ metricsToken: undefined }))
      .get('/api/metrics')
      .expect(403);
    expect(res.body).toEqual(FORBIDDEN);
  });

  it('answers the token, from any address', async () => {
    for (const from of ['203.0.113.7', '10.0.0.5']) {
      const res = await supertest(behindProxy())
        .get('/api/metrics')
        .set('X-Forwarded-For', from)
        .set('Authorization', `Bearer ${TOKEN}`)
        .expect(200);
      expect(res.text).toContain('lede_http_requests_total');
    }
  });

  it('refuses a wrong token, from anywhere, and any token when none is set', async () => {
    for (const [app, from] of [
      [behindProxy(), '203.0.113.7'],
      [behindProxy(), '10.0.0.5'],
      [behindProxy({ metricsToken: undefined }), '10.0.0.5'],
    ] as const) {
      const res = await supertest(app)
        .get('/api/metrics')
        .set('X-Forwarded-For', from)
        .set('Authorization', `Bearer ${TOKEN}x`)
        .expect(401);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({ message: 'Wrong metrics token', code: 'METRICS_TOKEN_INVALID' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });
});

describe('METRICS_PORT: the metrics listener', () => {
  let listener: MetricsListener;
  let base: string;
  beforeAll(async () => {
    const { metricsListener } = loadConfig({ METRICS_PORT: '0' });
    listener = await startMetricsListener({
      ...metricsListener!,
      source: {
        contentType: ctx.metrics.registry.contentType,
        exposition: () => ctx.metrics.exposition(),
      },
      logger: ctx.deps.logger,
    });
    base = `http://127.0.0.1:${listener.address.port}`;
  });
  afterAll(() => listener.stop());

  it('listens on loopback by default', () => {
    expect(listener.address.address).toBe('127.0.0.1');
  });

  it('serves the app’s metrics without a token, on /metrics and /api/metrics', async () => {
    const before = await (await fetch(`${base}/metrics`)).text();
    const latest =
      'lede_http_requests_total{method="GET",route="/api/articles/getlatestarticles",status="200"}';
    await supertest(ctx.app).get('/api/articles/getlatestarticles').expect(200);
    for (const path of ['/metrics', '/api/metrics']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(valueOf(await res.text(), latest)).toBe((valueOf(before, latest) ?? 0) + 1);
    }
  });

  it('serves nothing else', async () => {
    for (const path of [
      '/',
      '/api/health',
      '/api/articles/getlatestarticles',
      '/api/docs',
      '/metrics/x',
    ]) {
      const res = await fetch(`${base}${path}`);
      expect([path, res.status]).toEqual([path, 404]);
      expect(await res.text()).not.toContain('lede_');
    }
    const post = await fetch(`${base}/metrics`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});
