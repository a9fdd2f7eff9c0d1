import { describe, expect, it } from 'vitest';
import { msUntilAllowed, msUntilClear, slidingEstimate, type SlidingCounts } from './rate-limit.js';

const W = 900_000;
const counts = (current: number, previous: number, elapsedMs: number, windowMs = W) =>
  ({ current, previous, elapsedMs, windowMs }) satisfies SlidingCounts;

describe('slidingEstimate', () => {
  it("adds the share of the previous window's hits the sliding window still covers", () => {
    expect(slidingEstimate(counts(2, 10, W / 2))).toBe(2 + 5);
    expect(slidingEstimate(counts(2, 10, (3 * W) / 4))).toBe(2 + 3); // 2.5, rounded up
    expect(slidingEstimate(counts(0, 8, W / 4))).toBe(6);
  });

  it('counts the previous window fully at its end and not at all one window later', () => {
    expect(slidingEstimate(counts(0, 10, 1))).toBe(10);
    expect(slidingEstimate(counts(3, 10, W))).toBe(3);
  });

  it('rounds up, so a fraction of a hit still counts', () => {
    expect(slidingEstimate(counts(0, 3, W / 3))).toBe(2); // exactly 2
    expect(slidingEstimate(counts(0, 3, W / 3 - 1))).toBe(3); // a hair over 2
    expect(slidingEstimate(counts(0, 3, W - 1))).toBe(1);
    expect(slidingEstimate(counts(0, 0, 1))).toBe(0);
  });
});

/** The estimate `wait` ms later, rolling into the next window when the current one ends. */
function estimateAfter(c: SlidingCounts, wait: number): number {
  const at = c.elapsedMs + wait;
  if (at <= c.windowMs) return slidingEstimate({ ...c, elapsedMs: at });
  if (at <= 2 * c.windowMs) {
    return slidingEstimate(counts(0, c.current, at - c.windowMs, c.windowMs));
  }
  return 0;
}

describe('msUntilAllowed', () => {
  it('is 0 while one more hit fits', () => {
    expect(msUntilAllowed(counts(1, 4, W / 2), 4)).toBe(0); // 1 + 2 + 1 ≤ 4
    expect(msUntilAllowed(counts(0, 0, 1), 1)).toBe(0);
  });

  it("waits for enough of the previous window's hits to slide out", () => {
    // 1 + ceil(4 × (W − e) / W) + 1 ≤ 4 from e = W/2 on.
    expect(msUntilAllowed(counts(1, 4, 1), 4)).toBe(W / 2 - 1);
    expect(msUntilAllowed(counts(3, 4, W / 2), 4)).toBe(W / 2); // only at the window's end
  });

  it('waits into the next window when the current one alone is over the limit', () => {
    // In the next window the 4 are the previous ones: 2 must leak out (half a window).
    expect(msUntilAllowed(counts(4, 0, W / 2), 3)).toBe(W / 2 + W / 2);
    expect(msUntilAllowed(counts(5, 9, W / 2), 1)).toBe(W / 2 + W);
  });

  it('agrees with the estimate: allowed after the wait, refused 1 ms before', () => {
    const w = 60;
    for (let current = 0; current <= 7; current++) {
      for (let previous = 0; previous <= 7; previous++) {
        for (let elapsedMs = 1; elapsedMs <= w; elapsedMs++) {
          for (let limit = 1; limit <= 6; limit++) {
            const c = counts(current, previous, elapsedMs, w);
            const wait = msUntilAllowed(c, limit);
            const label = JSON.stringify({ ...c, limit, wait });
            expect(estimateAfter(c, wait) + 1, label).toBeLessThanOrEqual(limit);
            if (wait > 0) expect(estimateAfter(c, wait - 1) + 1, label).toBeGreaterThan(limit);
          }
        }
      }
    }
  });
});

describe('msUntilClear', () => {
  it('is when the latest counted hit slides out entirely', () => {
    expect(msUntilClear(counts(1, 0, W / 4))).toBe(2 * W - W / 4);
    expect(msUntilClear(counts(0, 3, W / 4))).toBe(W - W / 4);
    expect(msUntilClear(counts(0, 0, W / 4))).toBe(0);
  });
});

describe('the sliding-window counter as a limiter', () => {
  /** A deterministic pseudo-random sequence (mulberry32). */
  function random(seed: number) {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /** Admits requests at the given times (ms, ascending) as the store does. */
  function admit(times: number[], limit: number, windowMs: number): number[] {
    const hits = new Map<number, number>(); // window start → hits
    const admitted: number[] = [];
    for (const t of times) {
      const elapsedMs = ((t - 1) % windowMs) + 1;
      const start = t - elapsedMs;
      const current = (hits.get(start) ?? 0) + 1;
      const previous = hits.get(start - windowMs) ?? 0;
      if (slidingEstimate({ current, previous, elapsedMs, windowMs }) <= limit) {
        hits.set(start, current);
        admitted.push(t);
      }
    }
    return admitted;
  }

  it('never admits more than limit × (1 + span / window) in any span: no burst at an edge', () => {
    const [limit, windowMs] = [5, 100];
    const next = random(16);
    for (let run = 0; run < 200; run++) {
      // Bursts at every window edge (the last ms of a fixed window, then the first of the
      // next), a light random load in between. Fixed windows let 2 × limit through in 2 ms.
      const times: number[] = [];
      for (let t = 1; t < 1_000; t++) {
        const edge = t % windowMs <= 1;
        const attempts = edge ? Math.floor(next() * 8) : next() < 0.1 ? Math.floor(next() * 4) : 0;
        for (let i = 0; i < attempts; i++) times.push(t);
      }
      const admitted = admit(times, limit, windowMs);
      for (let i = 0; i < admitted.length; i++) {
        for (let j = i; j < admitted.length; j++) {
          const span = admitted[j]! - admitted[i]! + 1;
          expect(j - i + 1).toBeLessThanOrEqual(limit * (1 + span / windowMs));
        }
      }
    }
  });

  it('lets a steady stream through at the limit rate, no faster', () => {
    const [limit, windowMs] = [10, 1_000];
    const everyMs = Array.from({ length: 10_000 }, (_, i) => i + 1);
    const admitted = admit(everyMs, limit, windowMs);
    expect(admitted).toHaveLength(10 * limit);
    // Never more than `limit` within one window length.
    for (let i = 0; i + limit < admitted.length; i++) {
      expect(admitted[i + limit]! - admitted[i]!).toBeGreaterThanOrEqual(windowMs);
    }
  });
});
