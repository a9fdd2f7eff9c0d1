import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import type { Changes, Dependency } from '../changes/index.js';
import { acceptedEncodings, type Accepted, type Encoding } from './accept-encoding.js';
import type { FastLane, LaneAnswer, LaneSource } from './fast-lane.js';
import type { PreparedKey } from './prepared-key.js';
import { addVary, PRIVATE, SESSION_VARY } from './private-answers.js';
import { JsonText } from '../lib/json-text.js';

/**
 * Public JSON answers served from prepared bytes (see ../modules/articles/README.md,
 * "Prepared responses"):
 *
 * - the body is serialised once per key and kept `ttlMs`, or until `articlesChanged()`;
 * - its gzip form is computed once (on first demand) and reused; its brotli form quickly on
 *   first demand, then harder once it is asked for again (see BROTLI_QUALITY_QUICK);
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

const deflateRaw = promisify(zlib.deflateRaw);
const brotliCompress = promisify(zlib.brotliCompress);

const GZIP_LEVEL = 6;
/**
 * A body's first brotli answer is quick (quality 1: ~0.12 ms for a 35 KB page, 16 % larger);
 * asked for again, it is compressed harder in the background (quality 5: ~0.7 ms, within 20 %
 * of quality 11's size, which takes ~40 ms) and served so from then on. Most search pages are
 * asked for once: they no longer pay for compression nobody reuses.
 */
const BROTLI_QUALITY_QUICK = 1;
const BROTLI_QUALITY = 5;

