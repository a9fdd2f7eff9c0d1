import type { Request, RequestHandler } from 'express';
import { MESSAGES } from '@lede/shared';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import { lt, sql, type SQL } from 'drizzle-orm';
import { writeBudgets as budgetsTable } from '../db/schema.js';
import {
  createLimiter,
  fixedWindow,
  ipKey,
  msUntilAllowed,
  type SlidingCounts,
} from './rate-limit.js';
import { currentUser } from './current-user.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** At most `perMinute` writes in any sliding minute and `perHour` in any sliding hour. */
export interface WriteBudget {
  perMinute: number;
  perHour: number;
}

/**
 * The budgets of a signed-in reader's writes, each counted per reader
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
 * A refused request costs nothing (it is not counted): a reader who keeps clicking while
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

/** The reader a request's own credentials name, checked without the database; undefined if none. */
export type VerifiedReader = (req: Request) => string | undefined;

export type WriteLimits = Record<keyof ReturnType<typeof writeBudgets>, RequestHandler> & {
  /**
   * Middleware for the whole API, before the session middleware: refuses a write this instance
   * already knows to be over its reader's budget (see `refuseForeseen`), without a statement.
   */
  refuseForeseen(readerOf: VerifiedReader): RequestHandler;
  /**
   * The `actions` budget charged in the write's own statement (see `ChargeWithin`): the route
   * middleware refuses what this instance foresees over budget, as `actions` does, and leaves
   * the charge to the handler, which must make it (`chargeOf(req)`) for the write to happen.
   */
  actionsInStatement: RequestHandler;
  /** The charge `actionsInStatement` left for this request's handler. */
  chargeOf(req: Request): ChargeWithin;
};

/**
 * A budget's counts as a statement answers them after charging (the `budget_*` columns of the
 * `lede_charge_and_*` functions, migration 0032): window starts in epoch ms.
 */
export type BudgetAnswer = {
  budget_charged: boolean;
  budget_minute_start: number;
  budget_minute_hits: number;
  budget_minute_previous: number;
  budget_hour_start: number;
  budget_hour_hits: number;
  budget_hour_previous: number;
};

/**
 * A write's charge made inside its own statement: `work` sends one statement that charges the
 * budget with `budgetArgs` (the leading arguments of a `lede_charge_and_*` function) and writes
 * only if that charged, answering the budget's counts and its own value. Resolves to the value;
 * rejects with the 429 of a write over budget when the charge was refused (nothing written),
 * or without a statement when this instance foresees the refusal.
 */
export type ChargeWithin = <T>(
  work: (budgetArgs: SQL) => Promise<{ budget: BudgetAnswer; value: T }>,
) => Promise<T>;

/** Readers remembered per instance before those that no longer count are swept out. */
const KNOWN_SWEEP_AT = 10_000;

/** One window of a budget row as the database last answered it. */
interface KnownWindow {
  /** The start of the fixed window `hits` are in, in ms. */
  start: number;
  hits: number;
  previous: number;
}

/** What this instance knows of one reader's budget: the row's latest counts, and its own charges under way. */
interface Known {
  minute?: KnownWindow;
  hour?: KnownWindow;
  pending: number;
}

type Charge = { allowed: true } | { allowed: false; waitMs: number };
type Charged<T> = { allowed: true; value: T } | { allowed: false; waitMs: number };

/** Of two answers about one window, the later one (answers may come back out of order). */
const later = (a: KnownWindow | undefined, b: KnownWindow): KnownWindow =>
  !a || b.start > a.start || (b.start === a.start && b.hits >= a.hits) ? b : a;

/**
 * `known` moved to the fixed window around `now` (`w`): counts of the same window, of the one
 * before (they become the previous ones), or nothing; undefined if the row is ahead of `now`.
 */
function rollTo(
  known: KnownWindow,
  w: ReturnType<typeof fixedWindow>,
  windowMs: number,
): SlidingCounts | undefined {
  const current = w.current.getTime();
  const at = { elapsedMs: w.elapsedMs, windowMs };
  if (known.start === current) return { current: known.hits, previous: known.previous, ...at };
  if (known.start === current - windowMs) return { current: 0, previous: known.hits, ...at };
  if (known.start < current) return { current: 0, previous: 0, ...at };
  return undefined;
}

