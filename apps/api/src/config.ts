import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Express's names for address ranges, usable in TRUST_PROXY. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || net.isIP(address) === 0) return false;
  return prefix === undefined || /^\d{1,3}$/.test(prefix);
}

/**
 * `true`/`false`, or the proxies to believe: names (`loopback`, `uniquelocal`, ...), addresses
 * and CIDR ranges, comma-separated. A list is safer than `true`: X-Forwarded-* headers count
 * only when they come from a listed peer, so a visitor cannot forge them.
 */
const trustProxy = z.string().transform((value, ctx): boolean | string[] => {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined || entries.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: `"${bad ?? value}" is not true, false, loopback, linklocal, uniquelocal, an IP address or a CIDR range`,
    });
    return z.NEVER;
  }
  return entries;
});
const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

/** INGEST_FEEDS's words: feed URLs, `default` (the curated list) or `none` alone. */
const feedTokens = (value: string) => value.split(/[\s,]+/).filter(Boolean);

/** What is wrong with an INGEST_FEEDS value, if anything. */
function ingestFeedsProblem(value: string): string | undefined {
  const tokens = feedTokens(value);
  if (tokens.includes('none') && tokens.length > 1)
    return '`none` turns every feed off: list nothing else';
  const bad = tokens.find((token) => {
    if (token === 'none' || token === 'default') return false;
    try {
      return !/^https?:$/.test(new URL(token).protocol);
    } catch {
      return true;
    }
  });
  return bad === undefined
    ? undefined
    : `"${bad}" is not an http(s) URL, \`default\` (the curated list) or \`none\``;
}

/** 127.0.0.0/8, ::1, localhost: an origin nobody else can visit. */
const isLocalOrigin = (origin: string) =>
  /^(localhost|.*\.localhost|127(\.\d+){3}|\[::1\]|0\.0\.0\.0)$/i.test(new URL(origin).hostname);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_DIRECT_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
    DATABASE_READ_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('./.data'),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('Newsroom <no-reply@localhost>'),
    CLOUDINARY_URL: z.url({ protocol: /^cloudinary$/ }).optional(),
    APP_ORIGIN: z.url().optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    TRUST_PROXY: trustProxy.default(false),
    BCRYPT_COST: int(12, 4),
    ACCESS_TOKEN_TTL_SECONDS: int(900, 10),
    REFRESH_TOKEN_TTL_DAYS: int(30, 1),
    REFRESH_REUSE_GRACE_SECONDS: int(10, 0),
    SESSION_MAX_DAYS: int(30, 1),
    REAUTH_WINDOW_SECONDS: int(600, 0),
    OTP_EMAIL_LIMIT: int(5, 1),
    OTP_ADDRESS_LIMIT: int(20, 1),
    OTP_IP_LIMIT: int(100, 1),
    OTP_GUESS_LIMIT: int(10, 1),
    OTP_WINDOW_MINUTES: int(15, 1),
    AUTH_IP_LIMIT: int(300, 1),
    PASSWORD_FAILURE_LIMIT: int(10, 1),
    READER_WRITE_LIMIT: int(60, 1),
    READER_WRITE_HOURLY_LIMIT: int(600, 1),
    WEB_DIST: z.string().optional(),
    INGEST_FEEDS: z.string().default(''),
    INGEST_INTERVAL_MINUTES: int(30, 0),
    INGEST_ALLOW_PRIVATE_FEEDS: bool.default(false),
    NEWSDATA_API_KEY: z.string().min(1).optional(),
    NEWSDATA_URL: z.url().default('https://newsdata.io/api/1/latest'),
    SEED_CORPUS: bool.default(true),
    STORY_WINDOW_HOURS: int(72, 1),
    PUBLIC_CACHE_SECONDS: int(5, 0),
    DATABASE_POOL_MAX: int(30, 1),
    DATABASE_POOL_WAIT_MS: int(5_000, 0),
    API_WORKERS: int(1, 1).refine((n) => n <= 64, 'must be at most 64'),
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  })
  // No JWT_SECRET is fine anywhere: server.ts then generates one once and keeps it in DATA_DIR.
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'SMTP_URL is required when NODE_ENV=production (one-time codes are never written to the log in production)',
      });
    }
    if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_DIRECT_URL'],
        message:
          'DATABASE_DIRECT_URL needs DATABASE_URL (without it the server runs its own PostgreSQL)',
      });
    }
    if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message:
          'DATABASE_READ_URL needs DATABASE_URL (a replica of the embedded PostgreSQL is not supported)',
      });
    }
    if (env.DATABASE_POOLER === 'transaction' && !env.DATABASE_DIRECT_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_POOLER'],
        message:
          'DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL, PostgreSQL itself: LISTEN, session locks and migrations do not work through a transaction pooler',
      });
    }
    const feedsProblem = ingestFeedsProblem(env.INGEST_FEEDS);
    if (feedsProblem)
      ctx.addIssue({ code: 'custom', path: ['INGEST_FEEDS'], message: feedsProblem });
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'METRICS_PORT must differ from PORT (the metrics listener serves nothing else)',
      });
    }
  });

