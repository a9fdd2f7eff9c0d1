import { describe, expect, it } from 'vitest';
import { ConfigError, embeddedMaxConnections, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults for a local run', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.appOrigin).toBe('http://127.0.0.1:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.otp).toEqual({
      emailLimit: 5,
      addressLimit: 20,
      ipLimit: 100,
      guessLimit: 10,
      windowMinutes: 15,
    });
    expect(c.ingest.feeds).toEqual([]);
    expect(c.seedCorpus).toBe(true);
  });

  it('parses lists and numbers', () => {
    const c = loadConfig({
      PORT: '8080',
      INGEST_FEEDS: 'https://a.example/rss, https://b.example/atom',
      OTP_IP_LIMIT: '500',
    });
    expect(c.port).toBe(8080);
    expect(c.appOrigin).toBe('http://127.0.0.1:8080');
    expect(c.ingest.feeds).toEqual(['https://a.example/rss', 'https://b.example/atom']);
    expect(c.otp.ipLimit).toBe(500);
  });

  it('reads the default feed list unless INGEST_FEEDS replaces it or says none (or in tests)', () => {
    const ingest = (env: NodeJS.ProcessEnv) => {
      const { feeds, defaultFeeds, importedFeeds } = loadConfig(env).ingest;
      return { feeds, defaultFeeds, importedFeeds };
    };
    expect(ingest({})).toEqual({ feeds: [], defaultFeeds: true, importedFeeds: true });
    expect(ingest({ NODE_ENV: 'test' })).toEqual({
      feeds: [],
      defaultFeeds: false,
      importedFeeds: false,
    });
    expect(ingest({ INGEST_FEEDS: 'none' })).toEqual({
      feeds: [],
      defaultFeeds: false,
      importedFeeds: false,
    });
    expect(ingest({ INGEST_FEEDS: 'https://a.example/rss' })).toEqual({
      feeds: ['https://a.example/rss'],
      defaultFeeds: false,
      importedFeeds: true,
    });
    expect(ingest({ NODE_ENV: 'test', INGEST_FEEDS: 'default https://a.example/rss' })).toEqual({
      feeds: ['https://a.example/rss'],
      defaultFeeds: true,
      importedFeeds: true,
    });
    expect(() => loadConfig({ INGEST_FEEDS: 'none,https://a.example/rss' })).toThrow(
      'Invalid configuration: INGEST_FEEDS: `none` turns every feed off: list nothing else',
    );
    expect(() => loadConfig({ INGEST_FEEDS: 'ftp://a.example/rss' })).toThrow(
      'Invalid configuration: INGEST_FEEDS: "ftp://a.example/rss" is not an http(s) URL',
    );
  });

  it('puts a public APP_ORIGIN in the User-Agent of feed requests, and spaces them per host', () => {
    expect(loadConfig({}).ingest).toMatchObject({ contactUrl: undefined, hostDelayMs: 2_000 });
    expect(loadConfig({ APP_ORIGIN: 'http://localhost:3000' }).ingest.contactUrl).toBeUndefined();
    expect(loadConfig({ APP_ORIGIN: 'https://news.example.org' }).ingest.contactUrl).toBe(
      'https://news.example.org',
    );
  });

  it('refuses feeds on private addresses unless INGEST_ALLOW_PRIVATE_FEEDS is on', () => {
    expect(loadConfig({}).ingest.allowPrivateFeeds).toBe(false);
    expect(loadConfig({ INGEST_ALLOW_PRIVATE_FEEDS: 'true' }).ingest.allowPrivateFeeds).toBe(true);
    expect(loadConfig({ INGEST_ALLOW_PRIVATE_FEEDS: '0' }).ingest.allowPrivateFeeds).toBe(false);
    expect(() => loadConfig({ INGEST_ALLOW_PRIVATE_FEEDS: 'yes' })).toThrow(
      'Invalid configuration: INGEST_ALLOW_PRIVATE_FEEDS',
    );
  });

  it('takes TRUST_PROXY as a switch or as the list of proxies to believe', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 172.16.0.0/12,fd00::1' }).trustProxy).toEqual([
      'loopback',
      '172.16.0.0/12',
      'fd00::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(
      'Invalid configuration: TRUST_PROXY: "yes" is not true, false, loopback, linklocal, uniquelocal, an IP address or a CIDR range',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'loopback,10.0.0.0/8/1' })).toThrow(/"10.0.0.0\/8\/1"/);
  });

  it('production with a mail server starts', () => {
    const c = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mailpit:1025' });
    expect(c.env).toBe('production');
    expect(c.smtpUrl).toBe('smtp://mailpit:1025');
  });

  // docker compose: the app generates its JWT secret once and keeps it in its data volume.
  it('production with DATABASE_URL and no JWT_SECRET starts', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u:p@db:5432/lede',
      SMTP_URL: 'smtp://mailpit:1025',
    });
    expect(c.databaseUrl).toBe('postgres://u:p@db:5432/lede');
    expect(c.jwtSecret).toBeUndefined();
  });

  it('LISTEN, session locks and migrations use DATABASE_DIRECT_URL, or DATABASE_URL without it', () => {
    const pooled = 'postgres://u:p@pgbouncer:6432/lede';
    const direct = 'postgres://u:p@db:5432/lede';
    expect(loadConfig({})).toMatchObject({ databaseUrl: undefined, databaseDirectUrl: undefined });
    expect(loadConfig({ DATABASE_URL: direct })).toMatchObject({
      databaseUrl: direct,
      databaseDirectUrl: direct,
      databasePooler: 'none',
    });
    expect(
      loadConfig({
        DATABASE_URL: pooled,
        DATABASE_DIRECT_URL: direct,
        DATABASE_POOLER: 'transaction',
      }),
    ).toMatchObject({
      databaseUrl: pooled,
      databaseDirectUrl: direct,
      databasePooler: 'transaction',
    });
  });

  it('public reads use DATABASE_READ_URL when it is set, DATABASE_URL otherwise', () => {
    const primary = 'postgres://u:p@db:5432/lede';
    const replica = 'postgres://u:p@db-replica:5432/lede';
    expect(loadConfig({ DATABASE_URL: primary }).databaseReadUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: replica }).databaseReadUrl).toBe(
      replica,
    );
    // An empty line in .env is no setting at all.
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: '' }).databaseReadUrl).toBe(
      undefined,
    );
  });

  it('serves from one process unless API_WORKERS asks for workers', () => {
    expect(loadConfig({}).apiWorkers).toBe(1);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mailpit:1025' }).apiWorkers).toBe(
      1,
    );
    expect(loadConfig({ API_WORKERS: '4' }).apiWorkers).toBe(4);
    for (const bad of ['0', '-1', '1.5', 'two', '65'])
      expect(() => loadConfig({ API_WORKERS: bad }), bad).toThrow(/API_WORKERS/);
  });

  it('a pool of 30 by default; the embedded server accepts every worker’s pool and its listeners', () => {
    expect(loadConfig({}).databasePool.max).toBe(30);
    expect(embeddedMaxConnections(loadConfig({}))).toBe(100);
    // 4 workers × (30 pooled + 3 LISTEN + 3 job queue) + 10 for an operator.
    expect(embeddedMaxConnections(loadConfig({ API_WORKERS: '4' }))).toBe(154);
    expect(embeddedMaxConnections(loadConfig({ API_WORKERS: '8', DATABASE_POOL_MAX: '50' }))).toBe(
      458,
    );
  });

  it('opens the metrics listener only with METRICS_PORT, on loopback unless METRICS_HOST says', () => {
    expect(loadConfig({}).metricsListener).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsListener).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metricsListener).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
  });

  it('the refresh reuse grace window defaults to 10 seconds and can be set', () => {
    expect(loadConfig({}).refreshReuseGraceSeconds).toBe(10);
    expect(loadConfig({ REFRESH_REUSE_GRACE_SECONDS: '3' }).refreshReuseGraceSeconds).toBe(3);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT: /],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ SMTP_URL: 'not a url' }, /SMTP_URL/],
    [{ DATABASE_DIRECT_URL: 'mysql://x' }, /DATABASE_DIRECT_URL/],
    [{ DATABASE_DIRECT_URL: 'postgres://u:p@db/l' }, /DATABASE_DIRECT_URL needs DATABASE_URL/],
    [{ DATABASE_URL: 'postgres://u:p@db/l', DATABASE_POOLER: 'statement' }, /DATABASE_POOLER/],
    [{ DATABASE_URL: 'postgres://u:p@db/l', DATABASE_READ_URL: 'http://x' }, /DATABASE_READ_URL/],
    [{ DATABASE_READ_URL: 'postgres://u:p@replica/l' }, /DATABASE_READ_URL needs DATABASE_URL/],
    // LISTEN and session locks through a transaction pooler would silently not work.
    [
      { DATABASE_URL: 'postgres://u:p@pgbouncer/l', DATABASE_POOLER: 'transaction' },
      /DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL/,
    ],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN must be at least 16 characters/],
    [{ METRICS_PORT: 'ninety' }, /^Invalid configuration: METRICS_PORT: /],
    [{ METRICS_PORT: '70000' }, /^Invalid configuration: METRICS_PORT: /],
    [{ PORT: '3000', METRICS_PORT: '3000' }, /METRICS_PORT must differ from PORT/],
    // Without a mail server the codes would go to the log, where anyone reading it could sign in.
    [{ NODE_ENV: 'production' }, /SMTP_URL is required when NODE_ENV=production/],
    [
      { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://u:p@db/l' },
      /SMTP_URL is required/,
    ],
  ])('refuses %j with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message.split('\n')).toHaveLength(1);
    }
  });
});