/**
 * One write budget of every reader, kept in PostgreSQL (`write_budgets`, unlogged): one row per
 * reader holding both windows, the minute and the hour, each a sliding-window counter (the hits
 * of the current fixed window and of the one before, as in `rate-limit.ts`).
 *
 * Checking and charging is one upsert (`lede_charge_budget`, migration 0032) that rolls the row's
 * windows forward to the current ones, charges both if one more hit keeps both within their
 * limits (and neither otherwise: nothing to take back), and answers the counts and whether it
 * charged. Concurrent requests of one reader, from any instance, queue on that row's lock and
 * each sees every hit before it, so at most the limit of them pass: every write that passes was
 * charged there. A write that is itself one statement (a like, a save) makes the charge inside
 * it (`chargeWithin`, the `lede_charge_and_toggle_*` functions): one round trip for both, and
 * over budget nothing is written.
 *
 * A refusal usually costs no statement: the instance keeps each reader's latest counts as the
 * database answered them, and refuses at once a request that they (plus this instance's own
 * charges still under way, taken as charged) leave no room for. Those counts can only grow
 * until their window ends (hits are never taken back, other instances only add), so such a
 * refusal is one the database would give too, except when a charge still under way is refused
 * after all: then a request may be refused up to that statement's duration (milliseconds) early.
 * A write is never let through on what the instance knows; the budget is as exact across
 * instances as the database's counts (to the instances' clock difference).
 */
