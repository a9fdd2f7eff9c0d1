import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Test helper: serves the fixture feeds on 127.0.0.1 (a real HTTP server, no mocks). */

export const FIXTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const NEWSDATA_REJECTED_KEY = 'rejected-key';

export interface FeedServer {
  url(pathname: string): string;
  /** Request URLs received, in order (path + query). */
  requests: string[];
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.xml': 'application/xml; charset=utf-8',
  '.json': 'application/json',
};

/**
 * Routes: /fixtures/<file> (a fixture file), /status/<code> (an empty reply
 * with that status), /slow (headers never sent), /huge (a 2 MB body),
 * /newsdata/latest (the NewsData fixture; 401 for NEWSDATA_REJECTED_KEY).
 */
export async function startFeedServer(): Promise<FeedServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    void route(url, res).catch(() => {
      res.statusCode = 404;
      res.end('not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function route(url: URL, res: http.ServerResponse): Promise<void> {
  const [, first, second] = url.pathname.split('/');
  if (first === 'fixtures' && second) return sendFixture(res, second);
  if (first === 'status') {
    res.statusCode = Number(second);
    res.end();
    return;
  }
  if (first === 'slow') return; // never answers
  if (first === 'huge') {
    res.setHeader('content-type', 'application/xml');
    res.end(
      `<rss version="2.0"><channel><title>${'x'.repeat(2 * 1024 * 1024)}</title></channel></rss>`,
    );
    return;
  }
  if (first === 'newsdata') {
    if (url.searchParams.get('apikey') === NEWSDATA_REJECTED_KEY) {
      res.statusCode = 401;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          status: 'error',
          results: { message: 'API key invalid', code: 'Unauthorized' },
        }),
      );
      return;
    }
    return sendFixture(res, 'newsdata-latest.json');
  }
  throw new Error('no route');
}

async function sendFixture(res: http.ServerResponse, name: string): Promise<void> {
  const body = await readFile(path.join(FIXTURES_DIR, path.basename(name)));
  res.setHeader('content-type', CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream');
  res.end(body);
}
