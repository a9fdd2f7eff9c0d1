import { Router } from 'express';
import type pg from 'pg';
import { isDatabaseReachable } from '../../db/client.js';

/** How soon an orchestrator or a client may ask readiness again after a 503. */
const READY_RETRY_AFTER_SECONDS = 5;

/**
 * `/` is the original check (database included). `/live` only says the process answers, so a
 * database outage never gets the server restarted; `/ready` says whether it can serve readers.
 */
export function healthRouter(pool: pg.Pool): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    const ok = await isDatabaseReachable(pool);
    res
      .status(ok ? 200 : 503)
      .json(ok ? { status: 'ok' } : { status: 'unavailable', message: 'Database unreachable' });
  });
  router.get('/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/ready', async (_req, res) => {
    if (await isDatabaseReachable(pool)) {
      res.json({ status: 'ready' });
      return;
    }
    res
      .status(503)
      .set('Retry-After', String(READY_RETRY_AFTER_SECONDS))
      .json({ status: 'unavailable', message: 'Database unreachable' });
  });
  return router;
}
