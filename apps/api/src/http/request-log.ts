import type { RequestHandler } from 'express';
import type { Level } from 'pino';
import type { Logger } from '../lib/logger.js';

/** Health checks are asked every few seconds by orchestrators: not worth a line each. */
const UNLOGGED = new Set(['/api/health', '/api/health/live', '/api/health/ready']);

function levelFor(statusCode: number): Level {
  if (statusCode >= 500) return 'error';
  if (statusCode >= 400) return 'warn';
  return 'info';
}

/**
 * One line per answered request: its id, method, path (never the query string, which can hold
 * an e-mail or a search), status and time taken; no headers and no bodies. 5xx at error, 4xx at
 * warn, the rest at info. Leaner than pino-http (no child logger per request): the work
 * is done only when the line's level is enabled.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (UNLOGGED.has(req.path)) return next();
    const started = performance.now();
    res.once('finish', () => {
      const level = levelFor(res.statusCode);
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          reqId: req.id,
          req: { method: req.method, url: req.originalUrl.split('?')[0] },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        'request completed',
      );
    });
    next();
  };
}
