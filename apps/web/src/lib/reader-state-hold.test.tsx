import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  holdReaderState,
  listShown,
  READER_STATE_MAX_WAIT_MS,
  readerStateReleased,
} from './reader-state-hold';
import { PAINT_WAIT_MS } from './largest-paint';

/** A stand-in for the browser's largest-contentful-paint reports. */
class FakePaintObserver {
  static supportedEntryTypes = ['largest-contentful-paint'];
  static current: FakePaintObserver | undefined;
  disconnected = false;
  constructor(
    private readonly callback: (list: { getEntries(): { startTime: number }[] }) => void,
  ) {
    FakePaintObserver.current = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  report(startTime: number) {
    this.callback({ getEntries: () => [{ startTime }] });
  }
}

/** Whether the reader's state may be asked for by now (its promise has settled). */
async function released(): Promise<boolean> {
  let settled = false;
  void readerStateReleased().then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe("a reader's own state on a list page's first load", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] }));
  afterEach(async () => {
    await vi.advanceTimersByTimeAsync(READER_STATE_MAX_WAIT_MS);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is asked for at once when nothing holds it', async () => {
    expect(await released()).toBe(true);
    listShown();
    expect(await released()).toBe(true);
  });

  it('waits for the paint the browser reports after the list was shown, not an earlier one', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    holdReaderState();
    await vi.advanceTimersByTimeAsync(100);
    expect(await released()).toBe(false);
    listShown();
    const observer = FakePaintObserver.current!;
    observer.report(performance.now() - 50);
    expect(await released()).toBe(false);
    observer.report(performance.now() + 16);
    expect(await released()).toBe(true);
    expect(observer.disconnected).toBe(true);
  });

  it('where no paint is reported, waits a moment after the list was shown', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    holdReaderState();
    listShown();
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS - 1);
    expect(await released()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await released()).toBe(true);
  });

  it('once released, lets the waiting requests go one task apiece', async () => {
    vi.useRealTimers();
    vi.stubGlobal('PerformanceObserver', undefined);
    holdReaderState();
    // Each request notes whether the one before it ended its task (its microtasks have run).
    let inTask = false;
    const sharedTask: boolean[] = [];
    const requests = [1, 2, 3].map(() =>
      readerStateReleased().then(() => {
        sharedTask.push(inTask);
        inTask = true;
        queueMicrotask(() => (inTask = false));
      }),
    );
    listShown();
    await Promise.all(requests);
    expect(sharedTask).toEqual([false, false, false]);
    // Released, a later screen's requests go at once.
    let atOnce = false;
    void readerStateReleased().then(() => (atOnce = true));
    await Promise.resolve();
    expect(atOnce).toBe(true);
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
  });

  it('never waits longer than its limit when no list is shown', async () => {
    holdReaderState();
    await vi.advanceTimersByTimeAsync(READER_STATE_MAX_WAIT_MS - 1);
    expect(await released()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await released()).toBe(true);
  });
});
