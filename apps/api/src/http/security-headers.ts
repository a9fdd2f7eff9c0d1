import type { Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

/**
 * Whether the reader reached the app over HTTPS: the public origin says so, or this request
 * arrived over TLS. `req.secure` believes `X-Forwarded-Proto` only when `trust proxy` is on.
 */
export function isHttpsOrigin(req: Request, config: Pick<Config, 'appOrigin'>): boolean {
  return /^https:/i.test(config.appOrigin) || req.secure;
}

/**
 * The pages' whole policy, written out rather than merged into helmet's defaults (which allow
 * fonts and styles from any https origin): only what the web client loads or calls.
 * - connect-src: its own origin alone. A profile picture is uploaded to the API, which talks to
 *   Cloudinary itself (the browser never calls api.cloudinary.com).
 * - img-src: article pictures and source icons come from any news site over https, profile
 *   pictures from Cloudinary's https host; a picture's preview is a data: URL.
 * - style-src: the bundle's stylesheet, and the <style> elements the toasts (goober) and
 *   dialogs inject, hence 'unsafe-inline'. No web fonts: the system's.
 */
const directives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'upgrade-insecure-requests': [],
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
  // The viewer's own icons are data: URLs; it loads no validator badge (validatorUrl: null).
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');
/**
 * The service worker's own policy (sent with /sw.js, which the worker runs under): the pages'
 * connect-src plus any https origin, so that it can keep the pictures of saved articles, which
 * live on news sites, for reading offline (apps/web/src/sw.ts). It runs only the build's code.
 */
export const SERVICE_WORKER_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "connect-src 'self' https:",
  "object-src 'none'",
  "base-uri 'self'",
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
  const overHttps = staticHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives },
      crossOriginResourcePolicy,
    }),
  );
  const overHttp = staticHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { ...directives, 'upgrade-insecure-requests': null },
      },
      strictTransportSecurity: false,
      crossOriginResourcePolicy,
    }),
  );
  return (req, res, next) => {
    (isHttpsOrigin(req, config) ? overHttps : overHttp)(res);
    next();
  };
}

interface HeaderRecorder {
  set: [string, string | number | readonly string[]][];
  removed: string[];
}

/**
 * Helmet's answer depends on nothing in the request (no nonces, no function directives): run
 * it once against a recorder and replay the headers it set, and the ones it removed, on every
 * answer, instead of its chain of a dozen middleware each time.
 */
function staticHeaders(middleware: RequestHandler): (res: Response) => void {
  const recorded: HeaderRecorder = { set: [], removed: [] };
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      recorded.set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      recorded.removed.push(name);
    },
  };
  let synchronous = false;
  middleware({} as Request, recorder as unknown as Response, (err?: unknown) => {
    if (err) throw err;
    synchronous = true;
  });
  if (!synchronous) throw new Error('helmet did not answer at once: its headers are not static');
  const { set, removed } = recorded;
  return (res) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
  };
}