/** gzip member header: deflate, no flags, no mtime, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const CLOSING_BRACE = Buffer.from('}');

const VARY = ['Accept-Encoding', ...SESSION_VARY];
const JSON_TYPE = 'application/json; charset=utf-8';

/** A final stored (uncompressed) deflate block: BFINAL=1, BTYPE=00, LEN, NLEN, bytes. */
function finalStoredBlock(data: Buffer): Buffer {
  const len = data.length;
  const block = Buffer.allocUnsafe(5 + len);
  block[0] = 1;
  block.writeUInt16LE(len, 1);
  block.writeUInt16LE(~len & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

function gzipTrailer(crc: number, size: number): Buffer {
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 0x1_0000_0000, 4);
  return trailer;
}

/** A body that is not JSON (a page, a script): sent as it is, never with a token. */
export class PreparedText {
  constructor(
    readonly bytes: Buffer,
    readonly contentType: string,
  ) {}
}

/** One serialised body and its compressed forms. */
export class PreparedBody {
  readonly bytes: Buffer;
  readonly contentType: string;
  readonly etag: string;
  /** The body without its closing brace, and that part compressed (raw deflate ending in a sync flush). */
  private readonly head: Buffer;
  private readonly headCrc: number;
  private headDeflated?: Buffer | Promise<Buffer>;
  private gzipped?: Buffer;
  /** The smallest brotli form so far, and whether the harder one has been started. */
  private brotli?: Buffer;
  private brotliHarder = false;
  /** now() when its build started: its data is at most that old (stale-while-revalidate). */
  readAt = 0;
  /** On the cache's `clock`, when it must no longer be served (see RespondOptions.until). */
  until = Infinity;

  constructor(
    value: unknown,
    /** articlesVersion() when its data was read, and what it shows (see ../changes/changes.ts). */
    readonly version: number,
    readonly depends: Dependency,
    readonly expiresAt: number,
  ) {
    if (value instanceof PreparedText) {
      this.bytes = value.bytes;
      this.contentType = value.contentType;
    } else {
      this.bytes = value instanceof JsonText ? value.bytes : Buffer.from(JSON.stringify(value));
      this.contentType = JSON_TYPE;
      if (this.bytes.length < 2 || this.bytes[this.bytes.length - 1] !== 0x7d)
        throw new TypeError('a prepared body must be a JSON object');
    }
    this.etag = `W/"${crypto.createHash('sha1').update(this.bytes).digest('base64url')}"`;
    this.head = this.bytes.subarray(0, this.bytes.length - 1);
    this.headCrc = zlib.crc32(this.head);
  }

  private deflatedHead(): Buffer | Promise<Buffer> {
    this.headDeflated ??= deflateRaw(this.head, {
      level: GZIP_LEVEL,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
    }).then((bytes) => (this.headDeflated = bytes));
    return this.headDeflated;
  }

  /** gzip of the body followed by `suffix` (which ends the object), from the prepared head. */
  private gzipWith(head: Buffer, suffix: Buffer): Buffer {
    return Buffer.concat([
      GZIP_HEADER,
      head,
      finalStoredBlock(suffix),
      gzipTrailer(zlib.crc32(suffix, this.headCrc), this.head.length + suffix.length),
    ]);
  }

  gzip(): Buffer | Promise<Buffer> {
    if (this.gzipped) return this.gzipped;
    const head = this.deflatedHead();
    if (Buffer.isBuffer(head)) return (this.gzipped = this.gzipWith(head, CLOSING_BRACE));
    return head.then((bytes) => (this.gzipped = this.gzipWith(bytes, CLOSING_BRACE)));
  }

  br(): Buffer {
    if (!this.brotli) {
      this.brotli = zlib.brotliCompressSync(this.bytes, this.brotliOptions(BROTLI_QUALITY_QUICK));
    } else if (!this.brotliHarder) {
      this.brotliHarder = true;
      // A failure leaves the quick form in place, which is still a valid answer.
      brotliCompress(this.bytes, this.brotliOptions(BROTLI_QUALITY)).then(
        (bytes) => (this.brotli = bytes),
        () => undefined,
      );
    }
    return this.brotli;
  }

  private brotliOptions(quality: number): zlib.BrotliOptions {
    return {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.bytes.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    };
  }

  /** `,"AccessToken":"…"}`: what a signed-in caller's body ends with instead of `}`. */
  private tokenSuffix(token: string): Buffer {
    if (this.contentType !== JSON_TYPE) throw new TypeError('only a JSON body carries a token');
    const separator = this.head.length > 1 ? ',' : '';
    return Buffer.from(`${separator}"AccessToken":${JSON.stringify(token)}}`);
  }

  withToken(token: string): Buffer {
    return Buffer.concat([this.head, this.tokenSuffix(token)]);
  }

  gzipWithToken(token: string): Buffer | Promise<Buffer> {
    const suffix = this.tokenSuffix(token);
    if (suffix.length > 0xffff) throw new RangeError('token too long for one stored block');
    const head = this.deflatedHead();
    if (Buffer.isBuffer(head)) return this.gzipWith(head, suffix);
    return head.then((bytes) => this.gzipWith(bytes, suffix));
  }

  /** For a signed-in caller who accepts brotli but not gzip (rare): the whole body, quickly. */
  brWithToken(token: string): Buffer {
    return zlib.brotliCompressSync(this.withToken(token), {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_QUICK },
    });
  }
}

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

/**
 * A prepared body is compressed once, so even a small one is worth it (an article: 717 B of JSON,
 * 506 B in brotli); below this size the encodings' framing outweighs what they save.
 */
const TOO_SMALL_TO_COMPRESS = 128;

/** How a body is sent to a caller who accepts `accepted`. */
export function encodingFor(body: PreparedBody, accepted: Accepted): Encoding {
  return body.bytes.length < TOO_SMALL_TO_COMPRESS ? 'identity' : accepted.preferred;
}

/** `Cache-Control` for a visitor's answer that may be kept `seconds`. */
export const publicFor = (seconds: number) => `public, max-age=${seconds}`;

