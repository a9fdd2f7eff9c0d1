import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * gzip or brotli (negotiated from Accept-Encoding) for the API's other JSON answers, from
 * 1 kB up. Prepared responses (./prepared-response.ts) set their own Content-Encoding from
 * bytes compressed once, and this middleware leaves an encoded answer alone.
 */
export function jsonCompression(): RequestHandler {
  return compression({ threshold: 1024 });
}
