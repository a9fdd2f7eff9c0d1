import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MESSAGES } from '@lede/shared';
import type { AppDeps } from '../../deps.js';
import type { FastLane, LaneAnswer } from '../../http/fast-lane.js';
import { PreparedText } from '../../http/prepared-body.js';
import { publicPreparedCache } from '../../http/prepared-cache.js';
import { keptAnswer, sendKept } from '../../http/prepared-response.js';
import type { RouteRegistrar } from '../../http/route.js';
import { ApiError } from '../../lib/errors.js';
import { DOCS_CONTENT_SECURITY_POLICY } from '../../http/security-headers.js';
import { openApiDocument } from './openapi.js';

/** The viewer: Swagger UI's prebuilt bundle, served from node_modules (package swagger-ui-dist, no dependencies of its own). */
export const VIEWER_PACKAGE = 'swagger-ui-dist';
const VIEWER_FILES = {
  'viewer.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'viewer.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
} as const;
/** The viewer's files change only with the installed package: a day in the browser's cache. */
const VIEWER_CACHE_CONTROL = 'public, max-age=86400';
/** The page and its start script: revalidated each time (a 304 with their ETag). */
const PAGE_CACHE_CONTROL = 'no-cache';

function resolveViewerDir(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve(`${VIEWER_PACKAGE}/package.json`));
  } catch {
    return undefined;
  }
}

// External scripts only: the CSP allows no inline script, on this page as everywhere.
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Lede API</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="stylesheet" href="/api/docs/viewer.css" />
  </head>
  <body>
    <noscript>The API description is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
    <main id="api-reference"></main>
    <script src="/api/docs/viewer.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;
const INIT = `if (typeof SwaggerUIBundle === 'undefined') {
  document.getElementById('api-reference').innerHTML =
    'The viewer is not installed: read <a href="/api/openapi.json">/api/openapi.json</a>.';
} else {
  SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#api-reference',
    deepLinking: true,
    validatorUrl: null,
  });
}
`;

/**
 * /api/openapi.json (generated from the route table) and /api/docs, which renders it. The
 * document (about 320 kB of JSON) is answered from prepared bytes, as the public lists are:
 * serialised and compressed once per lifetime instead of on every request; the page, its script
 * and the viewer's files are kept, compressed once, for the process's life.
 */
export function docsRoutes(
  routes: RouteRegistrar,
  deps: Pick<AppDeps, 'config' | 'changes'>,
  lane?: FastLane,
): void {
  let document: ReturnType<typeof openApiDocument> | undefined;
  const prepared = publicPreparedCache(deps, { maxEntries: 1, lane });
  routes.custom('GET /api/openapi.json', ({ req, res, preparedKey }) =>
    prepared.respond(
      req,
      res,
      preparedKey(),
      async () => (document ??= openApiDocument()),
      // It shows no article: only a change of the whole set (or its lifetime) rebuilds it.
      () => ({ articleIds: [] }),
    ),
  );

  const page = keptAnswer(
    new PreparedText(Buffer.from(PAGE), 'text/html; charset=utf-8'),
    PAGE_CACHE_CONTROL,
  );
  const init = keptAnswer(
    new PreparedText(Buffer.from(INIT), 'text/javascript; charset=utf-8'),
    PAGE_CACHE_CONTROL,
  );
  routes.custom('GET /api/docs', ({ req, res }) => {
    res.set('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY);
    return sendKept(req, res, page, lane);
  });
  routes.custom('GET /api/docs/init.js', ({ req, res }) => sendKept(req, res, init, lane));

  // Read once, on first demand, and compressed once: about 1.4 MB of script.
  const viewerDir = resolveViewerDir();
  for (const [name, { file, type }] of Object.entries(VIEWER_FILES)) {
    let answer: Promise<LaneAnswer> | undefined;
    routes.custom(
      `GET /api/docs/${name}` as `GET /api/docs/${keyof typeof VIEWER_FILES}`,
      async ({ req, res }) => {
        if (!viewerDir) throw ApiError.notFound(MESSAGES.errors.notFound);
        // A failed read is tried again by the next request, as sending the file each time was.
        answer ??= readFile(join(viewerDir, file)).then(
          (bytes) => keptAnswer(new PreparedText(bytes, type), VIEWER_CACHE_CONTROL),
          (err: unknown) => {
            answer = undefined;
            throw err;
          },
        );
        await sendKept(req, res, await answer, lane);
      },
    );
  }
}