function finish(res: Response, type: string, body: Buffer, encoding: Encoding): void {
  res.setHeader('Content-Type', type);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/** The bytes of `body` for a caller who accepts `accepted` (and holds `token`), and their encoding. */
export function bytesFor(
  body: PreparedBody,
  accepted: Accepted,
  token?: string,
): { encoding: Encoding; bytes: Buffer | Promise<Buffer> } {
  const encoding = encodingFor(body, accepted);
  if (token === undefined) {
    if (encoding === 'identity') return { encoding, bytes: body.bytes };
    return { encoding, bytes: encoding === 'br' ? body.br() : body.gzip() };
  }
  if (encoding === 'identity') return { encoding, bytes: body.withToken(token) };
  // The token cannot be appended to a brotli stream: gzip when accepted, else compress once here.
  if (!accepted.gzip) return { encoding: 'br', bytes: body.brWithToken(token) };
  return { encoding: 'gzip', bytes: body.gzipWithToken(token) };
}

/** `Cache-Control` of a signed-in caller's answer, which holds their token. */
export { PRIVATE };

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

export interface PreparedCacheOptions {
  /** How long a body is kept; 0 builds every answer afresh (still compressed, still with an ETag). */
  ttlMs: number;
  /** Bodies kept at most (the oldest go first). */
  maxEntries?: number;
  /** Monotonic milliseconds; injectable for tests. */
  now?: () => number;
  /** Wall-clock milliseconds (the app's clock), for RespondOptions.until. */
  clock?: () => number;
  /** The app's change notices: a body is stale once a change it depends on is announced. */
  changes: Changes;
  /** Where a visitor's answer is remembered, so the URL's next visitors skip the stack (./fast-lane.ts). */
  lane?: FastLane;
}

export interface RespondOptions<T> {
  /**
   * Stale-while-revalidate for counter changes: a body made stale only by likes, saves, shares
   * or dislikes (never by a change of the set of articles or of a feed) is still served while its data is
   * younger than this; from half of it, the first such request starts one rebuild in the
   * background. Past it, callers wait for a fresh build. So under a stream of likes the body is
   * rebuilt about twice per `staleMs`, and the counts shown are never older than `staleMs`
   * (plus the TTL's bound for changes made through other instances). 0 (the default): never
   * served stale.
   */
  staleMs?: number;
  /**
   * A time on the cache's `clock` from which the built value must not be served any more
   * (a reader's feed that is due to be rebuilt), whatever the TTL says.
   */
  until?: (value: T) => number;
}

interface Flight {
  /** articlesVersion() when the build started: it sees every change announced before. */
  version: number;
  body: Promise<PreparedBody>;
  /** The one build that starts when this one ends, shared by every caller that needs newer data. */
  queued?: Promise<PreparedBody>;
}

/**
 * Prepared bodies by key (route and parsed query). At most one build per key runs at a time:
 * callers join it when it started after every change they must see, or when its body turns out
 * to show none of the changes since (or only counts within `staleMs`), otherwise they share the
 * single build queued behind it, so a stream of likes never starts a build per request.
 * A body is never served once a change it depends on was announced, except within a route's
 * `staleMs` (see RespondOptions).
 */
/** A cache of public answers: kept PUBLIC_CACHE_SECONDS, stale on the app's change notices. */
export function publicPreparedCache(
  deps: { config: { publicCacheSeconds: number }; changes: Changes },
  options: Omit<PreparedCacheOptions, 'ttlMs' | 'changes'> = {},
) {
  return createPreparedCache({
    ...options,
    ttlMs: deps.config.publicCacheSeconds * 1000,
    changes: deps.changes,
  });
}

export function createPreparedCache({
  ttlMs,
  maxEntries = 500,
  now = () => performance.now(),
  clock = () => Date.now(),
  changes,
  lane,
}: PreparedCacheOptions) {
  const { articlesVersion, moreThanCountsChangedSince, stillValid } = changes;
  const entries = new Map<string, PreparedBody>();
  const flights = new Map<string, Flight>();

  function start<T>(
    key: string,
    load: () => Promise<T>,
    dependsOn: (value: T) => Dependency,
    until?: (value: T) => number,
  ): Promise<PreparedBody> {
    const version = articlesVersion();
    const readAt = now();
    const body = load().then((value) => {
      const prepared = new PreparedBody(value, version, dependsOn(value), now() + ttlMs);
      prepared.readAt = readAt;
      if (until) prepared.until = until(value);
      if (ttlMs > 0) {
        entries.delete(key);
        entries.set(key, prepared);
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      return prepared;
    });
    const flight: Flight = { version, body };
    flights.set(key, flight);
    const done = () => {
      if (flights.get(key) === flight && !flight.queued) flights.delete(key);
    };
    body.then(done, done);
    return body;
  }

  function build<T>(
    key: string,
    load: () => Promise<T>,
    dependsOn: (value: T) => Dependency,
    staleMs: number,
    until?: (value: T) => number,
  ): Promise<PreparedBody> {
    const flight = flights.get(key);
    if (!flight) return start(key, load, dependsOn, until);
    // Joined when nothing changed since it started: a later caller must see the change.
    if (flight.version === articlesVersion()) return flight.body;
    // Something changed since it started, but perhaps nothing its body shows (a like on another
    // article), or only counts it may show stale: then its body will do, once built. Otherwise
    // the caller shares the single build queued behind it.
    const arrivedAt = now();
    const queued = () => {
      const settled = () => undefined;
      flight.queued ??= flight.body
        .then(settled, settled)
        .then(() => start(key, load, dependsOn, until));
      return flight.queued;
    };
    return flight.body.then((body) => {
      if (stillValid(body.version, body.depends)) return body;
      const age = arrivedAt - body.readAt;
      if (age < staleMs && !moreThanCountsChangedSince(body.version, body.depends)) return body;
      return queued();
    }, queued);
  }

  /**
   * The held body for `key` if it may be served: `stale` when only counters changed since and
   * its data is younger than `staleMs`; `revalidate` when it is old enough to be rebuilt now.
   */
  function lookup(
    key: string,
    staleMs: number,
  ): { body: PreparedBody; stale: boolean; revalidate: boolean } | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const at = now();
    if (entry.expiresAt > at && entry.until > clock()) {
      if (stillValid(entry.version, entry.depends))
        return { body: entry, stale: false, revalidate: false };
      const age = at - entry.readAt;
      if (age < staleMs && !moreThanCountsChangedSince(entry.version, entry.depends))
        return { body: entry, stale: true, revalidate: age >= staleMs / 2 };
    }
    entries.delete(key);
    return undefined;
  }

  const secondsLeft = (body: PreparedBody) =>
    Math.max(0, Math.floor((body.expiresAt - now()) / 1000));

  /** The held body for `key` while it is fresh (never a stale one), for the fast lane. */
  function peek(key: string): LaneAnswer | undefined {
    const body = entries.get(key);
    if (!body || body.expiresAt <= now() || body.until <= clock()) return undefined;
    if (!stillValid(body.version, body.depends)) return undefined;
    return { body, cacheControl: publicFor(secondsLeft(body)) };
  }

  return {
    /**
     * Answers with the prepared body for `key`, building it with `load` when missing or
     * stale; `dependsOn` names what the built value shows (which changes make it stale).
     * `T` is the body's type; `load` gives one, or the body already serialised (JsonText).
     */
    async respond<T, Loaded extends T | JsonText<T> = T>(
      req: Request,
      res: Response,
      /** From `preparedKey` (or the route context's): the route and its whole parsed query. */
      key: PreparedKey,
      load: () => Promise<Loaded>,
      dependsOn: (value: Loaded) => Dependency,
      { staleMs = 0, until }: RespondOptions<Loaded> = {},
    ): Promise<void> {
      const held = lookup(key, staleMs);
      if (held?.stale) {
        // The previous body (not cacheable downstream); one rebuild in the background.
        if (held.revalidate && !flights.has(key))
          start(key, load, dependsOn, until).catch(() => undefined);
        return sendPrepared(req, res, held.body, publicFor(0));
      }
      const body = held?.body ?? (await build(key, load, dependsOn, staleMs, until));
      // A body joined within its stale window is not cacheable downstream either.
      const fresh = stillValid(body.version, body.depends);
      await sendPrepared(req, res, body, publicFor(fresh ? secondsLeft(body) : 0));
      if (lane && fresh && ttlMs > 0) lane.remember(req, res, () => peek(key));
    },
    /** Bodies held now (for tests and diagnostics). */
    size: () => entries.size,
    clear: () => entries.clear(),
  };
}

export type PreparedCache = ReturnType<typeof createPreparedCache>;
