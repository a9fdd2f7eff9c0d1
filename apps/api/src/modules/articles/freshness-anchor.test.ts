import { describe, expect, it } from 'vitest';
import { createChanges } from '../../changes/index.js';
import { createFreshnessAnchor } from './freshness-anchor.js';

const changes = createChanges();

describe('the freshness anchor', () => {
  function setup(ttlMs: number) {
    let clock = 0;
    let reads = 0;
    const anchor = createFreshnessAnchor({ ttlMs, now: () => clock, changes });
    const read = async () => new Date(Date.UTC(2022, 8, ++reads));
    return {
      get: async () => (await anchor.get(read)).getUTCDate(),
      advance: (ms: number) => (clock += ms),
      reads: () => reads,
    };
  }

  it('is read once and remembered while the articles stay the same', async () => {
    const t = setup(5_000);
    expect(await t.get()).toBe(1);
    t.advance(4_999);
    expect(await t.get()).toBe(1);
    expect(t.reads()).toBe(1);
  });

  it('is read again once the set of articles changed', async () => {
    const t = setup(5_000);
    expect(await t.get()).toBe(1);
    changes.articlesChanged();
    expect(await t.get()).toBe(2);
    expect(await t.get()).toBe(2);
  });

  it('is read again after its lifetime', async () => {
    const t = setup(5_000);
    expect(await t.get()).toBe(1);
    t.advance(5_000);
    expect(await t.get()).toBe(2);
  });
});