export class WriteBudgetStore {
  private readonly known = new Map<string, Known>();
  /** The size at which the next sweep runs: twice what the last one kept, so sweeps stay rare. */
  private sweepAt = KNOWN_SWEEP_AT;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly name: string,
    private readonly budget: WriteBudget,
  ) {}

  /** How long `reader` must wait by what this instance knows, without asking; 0: ask (charge). */
  foreseenWait(reader: string): number {
    const known = this.known.get(`${this.name}:${reader}`);
    if (!known) return 0;
    const now = this.clock.now().getTime();
    return this.knownWait(known, fixedWindow(now, MINUTE_MS), fixedWindow(now, HOUR_MS));
  }

  /** Charges one write of `reader`, or says how long until one would be within the budget. */
  async charge(reader: string): Promise<Charge> {
    const charged = await this.chargeWithin(reader, async (budgetArgs) => ({
      budget: await this.chargeRow(budgetArgs),
      value: undefined,
    }));
    return charged.allowed ? { allowed: true } : charged;
  }

  /**
   * Charges one write of `reader` in the statement `work` sends (see `ChargeWithin`): its value
   * if the budget was charged, else how long until one more write would be within it. A refusal
   * foreseen here sends nothing.
   */
  async chargeWithin<T>(
    reader: string,
    work: (budgetArgs: SQL) => Promise<{ budget: BudgetAnswer; value: T }>,
  ): Promise<Charged<T>> {
    const now = this.clock.now().getTime();
    const key = `${this.name}:${reader}`;
    const minute = fixedWindow(now, MINUTE_MS);
    const hour = fixedWindow(now, HOUR_MS);
    let known = this.known.get(key);
    const waitMs = known && this.knownWait(known, minute, hour);
    if (waitMs) return { allowed: false, waitMs };
    if (!known) {
      if (this.known.size >= this.sweepAt) this.sweep(hour.previous.getTime());
      known = { pending: 0 };
      this.known.set(key, known);
    }
    known.pending++;
    try {
      const { budget, value } = await work(this.budgetArgs(key, minute, hour));
      const row = {
        minute: {
          start: budget.budget_minute_start,
          hits: budget.budget_minute_hits,
          previous: budget.budget_minute_previous,
        },
        hour: {
          start: budget.budget_hour_start,
          hits: budget.budget_hour_hits,
          previous: budget.budget_hour_previous,
        },
      };
      known.minute = later(known.minute, row.minute);
      known.hour = later(known.hour, row.hour);
      if (budget.budget_charged) return { allowed: true, value };
      const m = rollTo(row.minute, minute, MINUTE_MS);
      const h = rollTo(row.hour, hour, HOUR_MS);
      // A row ahead of this clock (another instance's) has no wait to tell here: a second.
      const wait = m && h ? this.wait(m, h) : 1000;
      return { allowed: false, waitMs: Math.max(wait, 1) };
    } finally {
      known.pending--;
    }
  }

  /** How long until one more write fits what `known` says, its charges under way counted; 0: ask. */
  private knownWait(
    known: Known,
    minute: ReturnType<typeof fixedWindow>,
    hour: ReturnType<typeof fixedWindow>,
  ): number {
    if (!known.minute || !known.hour) return 0;
    const m = rollTo(known.minute, minute, MINUTE_MS);
    const h = rollTo(known.hour, hour, HOUR_MS);
    if (!m || !h) return 0;
    return this.wait(
      { ...m, current: m.current + known.pending },
      { ...h, current: h.current + known.pending },
    );
  }

  private wait(minute: SlidingCounts, hour: SlidingCounts): number {
    return Math.max(
      msUntilAllowed(minute, this.budget.perMinute),
      msUntilAllowed(hour, this.budget.perHour),
    );
  }

  /** Forgets the readers whose counts no longer count (nothing since the hour before this one). */
  private sweep(previousHour: number) {
    for (const [k, v] of this.known)
      if (v.pending === 0 && (v.hour?.start ?? 0) < previousHour) this.known.delete(k);
    this.sweepAt = Math.max(KNOWN_SWEEP_AT, 2 * this.known.size);
  }

  /**
   * The arguments of `lede_charge_budget` (migration 0032, which holds the rule: the row's
   * windows rolled forward to the current ones, both charged if one more write fits both
   * limits, neither otherwise), which the `lede_charge_and_*` functions take first.
   */
  private budgetArgs(
    key: string,
    minute: ReturnType<typeof fixedWindow>,
    hour: ReturnType<typeof fixedWindow>,
  ): SQL {
    const { perMinute, perHour } = this.budget;
    const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
    return sql`${key}::text, ${at(minute.current)}, ${minute.elapsedMs}::int, ${at(hour.current)}, ${hour.elapsedMs}::int, ${perMinute}::int, ${perHour}::int`;
  }

  /** The one statement of a budget charged alone: the charge, answering the counts. */
  private async chargeRow(budgetArgs: SQL): Promise<BudgetAnswer> {
    const result = await this.db.execute<BudgetAnswer>(sql`
      select charged as budget_charged,
             (extract(epoch from minute_start) * 1000)::float8 as budget_minute_start,
             minute_hits as budget_minute_hits, minute_previous as budget_minute_previous,
             (extract(epoch from hour_start) * 1000)::float8 as budget_hour_start,
             hour_hits as budget_hour_hits, hour_previous as budget_hour_previous
      from lede_charge_budget(${budgetArgs})`);
    return result.rows[0]!;
  }
}

/** Deletes the budgets nobody has written to since `before` (at least two hours ago). */
export async function pruneWriteBudgets(db: Database, before: Date): Promise<void> {
  await db.delete(budgetsTable).where(lt(budgetsTable.hourStart, before));
}

/** The 429 of a write over its budget; the error handler sends `retryAfter` as the header too. */
const overBudget = (waitMs: number) =>
  ApiError.tooManyRequests(MESSAGES.limits.tooManyWrites, {
    retryAfter: Math.max(1, Math.ceil(waitMs / 1000)),
  });

/** Routes seen spending from a budget, by method and path as requested; a bound on spellings. */
const SPENDING_PATHS_KEPT = 256;

/** Which budget each route spends from, learnt as the routes' budget middleware runs. */
class SpendingRoutes {
  private readonly byPath = new Map<string, { store: WriteBudgetStore; route: unknown }>();

  private static key(req: Request): string {
    return `${req.method} ${req.baseUrl}${req.path}`;
  }

  /** Notes the route of `req` (inside its route: `req.route` set) as spending from `store`. */
  learn(req: Request, store: WriteBudgetStore): void {
    const route = req.route as { path?: unknown } | undefined;
    // Paths with parameters would be one entry per value.
    if (typeof route?.path !== 'string' || route.path.includes(':')) return;
    const key = SpendingRoutes.key(req);
    if (this.byPath.has(key) || this.byPath.size >= SPENDING_PATHS_KEPT) return;
    this.byPath.set(key, { store, route });
  }

