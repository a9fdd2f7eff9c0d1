import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenRaw, type RawAnswer } from '../../test/raw-http.js';
import type { Route } from '@lede/shared';
import { createFastLane, type LaneAnswer } from './fast-lane.js';
import { PreparedBody } from './prepared-body.js';
import { publicFor, sendPrepared } from './prepared-response.js';

const article = (likes: number) =>
  new PreparedBody(
    { article: { title: 'Harbour report', likes, text: 'word '.repeat(100) } },
    0,
    { articleIds: [] },
    Infinity,
  );

/**
 * A small app: the lane first, then a "stack" that sets a header of its own and answers the
 * route from `current` (or sets a cookie for /cookie), counting what reached it.
 */
function laneApp() {
  const observed: string[] = [];
  const logged: number[] = [];
  const lane = createFastLane({
    mayCarrySession: (headers) =>
      headers.authorization !== undefined || !!headers.cookie?.includes('session='),
    keptAccessToken: (req) => (req.headers.authorization === 'Bearer good' ? 'good' : undefined),
    overHttps: (req) => req.headers['x-forwarded-proto'] === 'https',
    observe: ({ method, route, status }) => observed.push(`${method} ${route} ${status}`),
    log: (_req, status) => logged.push(status),
    maxEntries: 3,
  });
  const state = { reached: 0, current: article(1) as PreparedBody | undefined, async: false };
  const source = (): LaneAnswer | undefined | Promise<LaneAnswer | undefined> => {
    const answer = state.current && { body: state.current, cacheControl: publicFor(30) };
    return state.async ? Promise.resolve(answer) : answer;
  };
  const app = express();
  app.use(lane.handler);
  app.use((req, res, next) => {
    state.reached++;
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('X-Request-Id', `stack-${state.reached}`);
    if (req.headers['x-forwarded-proto'] === 'https')
      res.setHeader('Strict-Transport-Security', 'max-age=1');
    next();
  });
  /** As the registrar and the session middleware would: the route's access, the caller's token. */
  const answer =
    (access: Route['access']): express.RequestHandler =>
    async (req, res) => {
      req.tableRoute = { access } as Route;
      if (access === 'optional' && req.headers.authorization === 'Bearer good')
        res.locals.accessToken = 'good';
      await sendPrepared(req, res, state.current ?? article(0), publicFor(30));
      lane.remember(req, res, source);
    };
  app.get('/api/article', answer('optional'));
  app.get('/api/other/:n', answer('optional'));
  app.get('/api/for-anyone', answer('visitor'));
  app.get('/api/cookie', async (req, res) => {
    req.tableRoute = { access: 'optional' } as Route;
    res.cookie('session', 'abc');
    await sendPrepared(req, res, article(1), publicFor(30));
    lane.remember(req, res, source);
  });
  return { app, lane, state, observed, logged };
}

let t: ReturnType<typeof laneApp>;
let raw: Awaited<ReturnType<typeof listenRaw>>;
beforeAll(async () => {
  t = laneApp();
  raw = await listenRaw(t.app);
});
afterAll(() => raw?.close());

/** The headers a client sees, without the ones that differ per answer. */
const sameFor = (res: RawAnswer) => {
  const { date: _date, 'x-request-id': _id, ...rest } = res.headers;
  return rest;
};

