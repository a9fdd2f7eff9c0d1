import type { Request, RequestHandler } from 'express';
import type { Level } from 'pino';
import type { Logger } from '../lib/logger.js';

/** Health checks are asked every few seconds by orchestrators: not worth a line each. */
const UNLOGGED = new Set(['/api/health', '/api/health/live', '/api/health/ready']);

function levelFor(statusCode: number): Level {
  if (statusCode >= 500) return 'error';
  if (statusCode >= 400) return 'warn';
  return 'info';
}

/** Writes a request's line (see requestLogger), when its level is enabled. */
export function logAnswer(
  logger: Logger,
  req: Request,
  statusCode: number,
  startedAt: number,
): void {
  const level = levelFor(statusCode);
  if (!logger.isLevelEnabled(level)) return;
  const url = req.originalUrl.split('?')[0]!;
  if (UNLOGGED.has(url)) return;
  logger[level](
    {
      reqId: req.id,
      // The client as Express resolves it (X-Forwarded-For only from a TRUST_PROXY peer).
      ip: req.ip,
      req: { method: req.method, url },
      res: { statusCode },
      responseTime: Math.round(performance.now() - startedAt),
    },
    'request completed',
  );
}

/**
 * One line per answered request: its id, client IP, method, path (never the query string, which
 * can hold an e-mail or a search), status and time taken; no headers and no bodies. 5xx at error, 4xx at
 * warn, the rest at info. Leaner than pino-http (no child logger per request): the work
 * is done only when the line's level is enabled.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (UNLOGGED.has(req.path)) return next();
    const started = performance.now();
    res.once('finish', () => logAnswer(logger, req, res.statusCode, started));
    next();
  };
}
