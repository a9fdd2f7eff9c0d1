import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { acceptedEncodings, type Encoding } from './accept-encoding.js';
import { bytesFor, type PreparedBody } from './prepared-body.js';
import { PRIVATE } from './private-answers.js';
import { assignRequestId } from './request-id.js';

/** What a remembered URL answers now: a fresh prepared body and its `Cache-Control`. */
export interface LaneAnswer {
  body: PreparedBody;
  cacheControl: string;
}

/** Gives the URL's answer now, at once or after a check (health's ping); none: the stack answers. */
export type LaneSource = () => LaneAnswer | undefined | Promise<LaneAnswer | undefined>;

export interface FastLaneOptions {
  /** Whether a request may carry a session (a bearer token, a refresh cookie). */
  mayCarrySession(headers: IncomingHttpHeaders): boolean;
  /**
   * For a request that may carry a session: the access token its answer carries, when that can
   * be told at once from what the process keeps; otherwise undefined and the stack decides.
   */
  keptAccessToken(req: Request): string | undefined;
  /** Whether the stack would treat this request as reaching the app over HTTPS (its headers differ). */
  overHttps(req: Request): boolean;
  /** Counts and times an answer given here, as the stack's request metrics do. */
  observe(labels: { method: string; route: string; status: string }, seconds: number): void;
  /** Logs an answer given here, as the stack's request log does. */
  log(req: Request, statusCode: number, startedAt: number): void;
  /** URLs remembered at most (the oldest go first). */
  maxEntries?: number;
}

/** Headers that belong to one answer, not to the URL: the lane writes its own. */
const PER_ANSWER = new Set([
  'x-request-id',
  'cache-control',
  'etag',
  'content-type',
  'content-encoding',
  'content-length',
  'date',
]);

interface Entry {
  /** The route pattern, as the request metrics label it. */
  route: string;
  /** A route for anyone (health, OpenAPI): a session changes nothing in its answer. */
  anyCaller: boolean;
  overHttps: boolean;
  /** The headers the stack gave this URL's answer that do not depend on the body (flat pairs). */
  headers: string[];
  answer: LaneSource;
  /** The header block last written per encoding and caller (its body's length decides), and their body. */
  blocks: Partial<Record<BlockKind, { length: number; block: string[] }>>;
  blocksFor?: PreparedBody;
}

type BlockKind = Encoding | `${Encoding} private`;

export interface FastLane {
  /** Mounted first on the app. */
  handler: RequestHandler;
  /**
   * After the stack answered `req` with a prepared body: lets the lane answer this URL's next
   * callers while `answer` gives a body. Only a 200 GET of a route of the table open to
   * visitors, that set no cookie, is remembered.
   */
  remember(req: Request, res: Response, answer: LaneSource): void;
  /** URLs remembered now (for tests and diagnostics). */
  size(): number;
}

/** Node has it on every outgoing message; its types only on the client's. */
type WithRawHeaderNames = Response & { getRawHeaderNames(): string[] };

/**
 * The fast lane: a GET of a URL whose answer is a prepared body (./prepared-response.ts) is
 * answered before the middleware stack, with the headers the stack gave that URL's last answer,
 * the body's own, one request id, one metrics observation and one log line. The stack remembers
 * a URL (`remember`) once it has answered it from a fresh body. A reader whose
 * bearer token, reader and session the process knows to be good (`keptAccessToken`) gets the
 * same body with the token appended, as the stack would give it. Any request that carries
 * credentials (a route for anyone's included) is answered privately: `Cache-Control: private,
 * no-store`, no ETag, as the stack does (./private-answers.ts). Anything else goes through the
 * stack as before: another method, a session that must be looked up, `If-None-Match`, another
 * scheme, a body that is no longer fresh (or whose compressed form is still being made), a URL
 * not remembered. The stack's work around such an answer (~60 µs: request id, security headers,
 * CORS, routing, parsing and validating the query, the cache lookup) depends on nothing but the
 * URL and the caller, so doing it once per URL gives the same bytes.
 */
