import { and, lt, sql } from 'drizzle-orm';
import {
  ipKeyGenerator,
  rateLimit,
  type ClientRateLimitInfo,
  type Options,
  type Store,
} from 'express-rate-limit';
import type { Request, RequestHandler } from 'express';
import { MESSAGES } from '@lede/shared';
import type { AppDeps } from '../../deps.js';
import type { Database } from '../../db/client.js';
import { rateLimitHits } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { ApiError } from '../../lib/errors.js';

/**
 * An express-rate-limit store on PostgreSQL: fixed windows counted with one atomic
 * upsert, so every API instance sees the same counts and a restart forgets nothing.
 */
export class PostgresRateLimitStore implements Store {
  windowMs = 60_000;
  localKeys = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    readonly prefix: string,
    windowMs?: number,
  ) {
    if (windowMs) this.windowMs = windowMs;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private windowStart(): Date {
    const now = this.clock.now().getTime();
    return new Date(now - (now % this.windowMs));
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const start = this.windowStart();
    const rows = await this.db
      .select({ hits: rateLimitHits.hits })
      .from(rateLimitHits)
      .where(
        sql`${rateLimitHits.key} = ${this.prefix + key} and ${rateLimitHits.windowStart} = ${start}`,
      );
    const hits = rows[0]?.hits;
    return hits === undefined
      ? undefined
      : { totalHits: hits, resetTime: new Date(start.getTime() + this.windowMs) };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const start = this.windowStart();
    const [row] = await this.db
      .insert(rateLimitHits)
      .values({ key: this.prefix + key, windowStart: start, hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimitHits.key, rateLimitHits.windowStart],
        set: { hits: sql`${rateLimitHits.hits} + 1` },
      })
      .returning({ hits: rateLimitHits.hits });
    return { totalHits: row!.hits, resetTime: new Date(start.getTime() + this.windowMs) };
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .update(rateLimitHits)
      .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
      .where(
        sql`${rateLimitHits.key} = ${this.prefix + key} and ${rateLimitHits.windowStart} = ${this.windowStart()}`,
      );
  }

  async resetKey(key: string): Promise<void> {
    await this.db.delete(rateLimitHits).where(sql`${rateLimitHits.key} = ${this.prefix + key}`);
  }
}

export async function pruneRateLimits(db: Database, before: Date): Promise<void> {
  await db.delete(rateLimitHits).where(and(lt(rateLimitHits.windowStart, before)));
}

interface LimiterOptions {
  db: Database;
  clock: Clock;
  name: string;
  limit: number;
  windowMinutes: number;
  message: string;
  /** Builds the key from the request; return undefined to not count this request. */
  key?: (req: Request) => string | undefined;
  /** Count every request, or only those that succeeded (status < 400). */
  count?: 'all' | 'successes';
}

export function createLimiter({
  db,
  clock,
  name,
  limit,
  windowMinutes,
  message,
  key,
  count = 'all',
}: LimiterOptions) {
  return rateLimit({
    windowMs: windowMinutes * 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipFailedRequests: count === 'successes',
    store: new PostgresRateLimitStore(db, clock, `${name}:`),
    ...(key && {
      keyGenerator: (req: Request) => key(req) ?? '',
      skip: (req: Request) => key(req) === undefined,
    }),
    handler: (_req, res, next) => {
      const retryAfter = Number(res.getHeader('Retry-After')) || undefined;
      next(ApiError.tooManyRequests(message, retryAfter ? { retryAfter } : {}));
    },
  });
}

const emailKey = (req: Request) =>
  typeof req.body?.email === 'string' ? (req.body.email as string) : undefined;
export const ipKey = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

/**
 * The limits on sending codes, per e-mail and per client IP. Only codes actually sent count.
 * They key on the parsed body: put `validBody(schema)` before them.
 */
export function createCodeLimits({
  db,
  clock,
  config,
}: Pick<AppDeps, 'db' | 'clock' | 'config'>): RequestHandler[] {
  const common = {
    db,
    clock,
    windowMinutes: config.otp.windowMinutes,
    message: MESSAGES.auth.tooManyCodes,
    count: 'successes' as const,
  };
  return [
    createLimiter({ ...common, name: 'otp-ip', limit: config.otp.ipLimit, key: ipKey }),
    createLimiter({ ...common, name: 'otp-email', limit: config.otp.emailLimit, key: emailKey }),
  ];
}
