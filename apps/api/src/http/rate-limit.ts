import { lt, sql } from 'drizzle-orm';
import {
  ipKeyGenerator,
  rateLimit,
  type ClientRateLimitInfo,
  type Options,
  type Store,
} from 'express-rate-limit';
import type { Request } from 'express';
import type { ErrorMessage } from '@lede/shared';
import type { Database } from '../db/client.js';
import { rateLimitHits } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';

/**
 * What a sliding window needs to know about one key: the hits of the current fixed window
 * `(start, start + windowMs]`, those of the one before it, and how far into the current one
 * the clock is, in `(0, windowMs]`. A fixed window ends at its boundary, included, so a hit
 * exactly one window length ago is out of the sliding window `(now - windowMs, now]`.
 */
export interface SlidingCounts {
  current: number;
  previous: number;
  elapsedMs: number;
  windowMs: number;
}

/**
 * The sliding-window counter: the hits of the current window plus the previous window's hits
 * in proportion to how much of it the sliding window still covers (they are taken as evenly
 * spread). Rounded up, so that `estimate > limit` is exactly `unrounded estimate > limit`.
 */
export function slidingEstimate({ current, previous, elapsedMs, windowMs }: SlidingCounts): number {
  return current + Math.ceil((previous * (windowMs - elapsedMs)) / windowMs);
}

/** How long until one more hit would keep the estimate within `limit`; 0 when it would now. */
export function msUntilAllowed(counts: SlidingCounts, limit: number): number {
  const { current, previous, elapsedMs, windowMs } = counts;
  const room = limit - 1 - current;
  if (room >= 0) {
    if (previous <= room) return 0;
    // ceil(previous × (windowMs − e) / windowMs) ≤ room  ⇔  e ≥ windowMs − room × windowMs / previous
    const at = windowMs - Math.floor((room * windowMs) / previous);
    return Math.max(0, at - elapsedMs);
  }
  // This window alone is over: wait for the next, where these hits become the previous ones.
  const at = windowMs - Math.floor((Math.max(0, limit - 1) * windowMs) / current);
  return windowMs - elapsedMs + at;
}

/** How long until nothing counted now counts any more. */
export function msUntilClear({ current, previous, elapsedMs, windowMs }: SlidingCounts): number {
  if (current > 0) return 2 * windowMs - elapsedMs;
  if (previous > 0) return windowMs - elapsedMs;
  return 0;
}

/**
 * The fixed window of length `windowMs` around `now`: `(current, current + windowMs]`, the one
 * before it, and how far into it `now` is, in `(0, windowMs]`.
 */
export function fixedWindow(now: number, windowMs: number) {
  const elapsedMs = ((((now - 1) % windowMs) + windowMs) % windowMs) + 1;
  const current = now - elapsedMs;
  return { elapsedMs, current: new Date(current), previous: new Date(current - windowMs) };
}

interface StoreOptions {
  windowMs?: number;
  /** The limit, for stores used without express-rate-limit (which passes it to `init`). */
  limit?: number;
}

/**
 * An express-rate-limit store on PostgreSQL: a sliding-window counter kept as one row per key
 * and fixed window, so every API instance sees the same counts and a restart forgets nothing.
 * Each hit is one statement that bumps the current window's row and reads the previous one:
 * concurrent hits on a key queue on that row and each sees every hit before it.
 *
 * Counts follow the injected clock. Reset times are handed to express-rate-limit as real
 * dates, since it compares them with `Date.now()` (for headers and for withdrawing hits).
 */
