import { Router, type Request, type Response } from 'express';
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
  /** Answers `okStatus` when the database answers, else 503 with Retry-After. */
  const databaseCheck = (okStatus: string) =>
    async function check(_req: Request, res: Response) {
      if (await isDatabaseReachable(pool)) {
        res.json({ status: okStatus });
        return;
      }
      res
        .status(503)
        .set('Retry-After', String(READY_RETRY_AFTER_SECONDS))
        .json({ status: 'unavailable', message: 'Database unreachable' });
    };
  router.get('/', databaseCheck('ok'));
  router.get('/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/ready', databaseCheck('ready'));
  return router;
}