/** Every environment variable the app reads (.env.example documents each; a test checks). */
export const CONFIG_ENV_KEYS: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Every query's connections: PostgreSQL itself or a pooler in front of it (DATABASE_URL). */
  databaseUrl?: string;
  /**
   * PostgreSQL itself, never a transaction pooler (DATABASE_DIRECT_URL, defaulting to
   * DATABASE_URL): the `LISTEN` connections, session advisory locks (start-up, the ingestion
   * lease) and migrations, which need one server session for their whole length.
   */
  databaseDirectUrl?: string;
  /**
   * What DATABASE_URL points at: `none`, PostgreSQL (or a session pooler), where the hot queries
   * are named prepared statements and every connection sets `plan_cache_mode`; `transaction`, a
   * transaction pooler (PgBouncer's pool_mode=transaction), where every statement is unnamed and
   * no connection-level setting is sent (see db/client.ts).
   */
  databasePooler: 'none' | 'transaction';
  /**
   * A streaming replica of DATABASE_URL's database, or a pooler in front of one, under the same
   * DATABASE_POOLER (DATABASE_READ_URL): the public reads (lists, search, an article, a story)
   * when it has replayed what they show (db/public-reads.ts). Unset: everything on DATABASE_URL.
   */
  databaseReadUrl?: string;
  dataDir: string;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  cloudinaryUrl?: string;
  appOrigin: string;
  logLevel: string;
  /** Express's `trust proxy`: every peer (true), none (false), or the listed proxies. */
  trustProxy: boolean | string[];
  bcryptCost: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** A refresh token presented again this soon after its rotation gets a sibling, not a revocation. */
  refreshReuseGraceSeconds: number;
  /** A session's absolute lifetime from its sign-in, however often it is refreshed. */
  sessionMaxDays: number;
  /** How long after a session's sign-in it may change the e-mail or delete the account unasked. */
  reauthWindowSeconds: number;
  otp: {
    /** Codes per address, purpose and caller (client IP) per window. */
    emailLimit: number;
    /** Codes per address and purpose from every caller together per window: a mail-flood cap. */
    addressLimit: number;
    /** Codes per client IP per window, whatever the address. */
    ipLimit: number;
    /** Wrong codes per address and purpose per hour, across challenges. */
    guessLimit: number;
    windowMinutes: number;
  };
  authIpLimit: number;
  /** Wrong passwords per e-mail and caller (client IP) per window before 429. */
  passwordFailureLimit: number;
  /** A signed-in reader's likes, saves, shares, opens and feed controls (http/write-limits.ts). */
  readerWrites: { perMinute: number; perHour: number };
  webDist?: string;
  ingest: {
    /** RSS/Atom feed URLs (INGEST_FEEDS), read besides the lists below. */
    feeds: string[];
    /**
     * The curated default list too (modules/ingestion/default-feeds.ts): INGEST_FEEDS unset (but
     * with NODE_ENV=test) or naming `default`. Absent: no.
     */
    defaultFeeds?: boolean;
    /** The feeds imported from OPML files too (`pnpm ingest --opml`); off with INGEST_FEEDS=none. */
    importedFeeds?: boolean;
    /** A public URL for the User-Agent of every fetch: APP_ORIGIN unless it is a local one. */
    contactUrl?: string;
    /** The pause between two requests to one host (absent: none; 2 s from the environment). */
    hostDelayMs?: number;
    /** 0 turns the schedule off (the CLI still works). */
    intervalMinutes: number;
    /**
     * Fetch feeds (and NewsData) from loopback, private and other non-public addresses too. Off,
     * such a host, or a redirect to one, is refused: feed URLs must not reach the internal network.
     */
    allowPrivateFeeds: boolean;
    newsDataApiKey?: string;
    newsDataUrl: string;
  };
  /** Load the bundled corpus into an empty database at start. */
  seedCorpus: boolean;
  /** How long a story takes new reports after its latest one (stories module). */
  storyWindowHours: number;
  /** Lifetime of a prepared public article response, in memory and as max-age (0 = off). */
  publicCacheSeconds: number;
  /** PostgreSQL connections at most, and how long a query waits for one before a 503 (0: forever). */
  databasePool: { max: number; acquireTimeoutMs: number };
  /**
   * Processes that serve requests (node:cluster workers on one port, see cluster.ts); 1 serves
   * from this process. The default, 1, is what `pnpm bench load` measured best on 2 cores shared
   * with PostgreSQL (docs/scaling.md): two workers answered 12 % less, as each rebuilds its own
   * prepared bodies and PostgreSQL's share of the cores grew.
   */
  apiWorkers: number;
  /**
   * The one way to read GET /api/metrics on the API's port: a request carrying it as a bearer
   * token. Unset, that route refuses everyone.
   */
  metricsToken?: string;
  /**
   * A second listener serving only the metrics, without a token, on `host` (loopback unless
   * METRICS_HOST says otherwise); undefined (METRICS_PORT unset) opens none. Port 0 picks a
   * free one.
   */
  metricsListener?: { port: number; host: string };
}