  of(req: Request) {
    return this.byPath.get(SpendingRoutes.key(req));
  }
}

/**
 * One budget as route middleware (put after the session: it keys on the signed-in reader).
 * A request over the minute's or the hour's limit is refused with 429 `TOO_MANY_WRITES` and
 * `Retry-After` (the seconds until one more write is within both), and is not counted. Checking
 * and charging is one statement per request, a refusal remembered in this instance none
 * (`WriteBudgetStore`).
 */
function budgetLimit(store: WriteBudgetStore, spending: SpendingRoutes): RequestHandler {
  return async (req, _res, next) => {
    spending.learn(req, store);
    const charged = await store.charge(currentUser(req).id);
    if (charged.allowed) return next();
    throw overBudget(charged.waitMs);
  };
}

/**
 * One budget charged in the write's own statement (put after the session, as `budgetLimit`): a
 * refusal this instance foresees is the same 429 at once; otherwise the handler gets the charge
 * (`charges`), so that the budget and the write are one round trip, and a refused charge is
 * that 429 with nothing written.
 */
function budgetInStatement(
  store: WriteBudgetStore,
  spending: SpendingRoutes,
  charges: WeakMap<Request, ChargeWithin>,
): RequestHandler {
  return (req, _res, next) => {
    spending.learn(req, store);
    const reader = currentUser(req).id;
    const waitMs = store.foreseenWait(reader);
    if (waitMs) throw overBudget(waitMs);
    charges.set(req, async (work) => {
      const charged = await store.chargeWithin(reader, work);
      if (!charged.allowed) throw overBudget(charged.waitMs);
      return charged.value;
    });
    next();
  };
}

/**
 * The refusal of a write this instance already knows to be over budget, before the session is
 * looked up: when a session's kept row has expired, reading it again waits for a pooled
 * connection (the most of a refusal's time under load). The reader is the one the request's
 * access token names, its signature and expiry checked. A token whose session has ended since
 * is refused here with 429 instead of 401: either way nothing is done, and the answer tells
 * only that reader's own budget to whoever holds their signed token. Anything else (no token,
 * a route not yet seen spending, a budget with room or not known here) goes on to the session
 * and the route's own budget middleware, which alone ever lets a write through.
 */
function refuseForeseen(spending: SpendingRoutes, readerOf: VerifiedReader): RequestHandler {
  return (req, _res, next) => {
    if (req.method === 'GET' || req.headers.authorization === undefined) return next();
    const spends = spending.of(req);
    const reader = spends && readerOf(req);
    const waitMs = reader ? spends.store.foreseenWait(reader) : 0;
    if (!waitMs) return next();
    // The route's pattern, for the request metrics' label (they read it as it is set).
    req.route = spends!.route;
    next(overBudget(waitMs));
  };
}

/** The middleware of each write budget (see `writeBudgets`), built once per app. */
export function createWriteLimits(deps: {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'readerWrites'>;
}): WriteLimits {
  const budgets = writeBudgets(deps.config);
  const spending = new SpendingRoutes();
  const store = (name: keyof typeof budgets) =>
    new WriteBudgetStore(deps.db, deps.clock, `writes-${name}`, budgets[name]);
  const limit = (name: keyof typeof budgets) => budgetLimit(store(name), spending);
  // The routes charging `actions` in their statement share its store (the same rows, the same
  // memory of them) with those charging it alone.
  const actions = store('actions');
  const charges = new WeakMap<Request, ChargeWithin>();
  return {
    actions: budgetLimit(actions, spending),
    feeds: limit('feeds'),
    uploads: limit('uploads'),
    profile: limit('profile'),
    refuseForeseen: (readerOf) => refuseForeseen(spending, readerOf),
    actionsInStatement: budgetInStatement(actions, spending, charges),
    chargeOf(req) {
      const charge = charges.get(req);
      if (!charge) throw new Error(`${req.method} ${req.path} has no budget charge to make`);
      return charge;
    },
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
