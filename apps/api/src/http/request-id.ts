import crypto from 'node:crypto';
import type { Request, RequestHandler } from 'express';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** This request's id: sent back as `X-Request-Id` and written in its log lines. */
      id: string;
    }
  }
}

/** What a proxy's id may look like to be kept: short, and harmless in a header or a log. */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * This request's id, kept as `req.id`. A proxy's `X-Request-Id` is kept only when the peer
 * that sent it is a trusted proxy (TRUST_PROXY, as Express judges X-Forwarded-For) and the id
 * looks sane; otherwise anyone could choose the ids in the log.
 */
export function assignRequestId(req: Request): string {
  const sent = req.headers['x-request-id'];
  let incoming: string | undefined;
  if (typeof sent === 'string') {
    const trusted = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
    if (trusted(req.socket.remoteAddress ?? '', 0)) incoming = sent;
  }
  req.id = incoming && ACCEPTABLE_ID.test(incoming) ? incoming : crypto.randomUUID();
  return req.id;
}

/** Gives every request an id (see assignRequestId) and answers it as `X-Request-Id`. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    res.setHeader('X-Request-Id', assignRequestId(req));
    next();
  };
}
