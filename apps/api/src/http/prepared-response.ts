import type { Request, Response } from 'express';
import { acceptedEncodings, type Encoding } from './accept-encoding.js';
import type { FastLane, LaneAnswer, LaneSource } from './fast-lane.js';
import { bytesFor, PreparedBody } from './prepared-body.js';
import { addVary, PRIVATE, SESSION_VARY } from './private-answers.js';

/**
 * Public JSON answers served from prepared bytes (see ../modules/articles/README.md,
 * "Prepared responses"):
 *
 * - the body is serialised once per key and kept `ttlMs`, or until `articlesChanged()`, by
 *   ./prepared-cache.ts, which builds it once however many callers ask at the same time;
 * - its gzip form is computed once (on first demand) and reused; its brotli form quickly on
 *   first demand, then harder once it is asked for again (./prepared-body.ts);
 * - visitors get `ETag` (304 on a matching `If-None-Match`) and `Cache-Control: public`
 *   with a max-age no longer than what is left of the server-side lifetime;
 * - a signed-in caller (`res.locals.accessToken`) gets the same bytes with
 *   `"AccessToken":"…"` added before the closing brace, without serialising the body
 *   again, and `Cache-Control: private, no-store`. Its gzip form is the prepared
 *   compressed body followed by one stored deflate block holding the token: one
 *   valid gzip member built by concatenation (no compression per request);
 * - any caller whose request carries credentials (`res.locals.privateAnswer`, set by
 *   ./private-answers.ts), even a token that turned out bad, gets `private, no-store` too,
 *   never an ETag or a 304;
 * - every answer says `Vary: Accept-Encoding, Authorization, Cookie`;
 * - the cache's keys are made by `preparedKey` (./prepared-key.ts) from the route and its whole
 *   parsed query, never by hand.
 */

const VARY = ['Accept-Encoding', ...SESSION_VARY];

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  // Weak comparison (RFC 9110 13.1.2): W/ is ignored on both sides.
  const bare = etag.slice(2);
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === etag || t === bare || t === `W/${bare}`;
  });
}

/** `Cache-Control` for a visitor's answer that may be kept `seconds`. */
export const publicFor = (seconds: number) => `public, max-age=${seconds}`;

function finish(res: Response, type: string, body: Buffer, encoding: Encoding): void {
  res.setHeader('Content-Type', type);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/** Sends a prepared body as the answer, shaped for this caller (see the file comment). */
export async function sendPrepared(
  req: Request,
  res: Response,
  body: PreparedBody,
  /** For a visitor: say `publicFor(seconds)`, or `no-store`. */
  cacheControl: string,
): Promise<void> {
  const token: unknown = res.locals.accessToken;
  const signedIn = typeof token === 'string';
  const isPrivate = signedIn || res.locals.privateAnswer === true;
  addVary(res, VARY);
  res.setHeader('Cache-Control', isPrivate ? PRIVATE : cacheControl);
  if (!isPrivate) {
    res.setHeader('ETag', body.etag);
    if (matchesEtag(req.headers['if-none-match'], body.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  const { encoding, bytes } = bytesFor(body, accepted, signedIn ? token : undefined);
  finish(res, body.contentType, Buffer.isBuffer(bytes) ? bytes : await bytes, encoding);
}

/**
 * Answers with a body that does not change while the process runs (health, the API docs), and
 * lets the fast lane answer the URL's next callers from `source` (by default, the same answer).
 */
export async function sendKept(
  req: Request,
  res: Response,
  answer: LaneAnswer,
  lane: FastLane | undefined,
  source: LaneSource = () => answer,
): Promise<void> {
  await sendPrepared(req, res, answer.body, answer.cacheControl);
  lane?.remember(req, res, source);
}

/** A body kept for the process's life, with its `Cache-Control`. */
export const keptAnswer = (value: unknown, cacheControl: string): LaneAnswer => ({
  body: new PreparedBody(value, 0, { articleIds: [] }, Infinity),
  cacheControl,
});
