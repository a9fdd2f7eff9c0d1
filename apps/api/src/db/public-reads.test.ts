import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createChanges } from '../changes/index.js';
import { createPublicReads, walPosition } from './public-reads.js';

/** A pool answering the WAL position queries with `lsn()` (or failing with `error`). */
function fakePool(lsn: () => string | null, error?: Error) {
  const asked: string[] = [];
  const pool = {
    query: async (text: string) => {
      asked.push(text);
      if (error) throw error;
      return { rows: [{ lsn: lsn() }] };
    },
  } as unknown as pg.Pool;
  return { pool, asked };
}

/** A page showing `ids`, read from `source`. */
const page = (ids: string[]) => (source: string) => Promise.resolve({ source, ids });
const shows = (value: { ids: string[] }) => ({ articleIds: value.ids });

function setUp({
  replayed = '0/100',
  replicaError,
}: { replayed?: string | null; replicaError?: Error } = {}) {
  const changes = createChanges();
  let primaryAt = '0/100';
  let replicaAt = replayed;
  const primary = fakePool(() => primaryAt);
  const replica = fakePool(() => replicaAt, replicaError);
  const reads = createPublicReads({
    primary: { source: 'primary', pool: primary.pool },
    replica: { source: 'replica', pool: replica.pool },
    changes,
  });
  return {
    changes,
    reads,
    primary,
    replica,
    /** The primary writes on: its WAL reaches `lsn`. */
    primaryReaches: (lsn: string) => (primaryAt = lsn),
    replicaReaches: (lsn: string | null) => (replicaAt = lsn),
  };
}

describe('public reads with a replica', () => {
  it('reads WAL positions as numbers', () => {
    expect(walPosition('0/100')).toBe(0x100n);
    expect(walPosition('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(walPosition('1/0') > walPosition('0/FFFFFFFF')).toBe(true);
  });

  it('without a replica, reads the primary and asks nothing more', async () => {
    const primary = fakePool(() => '0/0');
    const reads = createPublicReads({
      primary: { source: 'primary', pool: primary.pool },
      changes: createChanges(),
    });
    expect((await reads.read(page(['a']), shows)).source).toBe('primary');
    expect(primary.asked).toEqual([]);
  });

  it('with nothing announced, reads the replica, whatever it lags', async () => {
    const { reads, primary } = setUp({ replayed: '0/1' });
    expect((await reads.read(page(['a']), shows)).source).toBe('replica');
    expect(primary.asked).toEqual([]);
  });

  it("a like the replica has not replayed: the liked article's answers come from the primary, others from the replica", async () => {
    const { changes, reads, primary, primaryReaches, replicaReaches } = setUp();
    primaryReaches('0/200');
    changes.articleCountsChanged('liked');
    expect((await reads.read(page(['other']), shows)).source).toBe('replica');
    expect(primary.asked).toHaveLength(1);
    expect((await reads.read(page(['liked', 'other']), shows)).source).toBe('primary');
    expect(
      (
        await reads.read(
          (s) => Promise.resolve({ s }),
          () => ({ allCounts: true }),
        )
      ).s,
    ).toBe('primary');
    // One mark per announced version, not per read.
    expect(primary.asked).toHaveLength(1);
    replicaReaches('0/1FF');
    expect((await reads.read(page(['liked']), shows)).source).toBe('primary');
    replicaReaches('0/200');
    expect((await reads.read(page(['liked']), shows)).source).toBe('replica');
  });

  it('a new article the replica has not replayed: every answer from the primary until it has', async () => {
    const { changes, reads, replica, primaryReaches, replicaReaches } = setUp();
    primaryReaches('1/0');
    changes.articlesChanged();
    const askedBefore = replica.asked.length;
    expect((await reads.read(page([]), shows)).source).toBe('primary');
    // Only its replay position was asked, no answer was read from it.
    expect(replica.asked.length).toBe(askedBefore + 1);
    replicaReaches('1/0');
    expect((await reads.read(page([]), shows)).source).toBe('replica');
  });

  it('the replica unreachable: the primary answers', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const { reads } = setUp({ replicaError: refused });
    expect((await reads.read(page(['a']), shows)).source).toBe('primary');
  });

  it('another failure of the replica is not hidden', async () => {
    const { reads } = setUp({ replicaError: Object.assign(new Error('boom'), { code: '42601' }) });
    await expect(reads.read(page(['a']), shows)).rejects.toThrow('boom');
  });

  it('a read URL that is not in recovery (a read-only role on the primary) holds everything', async () => {
    const { changes, reads } = setUp({ replayed: null });
    changes.articleCountsChanged('liked');
    changes.articlesChanged();
    expect((await reads.read(page(['liked']), shows)).source).toBe('replica');
  });
});