export function createFastLane({
  mayCarrySession,
  keptAccessToken,
  overHttps,
  observe,
  log,
  maxEntries = 1000,
}: FastLaneOptions): FastLane {
  const entries = new Map<string, Entry>();

  /** The headers of an answer: the URL's, then the body's (a private answer has no ETag). */
  function blockFor(
    entry: Entry,
    body: PreparedBody,
    encoding: Encoding,
    length: number,
    isPrivate: boolean,
  ) {
    if (entry.blocksFor !== body) {
      entry.blocks = {};
      entry.blocksFor = body;
    }
    const kind: BlockKind = isPrivate ? `${encoding} private` : encoding;
    // A body's brotli bytes are replaced by smaller ones once asked for twice: the length decides.
    const kept = entry.blocks[kind];
    if (kept?.length === length) return kept.block;
    const block = [...entry.headers, 'Content-Type', body.contentType];
    if (!isPrivate) block.push('ETag', body.etag);
    if (encoding !== 'identity') block.push('Content-Encoding', encoding);
    block.push('Content-Length', String(length));
    entry.blocks[kind] = { length, block };
    return block;
  }

  function serve(
    entry: Entry,
    held: LaneAnswer | undefined,
    token: string | undefined,
    /** The request carries credentials: private, as the stack answers it (./private-answers.ts). */
    isPrivate: boolean,
    req: Request,
    res: Response,
    next: NextFunction,
    startedAt: number,
  ) {
    if (!held) {
      entries.delete(req.url);
      return next();
    }
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const { encoding, bytes } = bytesFor(held.body, accepted, token);
    if (!Buffer.isBuffer(bytes)) return next();
    res.writeHead(200, [
      ...blockFor(entry, held.body, encoding, bytes.length, isPrivate),
      'Cache-Control',
      isPrivate ? PRIVATE : held.cacheControl,
      'X-Request-Id',
      assignRequestId(req),
    ]);
    res.end(bytes);
    observe(
      { method: 'GET', route: entry.route, status: '200' },
      (performance.now() - startedAt) / 1000,
    );
    log(req, 200, startedAt);
  }

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET') return next();
    const entry = entries.get(req.url);
    if (!entry) return next();
    const startedAt = performance.now();
    const headers = req.headers;
    let token: string | undefined;
    // A request with credentials gets a private answer (never a 304), even on a route for
    // anyone; on another route, only when its token is known good at once.
    const isPrivate = mayCarrySession(headers);
    if (isPrivate) {
      if (!entry.anyCaller) {
        token = keptAccessToken(req);
        if (token === undefined) return next();
      }
    } else if (headers['if-none-match'] !== undefined) return next();
    if (overHttps(req) !== entry.overHttps) return next();
    const held = entry.answer();
    if (!(held instanceof Promise))
      return serve(entry, held, token, isPrivate, req, res, next, startedAt);
    held.then(
      (answer) => serve(entry, answer, token, isPrivate, req, res, next, startedAt),
      () => next(),
    );
  };

  return {
    handler,
    remember(req, res, answer) {
      const access = req.tableRoute?.access;
      if (req.method !== 'GET' || res.statusCode !== 200 || !req.route) return;
      if (access === undefined || access === 'signedIn' || res.hasHeader('set-cookie')) return;
      // A signed-in caller's answer has the same headers as a visitor's but for the per-answer
      // ones (test/fast-lane.test.ts checks it); its body (with their token) is never kept.
      const headers: string[] = [];
      for (const name of (res as WithRawHeaderNames).getRawHeaderNames()) {
        if (PER_ANSWER.has(name.toLowerCase())) continue;
        const value = res.getHeader(name);
        if (Array.isArray(value)) for (const v of value) headers.push(name, v);
        else if (value !== undefined) headers.push(name, String(value));
      }
      const route = `${req.baseUrl.toLowerCase()}${(req.route as { path: string }).path}`;
      const url = req.originalUrl;
      entries.delete(url);
      entries.set(url, {
        route,
        anyCaller: access === 'visitor',
        overHttps: overHttps(req),
        headers,
        answer,
        blocks: {},
      });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    size: () => entries.size,
  };
}
