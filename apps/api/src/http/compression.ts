import zlib from 'node:zlib';
import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * The public article routes answer from bytes compressed once (./prepared-response.ts);
 * compression's per-request wrapping would be pure overhead there (~8 % of such a request).
 */
const PREPARED =
  /^\/articles\/(getlatestarticles|getlatesttrendingarticles|getarticlebyid|getarticlebykeyword)$/;

/**
 * Brotli quality for answers compressed per request (a reader's feed, ~10 kB): quality 2 takes
 * about half of compression's default 4 for a body 4 % larger. Under `pnpm bench load`,
 * per-request compression was ~6 % of the API's CPU.
 */
const PER_REQUEST_BROTLI_QUALITY = 2;

/**
 * gzip or brotli (negotiated from Accept-Encoding) for the API's other JSON answers, from
 * 1 kB up. Mounted on the /api router.
 */
export function jsonCompression(): RequestHandler {
  const compress = compression({
    threshold: 1024,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY } },
  });
  return (req, res, next) => (PREPARED.test(req.path) ? next() : compress(req, res, next));
}
