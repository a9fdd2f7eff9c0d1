import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Dependency } from '../changes/index.js';
import type { Accepted, Encoding } from './accept-encoding.js';
import { JsonText } from '../lib/json-text.js';

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

/**
 * A prepared body is compressed once, so even a small one is worth it (an article: 717 B of JSON,
 * 506 B in brotli); below this size the encodings' framing outweighs what they save.
 */
const TOO_SMALL_TO_COMPRESS = 128;

/** How a body is sent to a caller who accepts `accepted`. */
export function encodingFor(body: PreparedBody, accepted: Accepted): Encoding {
  return body.bytes.length < TOO_SMALL_TO_COMPRESS ? 'identity' : accepted.preferred;
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
