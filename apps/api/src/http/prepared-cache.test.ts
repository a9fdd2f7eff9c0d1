import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { createChanges, type Dependency } from '../changes/index.js';
import { preparedKey } from './prepared-key.js';
import { createPreparedCache } from './prepared-cache.js';

const changes = createChanges();
const { articleCountsChanged, articlesChanged } = changes;

/** The least of Express that sendPrepared uses; the body sent is the JSON. */
function fakeExchange() {
  const headers = new Map<string, unknown>();
  let body: Buffer | undefined;
  const res = {
    locals: {},
    statusCode: 200,
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
    end: (bytes?: Buffer) => {
      body = bytes;
    },
  } as unknown as Response;
  const req = { headers: {} } as Request;
  return {
    req,
    res,
    json: () => JSON.parse(body!.toString()) as { n: number },
    header: (name: string) => headers.get(name),
  };
}

function setup(staleMs: number, depends: Dependency = { allCounts: true }) {
  let clock = 0;
  let reads = 0;
  let release: (() => void) | undefined;
  let hold = false;
  const cache = createPreparedCache({ ttlMs: 60_000, now: () => clock, changes });
  const load = async () => {
    const n = ++reads;
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    return { n };
  };
  const ask = async () => {
    const x = fakeExchange();
    await cache.respond(x.req, x.res, preparedKey('trending'), load, () => depends, { staleMs });
    return { n: x.json().n, cacheControl: x.header('cache-control') };
  };
  return {
    ask,
    advance: (ms: number) => (clock += ms),
    reads: () => reads,
    holdBuilds: (on: boolean) => (hold = on),
    release: () => release?.(),
  };
}

describe('prepared bodies after a counter change', () => {
  it('are rebuilt at once without a stale window', async () => {
    const t = setup(0);
    expect((await t.ask()).n).toBe(1);
    articleCountsChanged('some-article');
    expect((await t.ask()).n).toBe(2);
  });

  it('within the stale window serve the previous body, then one rebuild, then wait past it', async () => {
    const t = setup(1_000);
    expect((await t.ask()).n).toBe(1);
    articleCountsChanged('some-article');
    // Young: served as it is, not cacheable, no read.
    t.advance(100);
    expect(await t.ask()).toEqual({ n: 1, cacheControl: 'public, max-age=0' });
    expect(t.reads()).toBe(1);
    // From half the window: one rebuild in the background, however many callers.
    t.advance(500);
    t.holdBuilds(true);
    expect((await t.ask()).n).toBe(1);
    expect((await t.ask()).n).toBe(1);
    expect(t.reads()).toBe(2);
    t.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await t.ask()).n).toBe(2);
    // Older than the window and stale: the caller waits for fresh data.
    t.holdBuilds(false);
    articleCountsChanged('some-article');
    t.advance(1_500);
    expect((await t.ask()).n).toBe(3);
  });

  it('never serve a body stale after the set of articles changed', async () => {
    const t = setup(1_000);
    expect((await t.ask()).n).toBe(1);
    articlesChanged();
    t.advance(10);
    expect((await t.ask()).n).toBe(2);
  });
});

describe('concurrent builds of one key', () => {
  it('share one build queued behind a running one when a change came in between', async () => {
    const t = setup(0);
    t.holdBuilds(true);
    const first = t.ask();
    articleCountsChanged('some-article');
    const second = t.ask();
    const third = t.ask();
    expect(t.reads()).toBe(1);
    t.release();
    expect((await first).n).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    t.release();
    expect([(await second).n, (await third).n]).toEqual([2, 2]);
    expect(t.reads()).toBe(2);
  });

  it('let a caller join a running build when the change since it started is not shown in it', async () => {
    const t = setup(0, { articleIds: ['shown'] });
    t.holdBuilds(true);
    const first = t.ask();
    articleCountsChanged('not-shown');
    const second = t.ask();
    t.release();
    expect([(await first).n, (await second).n]).toEqual([1, 1]);
    expect(t.reads()).toBe(1);
    // A change to what it shows still makes the next caller wait for the build after it.
    articleCountsChanged('shown');
    t.holdBuilds(true);
    const third = t.ask();
    articleCountsChanged('shown');
    const fourth = t.ask();
    t.release();
    expect((await third).n).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    t.release();
    expect((await fourth).n).toBe(3);
  });

  it('within the stale window, let a caller past it join a build that started within it', async () => {
    const t = setup(1_000);
    expect((await t.ask()).n).toBe(1);
    articleCountsChanged('some-article');
    t.advance(600);
    t.holdBuilds(true);
    expect((await t.ask()).n).toBe(1); // starts the background rebuild
    articleCountsChanged('some-article');
    t.advance(500); // the held body is now past the window, the running build is 500 ms old
    const waiting = t.ask();
    t.release();
    expect(await waiting).toEqual({ n: 2, cacheControl: 'public, max-age=0' });
    expect(t.reads()).toBe(2);
    // Past the window for the running build too: the caller waits for a new one.
    t.holdBuilds(false);
    articleCountsChanged('some-article');
    t.advance(1_500);
    expect((await t.ask()).n).toBe(3);
  });
});
