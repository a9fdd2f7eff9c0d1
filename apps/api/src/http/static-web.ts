import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import type { ServerResponse } from 'node:http';
import express, { type Express, type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { isPagePath } from '@lede/shared';
import type { Config } from '../config.js';
import { SERVICE_WORKER_CONTENT_SECURITY_POLICY } from './security-headers.js';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PUBLIC_DIR = path.join(packageRoot, 'public');
const DEFAULT_WEB_DIST = path.resolve(packageRoot, '../web/dist');

/** Vite writes content-hashed file names under /assets/: a new build never reuses a name. */
const ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Everything else (index.html, which names the current assets; favicon and the
 * other files of apps/web/public, whose names never change): asked again each time, answered
 * 304 while unchanged, so a new build is seen at once. So are the service worker (/sw.js) and
 * the web app manifest (application/manifest+json, by its extension): a new build's worker is
 * never held back by a cached copy.
 */
const REVALIDATE = 'no-cache';

/**
 * The web build's page per screen (`pages/<name>.html`: index.html that also preloads the screen's
 * code), served for the screen's paths; any other page of the app gets index.html, and an address
 * that is none of them (PAGE_PATHS) index.html with 404.
 */
const PAGES_DIR = 'pages';

function routePages(webDist: string): Set<string> {
  const dir = path.join(webDist, PAGES_DIR);
  if (!existsSync(dir)) return new Set();
  return new Set(
    readdirSync(dir)
      .filter((file) => file.endsWith('.html'))
      .map((file) => file.slice(0, -'.html'.length)),
  );
}

const notFound: RequestHandler = (_req, res) => {
  res.sendStatus(404);
};

/**
 * A page the client router shows: no file extension in the last segment, and not under
 * /api, /assets or /media. Anything else that is missing is a 404, never index.html.
 */
export function isNavigation(urlPath: string): boolean {
  if (/^\/(api|assets|media)(\/|$)/.test(urlPath)) return false;
  const last = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/** Cache-Control by where the file sits in the build: hashed under assets/, or not. */
const cacheControlIn =
  (webDist: string) =>
  (res: ServerResponse, filePath: string): void => {
    const hashed = path.relative(webDist, filePath).startsWith(`assets${path.sep}`);
    res.setHeader('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
  };

/**
 * Everything the app serves outside /api: `before` (the profile module's stored avatars), the
 * bundled images under /media, and the built web client (WEB_DIST). Pre-compressed `.br` /
 * `.gz` files beside the built ones (the web build writes them) are sent when the client
 * accepts them.
 */
export function serveStaticWeb(
  app: Express,
  config: Pick<Config, 'webDist'>,
  before: RequestHandler[] = [],
): void {
  if (before.length > 0) app.use(before);
  app.use(
    '/media',
    compression(),
    express.static(path.join(PUBLIC_DIR, 'media'), { index: false, maxAge: '7d' }),
    notFound,
  );

  const webDist = config.webDist ? path.resolve(config.webDist) : DEFAULT_WEB_DIST;
  if (!existsSync(path.join(webDist, 'index.html'))) return;
  const webStatic = expressStaticGzip(webDist, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      cacheControl: false,
      setHeaders: cacheControlIn(webDist),
    },
  });
  app.get('/sw.js', (_req, res, next) => {
    res.set('Content-Security-Policy', SERVICE_WORKER_CONTENT_SECURITY_POLICY);
    next();
  });
  app.use(webStatic);
  app.use(ASSETS_PREFIX, notFound);
  const pages = routePages(webDist);
  app.get(/.*/, (req, res, next) => {
    if (!isNavigation(req.path)) return next();
    const known = isPagePath(req.path);
    // An address no page of the app answers: the client shows its not-found page, under a 404.
    if (!known) res.status(404);
    const segment = req.path.split('/')[1] ?? '';
    req.url = known && pages.has(segment) ? `/${PAGES_DIR}/${segment}.html` : '/index.html';
    webStatic(req, res, next);
  });
  app.use((req, res, next) => (/^\/api(\/|$)/.test(req.path) ? next() : notFound(req, res, next)));
}
