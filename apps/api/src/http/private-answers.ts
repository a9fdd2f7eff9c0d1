import type { IncomingHttpHeaders, OutgoingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import vary from 'vary';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** The request carries credentials: its answer is private (see ./private-answers.ts). */
      privateAnswer?: boolean;
    }
  }
}

/** `Cache-Control` of every answer to a request that carries credentials. */
export const PRIVATE = 'private, no-store';

/** What an answer that depends on the caller's session varies on. */
export const SESSION_VARY = ['Authorization', 'Cookie'] as const;

/**
 * Adds `fields` to the answer's `Vary`, keeping what is there (say `Origin, Accept-Encoding`)
 * and naming each field once, whatever its case. `*` stays `*`. (The `vary` package, as Express's
 * `res.vary`, on anything with the header methods.)
 */
export function addVary(
  res: Pick<OutgoingMessage, 'getHeader' | 'setHeader'>,
  fields: readonly string[],
) {
  vary(res as ServerResponse, [...fields]);
}

/** Makes the answer private: no shared or browser cache keeps it, and it has no validator. */
function markPrivate(res: Response): void {
  res.setHeader('Cache-Control', PRIVATE);
  addVary(res, SESSION_VARY);
  res.removeHeader('ETag');
}

/**
 * Mounted first on the /api router: every answer to a request that carries credentials (as
 * `carriesCredentials` tells: an `Authorization` header or the refresh cookie) says
 * `Cache-Control: private, no-store` and varies on `Authorization, Cookie`, whatever answers it
 * (a handler, a prepared body, a limiter's 429, the error handler's 401 or 404), so no cache
 * between the reader and the app keeps it or serves it to anyone else. It is set when the
 * status line is written, after everything else had its say. Such an answer is never a 304
 * and has no ETag: the request's `If-None-Match` and `If-Modified-Since` are dropped, as a
 * validator of an answer nobody stores is of no use. Visitors' answers are left as they are.
 * (The fast lane, which answers before this router, does the same for such requests.)
 */
export function privateAnswers(
  carriesCredentials: (headers: IncomingHttpHeaders) => boolean,
): RequestHandler {
  return (req, res, next) => {
    if (!carriesCredentials(req.headers)) return next();
    res.locals.privateAnswer = true;
    delete req.headers['if-none-match'];
    delete req.headers['if-modified-since'];
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
      markPrivate(this);
      return writeHead.apply(this, args);
    } as Response['writeHead'];
    next();
  };
}
