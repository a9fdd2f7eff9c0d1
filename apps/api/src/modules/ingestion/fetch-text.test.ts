import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FETCH_LIMITS, fetchText, SourceFetchError } from './fetch-text.js';
import type { FetchFn } from './fetch.types.js';
import { createPublicOnlyDispatcher, type ResolveHost } from './public-network.js';

interface TestServer {
  url(pathname: string): string;
  /** Requests received, as paths. */
  hits: string[];
}

const open: http.Server[] = [];
afterEach(async () => {
  for (const server of open.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A real HTTP server on 127.0.0.1; `redirects` maps a path to the Location it answers with. */
async function startServer(redirects: Record<string, string> = {}): Promise<TestServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const pathname = req.url ?? '/';
    hits.push(pathname);
    const location = redirects[pathname];
    if (location !== undefined) {
      res.writeHead(302, { location });
      res.end();
      return;
    }
    res.setHeader('content-type', 'application/rss+xml; charset=utf-8');
    res.end(`<rss>${pathname}</rss>`);
  });
  open.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: (pathname) => `http://127.0.0.1:${port}${pathname}`, hits };
}

const get = (url: string, options: Partial<Parameters<typeof fetchText>[1]> = {}) =>
  fetchText(url, { fetch, limits: DEFAULT_FETCH_LIMITS, accept: '*/*', ...options });

const resolvingTo =
  (...addresses: string[]): ResolveHost =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refusal(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SourceFetchError);
  return (err as SourceFetchError).message;
}

describe('fetchText: private addresses refused (allowance off)', () => {
  it('refuses a feed URL on 127.0.0.1 or ::1 before connecting', async () => {
    const server = await startServer();
    const dispatcher = createPublicOnlyDispatcher();
    expect(await refusal(get(server.url('/feed'), { dispatcher }))).toBe(
      'refused: 127.0.0.1 is a private address',
    );
    const port = new URL(server.url('/')).port;
    expect(await refusal(get(`http://[::1]:${port}/feed`, { dispatcher }))).toBe(
      'refused: ::1 is a private address',
    );
    expect(server.hits).toEqual([]);
  });

  it('refuses a host name that resolves to a private address', async () => {
    const server = await startServer();
    const port = new URL(server.url('/')).port;
    const cases: Array<[string[], string]> = [
      [['127.0.0.1'], '127.0.0.1'],
      [['93.184.215.14', '10.0.0.7'], '10.0.0.7'],
      [['::ffff:127.0.0.1'], '::ffff:127.0.0.1'],
      [['169.254.169.254'], '169.254.169.254'],
    ];
    for (const [addresses, refused] of cases) {
      const dispatcher = createPublicOnlyDispatcher(resolvingTo(...addresses));
      expect(await refusal(get(`http://feed.example:${port}/feed`, { dispatcher }))).toBe(
        `refused: feed.example resolves to a private address (${refused})`,
      );
    }
    const system = createPublicOnlyDispatcher();
    expect(await refusal(get(`http://localhost:${port}/feed`, { dispatcher: system }))).toMatch(
      /^refused: localhost resolves to a private address \((127\.0\.0\.1|::1)\)$/,
    );
    expect(server.hits).toEqual([]);
  });

  it('refuses a redirect to 127.0.0.1: the target never receives a request', async () => {
    const target = await startServer();
    const publicFeed = await startServer({ '/feed': target.url('/internal') });
    // The first hop stands for a public feed: only it connects without the check.
    const firstHopUnchecked: FetchFn = (input, init) => {
      const unchecked: RequestInit & { dispatcher?: undefined } = {
        ...init,
        dispatcher: undefined,
      };
      return fetch(input, String(input) === publicFeed.url('/feed') ? unchecked : init);
    };
    const dispatcher = createPublicOnlyDispatcher();
    const message = await refusal(
      get(publicFeed.url('/feed'), { fetch: firstHopUnchecked, dispatcher }),
    );
    expect(message).toBe('refused: 127.0.0.1 is a private address');
    expect(publicFeed.hits).toEqual(['/feed']);
    expect(target.hits).toEqual([]);
  });
});

describe('fetchText: redirects (allowance on)', () => {
  it('follows absolute and relative redirects to another server', async () => {
    const target = await startServer({ '/moved': 'feed.xml' });
    const origin = await startServer({ '/feed': target.url('/moved') });
    expect(await get(origin.url('/feed'))).toBe('<rss>/feed.xml</rss>');
    expect(target.hits).toEqual(['/moved', '/feed.xml']);
  });

  it('refuses more than 5 redirects', async () => {
    const server = await startServer({ '/loop': '/loop' });
    expect(await refusal(get(server.url('/loop')))).toBe('refused: more than 5 redirects');
    expect(server.hits).toHaveLength(6);
  });

  it('follows 5 redirects', async () => {
    const server = await startServer({
      '/1': '/2',
      '/2': '/3',
      '/3': '/4',
      '/4': '/5',
      '/5': '/6',
    });
    expect(await get(server.url('/1'))).toBe('<rss>/6</rss>');
  });

  it('refuses a redirect to a URL that is not http(s)', async () => {
    const server = await startServer({ '/file': 'file:///etc/passwd', '/ftp': 'ftp://x.test/' });
    expect(await refusal(get(server.url('/file')))).toBe('refused: not an http(s) URL (file:)');
    expect(await refusal(get(server.url('/ftp')))).toBe('refused: not an http(s) URL (ftp:)');
  });
});
