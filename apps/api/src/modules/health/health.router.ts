import { Router } from 'express';
import type pg from 'pg';
import { isDatabaseReachable } from '../../db/client.js';

export function healthRouter(pool: pg.Pool): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    const ok = await isDatabaseReachable(pool);
    res
      .status(ok ? 200 : 503)
      .json(ok ? { status: 'ok' } : { status: 'unavailable', message: 'Database unreachable' });
  });
  return router;
}