describe('the fast lane', () => {
  it('answers a remembered URL without the stack: same bytes, same headers, its own request id', async () => {
    const reachedBefore = t.state.reached;
    const first = await raw.get('/api/article?x=1', { 'accept-encoding': 'br' });
    const second = await raw.get('/api/article?x=1', { 'accept-encoding': 'br' });
    expect(t.state.reached).toBe(reachedBefore + 1);
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(sameFor(second)).toEqual(sameFor(first));
    expect(second.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(zlib.brotliDecompressSync(second.body).toString())).toEqual(
      JSON.parse(t.state.current!.bytes.toString()),
    );
    expect(t.observed.at(-1)).toBe('GET /api/article 200');
    expect(t.logged.at(-1)).toBe(200);
  });

  it('negotiates the encoding per request, each with its own length', async () => {
    await raw.get('/api/article?x=2');
    // A body's first gzip form is made off the event loop: that request goes through the stack.
    await raw.get('/api/article?x=2', { 'accept-encoding': 'gzip' });
    const reached = t.state.reached;
    for (const [accept, encoding] of [
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['', undefined],
    ] as const) {
      const res = await raw.get('/api/article?x=2', { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.json()).toEqual(JSON.parse(t.state.current!.bytes.toString()));
    }
    expect(t.state.reached).toBe(reached);
  });

  it('leaves to the stack credentials, revalidations and another scheme', async () => {
    await raw.get('/api/article?x=3');
    const reached = t.state.reached;
    await raw.get('/api/article?x=3', { authorization: 'Bearer unknown' });
    await raw.get('/api/article?x=3', { cookie: 'theme=dark; session=1' });
    const revalidated = await raw.get('/api/article?x=3', {
      'if-none-match': t.state.current!.etag,
    });
    expect(revalidated.status).toBe(304);
    expect(t.state.reached).toBe(reached + 3);
    // A cookie that is not the session's does not matter.
    await raw.get('/api/article?x=3', { cookie: 'theme=dark' });
    expect(t.state.reached).toBe(reached + 3);
    // Over HTTPS the stack sends other headers (HSTS): the lane keeps the scheme it saw.
    const https = await raw.get('/api/article?x=3', { 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toBe('max-age=1');
    expect(t.state.reached).toBe(reached + 4);
  });

  it('gives a reader whose token is known good the stack’s answer for them: their token appended, private', async () => {
    const reader = { authorization: 'Bearer good', 'accept-encoding': 'gzip' };
    const fromStack = await raw.get('/api/article?x=6', reader);
    expect(fromStack.json()).toMatchObject({ AccessToken: 'good' });
    await raw.get('/api/article?x=6', { 'accept-encoding': 'gzip' }); // a visitor: remembered
    const reached = t.state.reached;
    const fromLane = await raw.get('/api/article?x=6', reader);
    expect(t.state.reached).toBe(reached);
    expect(fromLane.decoded().equals(fromStack.decoded())).toBe(true);
    expect(sameFor(fromLane)).toEqual(sameFor(fromStack));
    expect(fromLane.headers['cache-control']).toBe('private, no-store');
    expect(fromLane.headers.etag).toBeUndefined();
  });

  it('answers a route open to anyone alike whoever asks, privately to a caller with credentials', async () => {
    const visitor = await raw.get('/api/for-anyone');
    const reached = t.state.reached;
    const reader = await raw.get('/api/for-anyone', {
      authorization: 'Bearer unknown',
      'if-none-match': visitor.headers.etag!,
    });
    expect(t.state.reached).toBe(reached);
    expect(reader.status).toBe(200);
    expect(reader.body.equals(visitor.body)).toBe(true);
    expect(visitor.headers['cache-control']).toBe('public, max-age=30');
    expect(reader.headers['cache-control']).toBe('private, no-store');
    expect(reader.headers.etag).toBeUndefined();
    expect(reader.headers.vary).toBe(visitor.headers.vary);
  });

  it('serves the current body, and forgets a URL whose source has none', async () => {
    await raw.get('/api/article?x=4');
    t.state.current = article(2);
    const newer = await raw.get('/api/article?x=4');
    expect((newer.json().article as { likes: number }).likes).toBe(2);
    const reached = t.state.reached;
    t.state.current = undefined;
    const fallback = await raw.get('/api/article?x=4');
    expect((fallback.json().article as { likes: number }).likes).toBe(0);
    expect(t.state.reached).toBe(reached + 1);
    t.state.current = article(3);
  });

  it('waits for a source that checks first (a health ping)', async () => {
    t.state.async = true;
    await raw.get('/api/article?x=5');
    const reached = t.state.reached;
    const res = await raw.get('/api/article?x=5');
    expect((res.json().article as { likes: number }).likes).toBe(3);
    expect(t.state.reached).toBe(reached);
    t.state.async = false;
  });

  it('never remembers an answer that set a cookie, and keeps a bounded number of URLs', async () => {
    await raw.get('/api/cookie');
    const reached = t.state.reached;
    const again = await raw.get('/api/cookie');
    expect(again.headers['set-cookie']).toBeDefined();
    expect(t.state.reached).toBe(reached + 1);
    for (let n = 0; n < 5; n++) await raw.get(`/api/other/${n}`);
    expect(t.lane.size()).toBe(3);
  });
});
