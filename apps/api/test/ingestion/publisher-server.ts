import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test helper: a real HTTP server on 127.0.0.1 standing in for news publishers (no mocks). Each
 * path answers what the test set with `route` (404 otherwise), or never answers (`'hang'`).
 */

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

export interface PublisherServer {
  url(path: string): string;
  /** Every request received, in order. */
  requests: SeenRequest[];
  /** What `path` answers from now on: fixed, computed per request, or never. */
  route(path: string, answer: Answer | ((req: SeenRequest) => Answer) | 'hang'): void;
  /** The GET requests of `path` (the reachability check sends HEAD). */
  gets(path: string): SeenRequest[];
  close(): Promise<void>;
}

export async function startPublisherServer(): Promise<PublisherServer> {
  const requests: SeenRequest[] = [];
  const routes = new Map<string, Answer | ((req: SeenRequest) => Answer) | 'hang'>();
  const server = http.createServer((req, res) => {
    const seen = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers };
    requests.push(seen);
    const route = routes.get(new URL(seen.path, 'http://x').pathname);
    if (route === 'hang') return; // the connection stays open, unanswered
    const answer = typeof route === 'function' ? route(seen) : (route ?? { status: 404 });
    res.writeHead(answer.status ?? 200, {
      'content-type': 'application/rss+xml; charset=utf-8',
      ...answer.headers,
    });
    res.end(seen.method === 'HEAD' ? undefined : (answer.body ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    route: (path, answer) => void routes.set(path, answer),
    gets: (path) => requests.filter((r) => r.method === 'GET' && r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Story {
  title: string;
  link: string;
  description?: string;
  /** RSS date (RFC 822) or ISO 8601. */
  pubDate?: string;
  categories?: string[];
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An RSS 2.0 document with these items. */
export function rss(title: string, site: string, stories: readonly Story[]): string {
  const items = stories
    .map(
      (s) =>
        `<item><title>${escape(s.title)}</title><link>${escape(s.link)}</link>` +
        `<description>${escape(s.description ?? '')}</description>` +
        (s.pubDate ? `<pubDate>${escape(s.pubDate)}</pubDate>` : '') +
        (s.categories ?? []).map((c) => `<category>${escape(c)}</category>`).join('') +
        '</item>',
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${escape(title)}</title><link>${escape(site)}</link>\n${items}\n</channel></rss>`;
}
