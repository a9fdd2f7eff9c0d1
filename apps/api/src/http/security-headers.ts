import type { Request, RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

/**
 * Whether the reader reached the app over HTTPS: the public origin says so, or this request
 * arrived over TLS. `req.secure` believes `X-Forwarded-Proto` only when `trust proxy` is on.
 */
export function isHttpsOrigin(req: Request, config: Pick<Config, 'appOrigin'>): boolean {
  return /^https:/i.test(config.appOrigin) || req.secure;
}

const directives = {
  'img-src': ["'self'", 'data:', 'https:'],
  'connect-src': ["'self'", 'https://api.cloudinary.com'],
};
/**
 * The API docs page (/api/docs) only: its viewer runs its search in a worker made from a blob
 * and sets styles inline. Every other page keeps helmet's policy above.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');
const crossOriginResourcePolicy: HelmetOptions['crossOriginResourcePolicy'] = {
  policy: 'same-site',
};

/**
 * Helmet's headers, minus HSTS and `upgrade-insecure-requests` when the app is served over
 * plain HTTP (say http://<lan-ip>:3000): there they would send the browser to an HTTPS port
 * nobody listens on, and the page would load without its scripts and styles.
 */
export function securityHeaders(config: Pick<Config, 'appOrigin'>): RequestHandler {
  const overHttps = helmet({
    contentSecurityPolicy: { directives },
    crossOriginResourcePolicy,
  });
  const overHttp = helmet({
    contentSecurityPolicy: { directives: { ...directives, 'upgrade-insecure-requests': null } },
    strictTransportSecurity: false,
    crossOriginResourcePolicy,
  });
  return (req, res, next) => (isHttpsOrigin(req, config) ? overHttps : overHttp)(req, res, next);
}
