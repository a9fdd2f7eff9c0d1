import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { acceptedEncodings, type Encoding } from './accept-encoding.js';
import { encodingFor, type PreparedBody } from './prepared-response.js';
import { assignRequestId } from './request-id.js';

/** What a remembered URL answers now: a fresh prepared body and its `Cache-Control`. */
export interface LaneAnswer {
  body: PreparedBody;
  cacheControl: string;
}

/** Gives the URL's answer now, at once or after a check (health's ping); none: the stack answers. */
export type LaneSource = () => LaneAnswer | undefined | Promise<LaneAnswer | undefined>;

export interface FastLaneOptions {
  /** Whether a request may carry a session (a bearer token, a refresh cookie): the stack decides those. */
  mayCarrySession(headers: IncomingHttpHeaders): boolean;
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
  overHttps: boolean;
  /** The headers the stack gave this URL's answer that do not depend on the body (flat pairs). */
  headers: string[];
  answer: LaneSource;
  /** The header block last written for each encoding (its body's length decides), and their body. */
  blocks: Partial<Record<Encoding, { length: number; block: string[] }>>;
  blocksFor?: PreparedBody;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export interface FastLane {
  /** Mounted first on the app. */
  handler: RequestHandler;
  /**
   * After the stack answered `req` with a prepared body: lets the lane answer this URL's next
   * visitors while `answer` gives a body. Only a visitor's plain 200 GET that set no cookie is
   * remembered.
   */
  remember(req: Request, res: Response, answer: LaneSource): void;
  /** URLs remembered now (for tests and diagnostics). */
  size(): number;
}

/** Node has it on every outgoing message; its types only on the client's. */
type WithRawHeaderNames = Response & { getRawHeaderNames(): string[] };

/**
 * The fast lane: a visitor's GET of a URL whose answer is a prepared body (./prepared-response.ts)
 * is answered before the middleware stack, with the headers the stack gave that URL's last
 * answer, the body's own, one request id, one metrics observation and one log line. The stack
 * remembers a URL (`remember`) once it has answered it to a visitor from a fresh body. Anything
 * else goes through the stack as before: another method, credentials of any kind,
 * `If-None-Match`, a body that is no longer fresh (or whose compressed form is still being made),
 * a URL not remembered. The stack's work around such an answer (~60 µs: request id, security
 * headers, CORS, routing, parsing and validating the query, the cache lookup) depends on
 * nothing but the URL, so doing it once per URL gives the same bytes.
 */
export function createFastLane({
  mayCarrySession,
  overHttps,
  observe,
  log,
  maxEntries = 1000,
}: FastLaneOptions): FastLane {
  const entries = new Map<string, Entry>();

  function blockFor(entry: Entry, body: PreparedBody, encoding: Encoding, length: number) {
    if (entry.blocksFor !== body) {
      entry.blocks = {};
      entry.blocksFor = body;
    }
    // A body's brotli bytes are replaced by smaller ones once asked for twice: the length decides.
    const kept = entry.blocks[encoding];
    if (kept?.length === length) return kept.block;
    const block = [...entry.headers, 'ETag', body.etag, 'Content-Type', JSON_TYPE];
    if (encoding !== 'identity') block.push('Content-Encoding', encoding);
    block.push('Content-Length', String(length));
    entry.blocks[encoding] = { length, block };
    return block;
  }

  function serve(
    entry: Entry,
    held: LaneAnswer | undefined,
    req: Request,
    res: Response,
    next: NextFunction,
    startedAt: number,
  ) {
    if (!held) {
      entries.delete(req.url);
      return next();
    }
    const { body } = held;
    const encoding = encodingFor(body, acceptedEncodings(req.headers['accept-encoding']));
    const bytes = encoding === 'identity' ? body.json : encoding === 'br' ? body.br() : body.gzip();
    if (!Buffer.isBuffer(bytes)) return next();
    const block = blockFor(entry, body, encoding, bytes.length);
    res.writeHead(200, [
      ...block,
      'Cache-Control',
      held.cacheControl,
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
    if (headers['if-none-match'] !== undefined || mayCarrySession(headers)) return next();
    if (overHttps(req) !== entry.overHttps) return next();
    const held = entry.answer();
    if (!(held instanceof Promise)) return serve(entry, held, req, res, next, startedAt);
    held.then(
      (answer) => serve(entry, answer, req, res, next, startedAt),
      () => next(),
    );
  };

  return {
    handler,
    remember(req, res, answer) {
      if (req.method !== 'GET' || res.statusCode !== 200 || !req.route) return;
      if (mayCarrySession(req.headers) || res.hasHeader('set-cookie')) return;
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
      entries.set(url, { route, overHttps: overHttps(req), headers, answer, blocks: {} });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    size: () => entries.size,
  };
}
