import type pg from 'pg';
import { MESSAGES } from '@lede/shared';
import { isDatabaseReachable } from '../../db/client.js';
import type { RouteRegistrar } from '../../http/route.js';

/** How soon an orchestrator or a client may ask readiness again after a 503. */
const READY_RETRY_AFTER_SECONDS = 5;

/**
 * `/api/health` is the original check (database included). `/live` only says the process
 * answers, so a database outage never gets the server restarted; `/ready` says whether it can
 * serve readers.
 */
export function healthRoutes(routes: RouteRegistrar, pool: pg.Pool): void {
  const unreachable = {
    status: 'unavailable',
    message: MESSAGES.errors.databaseUnreachable,
    code: 'DATABASE_UNREACHABLE',
  } as const;

  routes.json('GET /api/health', async ({ res, reply }) => {
    if (await isDatabaseReachable(pool)) return { status: 'ok' as const };
    res.set('Retry-After', String(READY_RETRY_AFTER_SECONDS));
    return reply(503, unreachable);
  });
  routes.json('GET /api/health/live', () => ({ status: 'ok' as const }));
  routes.json('GET /api/health/ready', async ({ res, reply }) => {
    if (await isDatabaseReachable(pool)) return { status: 'ready' as const };
    res.set('Retry-After', String(READY_RETRY_AFTER_SECONDS));
    return reply(503, unreachable);
  });
}
