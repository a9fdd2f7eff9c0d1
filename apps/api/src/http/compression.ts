import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * The public article routes answer from bytes compressed once (./prepared-response.ts);
 * compression's per-request wrapping would be pure overhead there (~8 % of such a request).
 */
const PREPARED =
  /^\/articles\/(getlatestarticles|getlatesttrendingarticles|getarticlebyid|getarticlebykeyword)$/;

/**
 * gzip or brotli (negotiated from Accept-Encoding) for the API's other JSON answers, from
 * 1 kB up. Mounted on the /api router.
 */
export function jsonCompression(): RequestHandler {
  const compress = compression({ threshold: 1024 });
  return (req, res, next) => (PREPARED.test(req.path) ? next() : compress(req, res, next));
}
