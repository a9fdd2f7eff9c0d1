import type pg from 'pg';
import { MESSAGES } from '@lede/shared';
import { sharedReachabilityCheck } from '../../db/client.js';
import type { FastLane, LaneAnswer } from '../../http/fast-lane.js';
import { keptAnswer, sendKept } from '../../http/prepared-response.js';
import type { RouteRegistrar } from '../../http/route.js';

/** How soon an orchestrator or a client may ask readiness again after a 503. */
const READY_RETRY_AFTER_SECONDS = 5;

/** A health answer is about now: never kept by a cache. */
const healthy = (status: 'ok' | 'ready') => keptAnswer({ status }, 'no-store');

/**
 * `/api/health` is the original check (database included). `/live` only says the process
 * answers, so a database outage never gets the server restarted; `/ready` says whether it can
 * serve readers. Checks asked while one runs share its answer (one `select 1` at a time), and
 * a healthy answer is remembered by the fast lane, which asks the database the same way.
 */
export function healthRoutes(routes: RouteRegistrar, pool: pg.Pool, lane?: FastLane): void {
  const unreachable = {
    status: 'unavailable',
    message: MESSAGES.errors.databaseUnreachable,
    code: 'DATABASE_UNREACHABLE',
  } as const;
  const reachable = sharedReachabilityCheck(pool);

  function check(
    key: 'GET /api/health' | 'GET /api/health/live' | 'GET /api/health/ready',
    healthyAnswer: LaneAnswer,
    { asksDatabase }: { asksDatabase: boolean },
  ) {
    const source = asksDatabase
      ? async () => ((await reachable()) ? healthyAnswer : undefined)
      : () => healthyAnswer;
    routes.custom(key, async ({ req, res }) => {
      if (!(await source())) {
        res.set('Retry-After', String(READY_RETRY_AFTER_SECONDS));
        res.status(503).json(unreachable);
        return;
      }
      await sendKept(req, res, healthyAnswer, lane, source);
    });
  }

  const ok = healthy('ok');
  check('GET /api/health', ok, { asksDatabase: true });
  check('GET /api/health/live', ok, { asksDatabase: false });
  check('GET /api/health/ready', healthy('ready'), { asksDatabase: true });
}