export class PostgresRateLimitStore implements Store {
  windowMs = 60_000;
  localKeys = false;
  private limit: number | undefined;
  /** Whether a refused request's own hit is withdrawn again afterwards (skipFailedRequests). */
  private refusedHitsWithdrawn = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    readonly prefix: string,
    { windowMs, limit }: StoreOptions = {},
  ) {
    if (windowMs) this.windowMs = windowMs;
    this.limit = limit;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
    if (typeof options.limit === 'number') this.limit = options.limit;
    this.refusedHitsWithdrawn = options.skipFailedRequests;
  }

  /** The fixed windows around `now`: the current one is `(current, current + windowMs]`. */
  private windows(now: number) {
    return fixedWindow(now, this.windowMs);
  }

  /** A reset time `ms` from now, as a real date for express-rate-limit. */
  private static resetIn(ms: number): Date {
    return new Date(Date.now() + ms);
  }

  private async counts(key: string): Promise<SlidingCounts & { found: boolean }> {
    const { elapsedMs, current, previous } = this.windows(this.clock.now().getTime());
    const result = await this.db.execute<{ current: number; previous: number; found: boolean }>(sql`
      select coalesce(sum(hits) filter (where window_start = ${current}), 0)::int as current,
             coalesce(sum(hits) filter (where window_start = ${previous}), 0)::int as previous,
             count(*) > 0 as found
        from ${rateLimitHits}
       where key = ${this.prefix + key} and window_start in (${current}, ${previous})`);
    const row = result.rows[0]!;
    return { ...row, elapsedMs, windowMs: this.windowMs };
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const counts = await this.counts(key);
    if (!counts.found) return undefined;
    const wait = this.limit === undefined ? 0 : msUntilAllowed(counts, this.limit);
    return {
      totalHits: slidingEstimate(counts),
      resetTime: PostgresRateLimitStore.resetIn(
        wait > 0 ? Math.max(wait, 1000) : msUntilClear(counts),
      ),
    };
  }

  /** Seconds until one more hit would be within the limit (at least 1), or 0 if it is now. */
  async retryAfter(key: string): Promise<number> {
    if (this.limit === undefined) throw new Error(`No limit set for the ${this.prefix} store`);
    const wait = msUntilAllowed(await this.counts(key), this.limit);
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { elapsedMs, current, previous } = this.windows(this.clock.now().getTime());
    const result = await this.db.execute<{ current: number; previous: number }>(sql`
      with hit as (
        insert into ${rateLimitHits} (key, window_start, hits)
        values (${this.prefix + key}, ${current}, 1)
        on conflict (key, window_start) do update set hits = ${rateLimitHits}.hits + 1
        returning hits
      )
      select hit.hits as current,
             coalesce((select p.hits from ${rateLimitHits} p
                        where p.key = ${this.prefix + key} and p.window_start = ${previous}), 0)
               as previous
        from hit`);
    const counts: SlidingCounts = { ...result.rows[0]!, elapsedMs, windowMs: this.windowMs };
    const totalHits = slidingEstimate(counts);
    if (this.limit !== undefined && totalHits > this.limit) {
      // Refused: say when the next request will be allowed, without this hit if it is withdrawn.
      const after = this.refusedHitsWithdrawn ? { ...counts, current: counts.current - 1 } : counts;
      const wait = Math.max(msUntilAllowed(after, this.limit), 1000);
      return { totalHits, resetTime: PostgresRateLimitStore.resetIn(wait) };
    }
    // Allowed: the time when the key is clear. Far enough ahead that a failure of this request
    // is still withdrawn (express-rate-limit skips that once the reset time has passed).
    return { totalHits, resetTime: PostgresRateLimitStore.resetIn(msUntilClear(counts)) };
  }

  /** Withdraws the latest hit: in the current window, or the previous one if it just ended. */
  async decrement(key: string): Promise<void> {
    const { current, previous } = this.windows(this.clock.now().getTime());
    await this.db.execute(sql`
      update ${rateLimitHits} set hits = hits - 1
       where key = ${this.prefix + key} and hits > 0
         and window_start = (
           select window_start from ${rateLimitHits}
            where key = ${this.prefix + key} and window_start in (${current}, ${previous})
              and hits > 0
            order by window_start desc
            limit 1)`);
  }

  async resetKey(key: string): Promise<void> {
    await this.db.delete(rateLimitHits).where(sql`${rateLimitHits.key} = ${this.prefix + key}`);
  }
}

/**
 * Deletes the counters of windows that started before `before`. A window still counts until
 * two window lengths after its start (as the previous window), so `before` must be at least
 * two of the longest windows ago.
 */
export async function pruneRateLimits(db: Database, before: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, before));
}

interface LimiterOptions {
  db: Database;
  clock: Clock;
  name: string;
  limit: number;
  windowMinutes: number;
  message: ErrorMessage;
  /** Builds the key from the request; return undefined to not count this request. */
  key?: (req: Request) => string | undefined;
  /** Count every request, or only those that succeeded (status < 400). */
  count?: 'all' | 'successes';
  /**
   * Send the draft-8 `RateLimit` headers. Off for a limit keyed on something the caller names
   * (an e-mail address): its remaining count would tell anyone how that address is used.
   */
  headers?: boolean;
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
  headers = true,
}: LimiterOptions) {
  const store = new PostgresRateLimitStore(db, clock, `${name}:`);
  const refunded = `rateLimitRefunded:${name}`;
  return rateLimit({
    windowMs: windowMinutes * 60_000,
    limit,
    standardHeaders: headers ? 'draft-8' : false,
    legacyHeaders: false,
    skipFailedRequests: count === 'successes',
    // A refused request whose hit was already taken back (below) is not taken back again.
    requestWasSuccessful: (_req, res) => res.statusCode < 400 || res.locals[refunded] === true,
    store,
    ...(key && {
      keyGenerator: (req: Request) => key(req) ?? '',
      skip: (req: Request) => key(req) === undefined,
    }),
    handler: async (req, res, next) => {
      const info = (req as Request & { rateLimit?: { key?: string; resetTime?: Date } }).rateLimit;
      const retryAfter =
        Number(res.getHeader('Retry-After')) ||
        (info?.resetTime &&
          Math.max(1, Math.ceil((info.resetTime.getTime() - Date.now()) / 1000))) ||
        undefined;
      const refusedKey = info?.key;
      if (count === 'successes' && refusedKey !== undefined) {
        // Counting successes only, the refused request's own hit goes. express-rate-limit would
        // take it back once the answer is sent, so a client asking again at once could still
        // find it counted: take it back before answering.
        await store.decrement(refusedKey);
        res.locals[refunded] = true;
      }
      next(ApiError.tooManyRequests(message, retryAfter ? { retryAfter } : {}));
    },
  });
}

export const ipKey = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');