/**
 * Connections the embedded PostgreSQL accepts: every worker's pool, its three LISTEN
 * connections and its job queue's three (pg-boss, modules/edition/job-queue.ts), plus room for
 * an operator's psql; never fewer than PostgreSQL's default of 100.
 */
export const embeddedMaxConnections = (config: Pick<Config, 'apiWorkers' | 'databasePool'>) =>
  Math.max(100, config.apiWorkers * (config.databasePool.max + 6) + 10);

export class ConfigError extends Error {}

/** Between two requests to one host: feeds are fetched politely. */
const INGEST_HOST_DELAY_MS = 2_000;

/**
 * Which feeds INGEST_FEEDS asks for: unset, the curated default list (none under NODE_ENV=test, so
 * no test reads the internet unless it asks); `none`, nothing (imported feeds neither); URLs
 * replace the default list, `default` among them keeps it.
 */
function ingestLists(
  value: string,
  env: Config['env'],
): Pick<Config['ingest'], 'feeds' | 'defaultFeeds' | 'importedFeeds'> {
  const tokens = feedTokens(value);
  if (tokens.length === 0) {
    const on = env !== 'test';
    return { feeds: [], defaultFeeds: on, importedFeeds: on };
  }
  if (tokens.includes('none')) return { feeds: [], defaultFeeds: false, importedFeeds: false };
  return {
    feeds: [...new Set(tokens.filter((token) => token !== 'default'))],
    defaultFeeds: tokens.includes('default'),
    importedFeeds: true,
  };
}

/** Parses the environment once, at start-up. A bad value becomes one readable line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL ?? e.DATABASE_URL,
    databasePooler: e.DATABASE_POOLER,
    databaseReadUrl: e.DATABASE_READ_URL,
    dataDir: path.resolve(e.DATA_DIR),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    cloudinaryUrl: e.CLOUDINARY_URL,
    appOrigin: (e.APP_ORIGIN ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bcryptCost: e.BCRYPT_COST,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    reauthWindowSeconds: e.REAUTH_WINDOW_SECONDS,
    otp: {
      emailLimit: e.OTP_EMAIL_LIMIT,
      addressLimit: e.OTP_ADDRESS_LIMIT,
      ipLimit: e.OTP_IP_LIMIT,
      guessLimit: e.OTP_GUESS_LIMIT,
      windowMinutes: e.OTP_WINDOW_MINUTES,
    },
    authIpLimit: e.AUTH_IP_LIMIT,
    passwordFailureLimit: e.PASSWORD_FAILURE_LIMIT,
    readerWrites: { perMinute: e.READER_WRITE_LIMIT, perHour: e.READER_WRITE_HOURLY_LIMIT },
    webDist: e.WEB_DIST,
    ingest: {
      ...ingestLists(e.INGEST_FEEDS, e.NODE_ENV),
      contactUrl: e.APP_ORIGIN && !isLocalOrigin(e.APP_ORIGIN) ? e.APP_ORIGIN : undefined,
      hostDelayMs: INGEST_HOST_DELAY_MS,
      intervalMinutes: e.INGEST_INTERVAL_MINUTES,
      allowPrivateFeeds: e.INGEST_ALLOW_PRIVATE_FEEDS,
      newsDataApiKey: e.NEWSDATA_API_KEY,
      newsDataUrl: e.NEWSDATA_URL,
    },
    seedCorpus: e.SEED_CORPUS,
    storyWindowHours: e.STORY_WINDOW_HOURS,
    publicCacheSeconds: e.PUBLIC_CACHE_SECONDS,
    databasePool: { max: e.DATABASE_POOL_MAX, acquireTimeoutMs: e.DATABASE_POOL_WAIT_MS },
    apiWorkers: e.API_WORKERS,
    metricsToken: e.METRICS_TOKEN,
    metricsListener:
      e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
  };
}
