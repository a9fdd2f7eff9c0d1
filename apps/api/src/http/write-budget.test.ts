import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/context.js';
import * as schema from '../db/schema.js';
import { ManualClock } from '../lib/clock.js';
import { pruneWriteBudgets, WriteBudgetStore } from './write-limits.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A Database over the test pool that counts the statements sent through it. */
function countingDatabase(pool: pg.Pool) {
  let statements = 0;
  const counted = new Proxy(pool, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (prop === 'query')
        return (...args: Parameters<pg.Pool['query']>) => {
          statements++;
          return (target.query as (...a: unknown[]) => unknown)(...args);
        };
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    db: drizzle(counted, { schema }),
    /** The statements sent since the last call. */
    taken() {
      const n = statements;
      statements = 0;
      return n;
    },
  };
}

const SECOND = 1000;
let readers = 0;
const newReader = () => `reader-${++readers}`;

describe('a write budget: limits that cost nothing', () => {
  it('checks and charges both windows in one statement; a refusal it can foresee costs none', async () => {
    const clock = new ManualClock('2030-03-10T09:00:30Z');
    const counting = countingDatabase(database.pool);
    const store = new WriteBudgetStore(counting.db, clock, 'one', { perMinute: 3, perHour: 100 });
    const reader = newReader();

    for (let i = 0; i < 3; i++) {
      expect(await store.charge(reader)).toEqual({ allowed: true });
      expect(counting.taken()).toBe(1);
    }
    // The third charge's answer said the budget is spent: the next write is refused at once.
    const refused = await store.charge(reader);
    expect(refused).toEqual({ allowed: false, waitMs: expect.any(Number) });
    expect(counting.taken()).toBe(0);
    const { waitMs } = refused as { waitMs: number };
    // 3 hits in the minute that began 30 s ago: in the next one they count as previous hits,
    // (60 − e) / 60 of them, and one more fits once e ≥ 20 s: 30 + 20 s from now.
    expect(waitMs).toBe(50 * SECOND);

    for (let i = 0; i < 10; i++) {
      clock.advance(SECOND);
      expect(await store.charge(reader)).toEqual({
        allowed: false,
        waitMs: waitMs - (i + 1) * SECOND,
      });
    }
    expect(counting.taken()).toBe(0);

    // At the very moment the memo ends, the shared counts allow the write.
    clock.advance(waitMs - 10 * SECOND);
    expect(await store.charge(reader)).toEqual({ allowed: true });
    expect(counting.taken()).toBe(1);
  });

  it('a refusal is not counted, in either window', async () => {
    const clock = new ManualClock('2030-03-10T10:00:30Z');
    const store = new WriteBudgetStore(database.db, clock, 'free', { perMinute: 2, perHour: 4 });
    const reader = newReader();
    const outcomes: boolean[] = [];
    // Ten tries a minute apart, each refused or allowed: only the allowed ones count.
    for (let i = 0; i < 5; i++) {
      outcomes.push((await store.charge(reader)).allowed);
      outcomes.push((await store.charge(reader)).allowed);
      outcomes.push((await store.charge(reader)).allowed);
      clock.advance(120 * SECOND);
    }
    // Two per minute until the hour's four are spent, then nothing until the hour slides.
    expect(outcomes).toEqual([
      ...[true, true, false],
      ...[true, true, false],
      ...Array(9).fill(false),
    ]);
  });

  it('holds exactly across instances, concurrent requests included', async () => {
    const clock = new ManualClock('2030-03-10T11:00:30Z');
    const budget = { perMinute: 7, perHour: 100 };
    const [a, b] = [
      new WriteBudgetStore(database.db, clock, 'shared', budget),
      new WriteBudgetStore(database.db, clock, 'shared', budget),
    ];
    const reader = newReader();
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).charge(reader)),
    );
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(7);

    // A refusal remembered by one instance never outlasts what the shared counts say: a third
    // instance, which remembers nothing, agrees with A on the moment the reader may write again.
    const waits = new Set(outcomes.flatMap((o) => (o.allowed ? [] : [o.waitMs])));
    expect(waits.size).toBe(1);
    const [wait] = waits;
    clock.advance(wait! - 1);
    expect((await a.charge(reader)).allowed).toBe(false);
    const c = new WriteBudgetStore(database.db, clock, 'shared', budget);
    expect((await c.charge(reader)).allowed).toBe(false);
    clock.advance(1);
    expect((await a.charge(reader)).allowed).toBe(true);
  });

  it('forgets budgets nobody has written to for a day', async () => {
    const clock = new ManualClock('2030-03-10T12:00:30Z');
    const store = new WriteBudgetStore(database.db, clock, 'old', { perMinute: 1, perHour: 1 });
    const reader = newReader();
    await store.charge(reader);
    const rows = async () =>
      (
        await database.pool.query('select count(*)::int as n from write_budgets where key = $1', [
          `old:${reader}`,
        ])
      ).rows[0].n;
    await pruneWriteBudgets(database.db, new Date(clock.now().getTime() - 24 * 3_600_000));
    expect(await rows()).toBe(1);
    clock.advance(24 * 3_600_000);
    await pruneWriteBudgets(database.db, new Date(clock.now().getTime() - 24 * 3_600_000));
    expect(await rows()).toBe(0);
  });
});
