import type { RequestHandler } from 'express';
import { MESSAGES } from '@lede/shared';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import { createLimiter, ipKey, PostgresRateLimitStore } from './rate-limit.js';
import { currentUser } from './current-user.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** At most `perMinute` writes in any sliding minute and `perHour` in any sliding hour. */
export interface WriteBudget {
  perMinute: number;
  perHour: number;
}

/**
 * The budgets of a signed-in reader's writes (issue 39, finding 5), each counted per reader
 * (`req.user.id`) in PostgreSQL, so they hold across instances and restarts. A route spends
 * from one budget. The minute is the burst allowance, the hour the sustained budget.
 *
 * - `actions`: likes and dislikes (and their undo), saves, shares, opening an article
 *   (`markviewed`, `markasread`) and the feed's controls (fewer like this, hide or show a
 *   source, unmute, forget, steer). A reader liking every article of a list as fast as they can
 *   scroll does about one every two seconds (30 a minute); 60 leaves twice that, misclicks and
 *   undos included. An hour of heavy reading is a few hundred actions; 600 is ten a minute for a
 *   whole hour. Configurable (`READER_WRITE_LIMIT`, `READER_WRITE_HOURLY_LIMIT`) for load tests.
 * - `feeds`: what makes the server rank a feed again: refresh, the steering preview, and setting
 *   or resetting the interests (the next read rebuilds). Each costs about 20–30 ms of
 *   PostgreSQL at 100,000 articles. The web client refreshes after every steering change and
 *   previews each staged one, so steering at a click every four seconds is 30 a minute.
 * - `uploads`: a profile picture, up to 5 MB decoded and re-encoded by sharp. Trying a few
 *   pictures in a row is a handful; 5 a minute and 20 an hour.
 * - `profile`: the other changes to one's own account (name, e-mail, theme, time zone,
 *   picture, deletion). A few a minute at most in real use; 20 a minute and 200 an hour
 *   keep one account from probing with them.
 *
 * A refused request costs nothing (its hit is taken back): a reader who keeps clicking while
 * refused waits no longer for it. Requests that fail otherwise (404, 400) count, as they cost a
 * read all the same.
 */
export function writeBudgets(config: Pick<Config, 'readerWrites'>) {
  return {
    actions: { perMinute: config.readerWrites.perMinute, perHour: config.readerWrites.perHour },
    feeds: { perMinute: 30, perHour: 300 },
    uploads: { perMinute: 5, perHour: 20 },
    profile: { perMinute: 20, perHour: 200 },
  } satisfies Record<string, WriteBudget>;
}

export type WriteLimits = Record<keyof ReturnType<typeof writeBudgets>, RequestHandler>;

interface CountedWindow {
  store: PostgresRateLimitStore;
  limit: number;
}

/**
 * One budget as route middleware (put after the session: it keys on the signed-in reader).
 * Each request takes a hit in the minute, then in the hour; the first window over its limit
 * refuses it with 429 `TOO_MANY_WRITES` and `Retry-After`, after taking back the hits this
 * request took. A hit is one upsert that answers the new count, so concurrent requests of one
 * reader queue on their row and at most the limit of them pass.
 */
function budgetLimit(
  { db, clock }: { db: Database; clock: Clock },
  name: string,
  budget: WriteBudget,
): RequestHandler {
  const window = (label: string, windowMs: number, limit: number): CountedWindow => ({
    store: new PostgresRateLimitStore(db, clock, `writes-${name}-${label}:`, { windowMs, limit }),
    limit,
  });
  const windows = [
    window('minute', MINUTE_MS, budget.perMinute),
    window('hour', HOUR_MS, budget.perHour),
  ];
  return async (req, _res, next) => {
    const reader = currentUser(req).id;
    for (const [i, { store, limit }] of windows.entries()) {
      const { totalHits } = await store.increment(reader);
      if (totalHits <= limit) continue;
      await Promise.all(windows.slice(0, i + 1).map((w) => w.store.decrement(reader)));
      const waits = await Promise.all(windows.map((w) => w.store.retryAfter(reader)));
      // The error handler sends it as the Retry-After header too.
      const retryAfter = Math.max(1, ...waits);
      throw ApiError.tooManyRequests(MESSAGES.limits.tooManyWrites, { retryAfter });
    }
    next();
  };
}

/** The middleware of each write budget (see `writeBudgets`), built once per app. */
export function createWriteLimits(deps: {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'readerWrites'>;
}): WriteLimits {
  const budgets = writeBudgets(deps.config);
  return {
    actions: budgetLimit(deps, 'actions', budgets.actions),
    feeds: budgetLimit(deps, 'feeds', budgets.feeds),
    uploads: budgetLimit(deps, 'uploads', budgets.uploads),
    profile: budgetLimit(deps, 'profile', budgets.profile),
  };
}

/**
 * Writes (anything but GET) per client IP, whoever is signed in: one address creating accounts
 * to spend each one's budget still meets this. As generous as the limit on /api/auth.
 */
export function writesPerIp(deps: {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'authIpLimit' | 'otp'>;
}): RequestHandler {
  return createLimiter({
    db: deps.db,
    clock: deps.clock,
    name: 'writes-ip',
    limit: deps.config.authIpLimit,
    windowMinutes: deps.config.otp.windowMinutes,
    message: MESSAGES.auth.tooManyRequests,
    key: (req) => (req.method === 'GET' ? undefined : ipKey(req)),
  });
}
