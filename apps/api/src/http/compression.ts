import zlib from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import { acceptedEncodings } from './accept-encoding.js';

/**
 * The public article routes, health and the API docs answer from bytes compressed once
 * (./prepared-response.ts); any per-request wrapping would be pure overhead there (~8 % of such
 * a request).
 */
const PREPARED =
  /^\/(articles\/(getlatestarticles|getlatesttrendingarticles|getarticlebyid|getarticlebykeyword|getrelatedarticles)|openapi\.json|health(\/live|\/ready)?|docs(\/(init\.js|viewer\.js|viewer\.css))?)$/;

/** Smaller bodies go as they are: compressing them saves less than the header costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli quality for answers compressed per request (a reader's feed, ~26 kB of JSON): quality 2
 * takes about half of quality 4 for a body 3 % larger (0.22 ms against 0.42 ms, one shot).
 */
const PER_REQUEST_BROTLI_QUALITY = 2;
const PER_REQUEST_GZIP_LEVEL = 6;
/** Up to this size a body is compressed at once on the event loop (~0.2 ms for 26 kB); above, on libuv's pool. */
const SYNC_LIMIT = 128 * 1024;

const COMPRESSIBLE =
  /^(application\/(json|javascript|xml|[\w.+-]+\+(json|xml))|text\/|image\/svg)/i;

type Encoding = 'br' | 'gzip';

function brotliOptions(size: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

function compressSync(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, brotliOptions(body.length))
    : zlib.gzipSync(body, { level: PER_REQUEST_GZIP_LEVEL });
}

function compressAsync(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, bytes: Buffer) => (err ? reject(err) : resolve(bytes));
    if (encoding === 'br') zlib.brotliCompress(body, brotliOptions(body.length), done);
    else zlib.gzip(body, { level: PER_REQUEST_GZIP_LEVEL }, done);
  });
}

/** Whether this answer may be compressed at all (then caches must key on Accept-Encoding). */
function compressibleAnswer(res: Response): boolean {
  const type = res.getHeader('Content-Type');
  if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return false;
  const cacheControl = res.getHeader('Cache-Control');
  return !(
    typeof cacheControl === 'string' && /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(cacheControl)
  );
}

/**
 * Compresses an answer handed over whole (`res.end(body)`, which is what `res.json` and
 * `res.send` do) in one call: no stream, no per-request compressor kept alive across turns of
 * the event loop. Streams of compressors (what the `compression` package makes for every
 * answer) hold brotli's buffers until the answer is written; under `pnpm bench load` their
 * external memory made V8 run a full mark-compact every ~150 ms ("external memory pressure").
 * An answer written in parts (`res.write`) goes out as it is.
 */
function compressWhole(req: Request, res: Response): void {
  const end = res.end;
  const write = res.write;
  let streamed = false;
  res.write = function (this: Response, ...args: Parameters<Response['write']>) {
    streamed = true;
    return write.apply(this, args);
  } as Response['write'];
  res.end = function (this: Response, ...args: unknown[]) {
    res.end = end;
    res.write = write;
    const [chunk, encodingOrCallback, callback] = args;
    const pass = () => (end as (...a: unknown[]) => Response).apply(this, args);
    if (streamed || res.headersSent || chunk == null || typeof chunk === 'function') return pass();
    if (!compressibleAnswer(res)) return pass();
    res.vary('Accept-Encoding');
    const status = res.statusCode;
    if (req.method === 'HEAD' || status === 204 || status === 304 || status < 200) return pass();
    if (res.getHeader('Content-Encoding')) return pass();
    const body = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(
            chunk,
            typeof encodingOrCallback === 'string'
              ? (encodingOrCallback as BufferEncoding)
              : 'utf8',
          )
        : undefined;
    if (!body || body.length < COMPRESSION_THRESHOLD) return pass();
    const encoding = acceptedEncodings(req.headers['accept-encoding']).preferred;
    if (encoding === 'identity') return pass();
    const cb = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    const send = (bytes: Buffer) => {
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', bytes.length);
      return (end as (...a: unknown[]) => Response).call(this, bytes, cb);
    };
    if (body.length <= SYNC_LIMIT) return send(compressSync(body, encoding));
    compressAsync(body, encoding).then(send, (err: unknown) => {
      res.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return this;
  } as Response['end'];
}

/**
 * gzip or brotli (negotiated from Accept-Encoding, q-values honoured, brotli on a tie) for the
 * API's JSON answers from 1 kB up, compressed in one call when the answer is complete. Mounted
 * on the /api router.
 */
export function jsonCompression(): RequestHandler {
  return (req, res, next) => {
    if (PREPARED.test(req.path)) return next();
    compressWhole(req, res);
    next();
  };
}
