import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import type { Config } from '../../config.js';
import { articles } from '../../db/schema.js';
import type { FetchFn } from './fetch.types.js';
import type { IngestionResult } from './ingestion.types.js';
import { startIngestionSchedule } from './schedule.js';
import { FIXTURES_DIR } from '../../../test/ingestion/feed-server.js';
import { memoryLogger } from '../../../test/memory-logger.js';

const MINUTE = 60_000;
const FEED_URL = 'http://feeds.test/example-daily.xml';

let ctx: TestContext;
let feedXml: string;
beforeAll(async () => {
  ctx = await createTestContext();
  feedXml = await readFile(path.join(FIXTURES_DIR, 'example-daily.rss.xml'), 'utf8');
});
afterAll(() => ctx.close());
// Only the schedule's timers are faked: database sockets and fetch timeouts keep real time.
beforeEach(
  () =>
    void vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    }),
);
afterEach(() => void vi.useRealTimers());

/** A fetch whose responses the test releases one by one. */
function gatedFetch() {
  const gates: Array<() => void> = [];
  const fetch: FetchFn = async () => {
    await new Promise<void>((resolve) => gates.push(resolve));
    return new Response(feedXml, { headers: { 'content-type': 'application/rss+xml' } });
  };
  return { fetch, calls: () => gates.length, release: (i: number) => gates[i]!() };
}

function schedule(
  ingest: Partial<Config['ingest']>,
  fetch: FetchFn,
  onRunFinished?: (r: IngestionResult) => void,
) {
  const log = memoryLogger();
  const stop = startIngestionSchedule({
    db: ctx.deps.db,
    changes: ctx.deps.changes,
    config: {
      ingest: {
        feeds: [FEED_URL],
        intervalMinutes: 30,
        allowPrivateFeeds: false,
        newsDataUrl: 'http://newsdata.test/latest',
        ...ingest,
      },
    },
    logger: log.logger,
    clock: ctx.clock,
    fetch,
    firstRunDelayMs: 1_000,
    onRunFinished,
  });
  return { stop, log };
}

describe('startIngestionSchedule', () => {
  it('runs shortly after start, then every interval, never two runs at once', async () => {
    const feed = gatedFetch();
    const finished: IngestionResult[] = [];
    let runDone: () => void = () => undefined;
    const nextRunDone = () => new Promise<void>((resolve) => (runDone = resolve));
    const { stop, log } = schedule({ intervalMinutes: 1 }, feed.fetch, (result) => {
      finished.push(result);
      runDone();
    });

    await vi.advanceTimersByTimeAsync(999);
    expect(feed.calls()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    // First run started (after reading the sources' state), its fetch still pending.
    await vi.waitFor(() => expect(feed.calls()).toBe(1));

    await vi.advanceTimersByTimeAsync(3 * MINUTE); // three ticks while it is still going
    expect(feed.calls()).toBe(1);
    expect(log.warnings().map((w) => w.msg)).toEqual(
      Array(3).fill('previous ingestion run still going: this tick is skipped'),
    );

    const firstDone = nextRunDone();
    feed.release(0);
    await firstDone;
    expect(finished[0]).toMatchObject({ inserted: 5 });

    await vi.advanceTimersByTimeAsync(MINUTE); // the next tick runs again
    await vi.waitFor(() => expect(feed.calls()).toBe(2));
    const secondDone = nextRunDone();
    feed.release(1);
    await secondDone;
    expect(finished[1]).toMatchObject({ inserted: 0, duplicates: 6 });

    stop();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(feed.calls()).toBe(2);
    expect((await ctx.deps.db.select({ id: articles.id }).from(articles)).length).toBe(5);
  });

  it('is off when the interval is 0 or no source is configured', async () => {
    const feed = gatedFetch();
    const off = schedule({ intervalMinutes: 0 }, feed.fetch);
    const empty = schedule({ feeds: [] }, feed.fetch);
    await vi.advanceTimersByTimeAsync(120 * MINUTE);
    expect(feed.calls()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    off.stop();
    empty.stop();
  });

  it('stop() aborts a run in progress', async () => {
    let asked = 0;
    const neverAnswers: FetchFn = (_url, init) =>
      new Promise((_resolve, reject) => {
        asked += 1;
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      });
    let result: IngestionResult | undefined;
    const { stop } = schedule({}, neverAnswers, (r) => (result = r));
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(asked).toBe(1));
    stop();
    await vi.waitFor(() => expect(result).toBeDefined());
    expect(result!.sources[0]).toMatchObject({ ok: false, error: 'stopped' });
  });
});
