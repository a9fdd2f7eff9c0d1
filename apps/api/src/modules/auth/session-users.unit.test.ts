import { describe, expect, it } from 'vitest';
import { createSessionUsers } from './session-users.js';
import type { UserRow } from '../users/index.js';

const row = (id: string, name = 'Ada'): UserRow => ({
  id,
  email: `${id}@example.com`,
  name,
  passwordHash: 'x',
  profileUrl: null,
  theme: 'light',
  themeChosen: false,
  interests: [],
  timezone: 'UTC',
  sessionVersion: 0,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

/** A users table in memory that counts its reads; `hold` keeps the next reads pending. */
function table() {
  const rows = new Map<string, UserRow>();
  let reads = 0;
  let held: Array<() => void> | undefined;
  return {
    rows,
    reads: () => reads,
    hold: () => (held = []),
    release: () => {
      const pending = held ?? [];
      held = undefined;
      for (const go of pending) go();
    },
    load: async (id: string) => {
      reads++;
      const value = rows.get(id) && { ...rows.get(id)!, interests: [...rows.get(id)!.interests] };
      if (held) await new Promise<void>((resolve) => held!.push(resolve));
      return value;
    },
  };
}

describe('session users', () => {
  it('reads a row once, then serves it until it is forgotten', async () => {
    const db = table();
    const cache = createSessionUsers();
    db.rows.set('a', row('a'));
    expect((await cache.get('a', db.load))?.name).toBe('Ada');
    expect((await cache.get('a', db.load))?.name).toBe('Ada');
    expect(db.reads()).toBe(1);

    db.rows.set('a', row('a', 'Ada King'));
    cache.forget('a');
    expect((await cache.get('a', db.load))?.name).toBe('Ada King');
    expect(db.reads()).toBe(2);
  });

  it('shares one read between concurrent requests of one reader', async () => {
    const db = table();
    const cache = createSessionUsers();
    db.rows.set('a', row('a'));
    db.hold();
    const both = Promise.all([cache.get('a', db.load), cache.get('a', db.load)]);
    db.release();
    const [first, second] = await both;
    expect(first).toBe(second);
    expect(db.reads()).toBe(1);
  });

  it('does not keep a read that was under way when the row changed', async () => {
    const db = table();
    const cache = createSessionUsers();
    db.rows.set('a', row('a'));
    db.hold();
    const stale = cache.get('a', db.load);
    db.rows.set('a', row('a', 'Ada King'));
    cache.forget('a');
    // A request after the change does not join the earlier read.
    const fresh = cache.get('a', db.load);
    db.release();
    expect((await stale)?.name).toBe('Ada');
    expect((await fresh)?.name).toBe('Ada King');
    expect((await cache.get('a', db.load))?.name).toBe('Ada King');
    expect(db.reads()).toBe(2);
  });

  it('never keeps an unknown reader', async () => {
    const db = table();
    const cache = createSessionUsers();
    expect(await cache.get('gone', db.load)).toBeUndefined();
    expect(await cache.get('gone', db.load)).toBeUndefined();
    expect(db.reads()).toBe(2);
  });

  it('reads a row again once it is older than the TTL', async () => {
    const db = table();
    let now = 0;
    const cache = createSessionUsers({ ttlMs: 5_000, now: () => now });
    db.rows.set('a', row('a'));
    await cache.get('a', db.load);
    now = 4_999;
    await cache.get('a', db.load);
    expect(db.reads()).toBe(1);
    now = 5_000;
    await cache.get('a', db.load);
    expect(db.reads()).toBe(2);
  });

  it('keeps at most maxEntries rows, dropping the oldest', async () => {
    const db = table();
    const cache = createSessionUsers({ maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) db.rows.set(id, row(id));
    for (const id of ['a', 'b', 'c']) await cache.get(id, db.load);
    expect(cache.size).toBe(2);
    await cache.get('c', db.load);
    await cache.get('a', db.load);
    expect(db.reads()).toBe(4);
  });

  it('serves nothing while suspended, and starts afresh when resumed', async () => {
    const db = table();
    const cache = createSessionUsers();
    db.rows.set('a', row('a'));
    await cache.get('a', db.load);
    cache.suspend();
    await cache.get('a', db.load);
    await cache.get('a', db.load);
    expect(db.reads()).toBe(3);
    expect(cache.size).toBe(0);
    cache.resume();
    await cache.get('a', db.load);
    await cache.get('a', db.load);
    expect(db.reads()).toBe(4);
  });

  it('hands out rows that cannot be changed in place', async () => {
    const db = table();
    const cache = createSessionUsers();
    db.rows.set('a', row('a'));
    const user = (await cache.get('a', db.load))!;
    expect(Object.isFrozen(user)).toBe(true);
    expect(Object.isFrozen(user.interests)).toBe(true);
  });
});
