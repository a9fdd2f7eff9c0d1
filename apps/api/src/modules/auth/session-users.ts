import { performance } from 'node:perf_hooks';
import type { KeptRows, SessionUsers } from '../../changes/session-users.types.js';
import type { SessionRow } from './sessions.repository.js';
import type { UserRow } from '../users/index.js';

export interface SessionUsersOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Milliseconds, monotonic. */
  now?: () => number;
}

/** A safety net only: the relay, or this process's own writes, drop a changed row at once. */
export const SESSION_USER_TTL_MS = 5_000;
/** A few megabytes at most; a reader not kept is only read again. */
export const SESSION_USER_MAX_ENTRIES = 10_000;

interface Entry<T> {
  row: T;
  expiresAt: number;
}

function freezeUser(user: UserRow): UserRow {
  Object.freeze(user.interests);
  return Object.freeze(user);
}

/**
 * The reader rows that sessions resolve to, kept per process so that a signed-in request does
 * not read its own `users` row every time (under `pnpm bench load` that read was 43 % of all
 * queries). A row is only served while nothing is known to have changed it:
 *
 * - this process drops a reader's row itself once it has committed a change to it (the auth
 *   flows, and the account routes when they answer: see ../auth/session.ts);
 * - with the users-changed relay (src/changes/users-relay.ts, started by server.ts), every
 *   committed update or deletion of a row by any instance, or by hand in SQL, drops it here
 *   within the notification's delay; while that relay is not listening nothing is served;
 * - whatever happens, a row is at most `ttlMs` old, and at most `maxEntries` are kept.
 *
 * A read that was under way when a row was dropped is not kept (it may predate the change).
 * Rows are frozen: requests share them. Sessions (../auth/sessions.repository.ts) are kept
 * the same way, by session id: ending one announces it, and its access tokens stop working.
 */
export function createSessionUsers(options: SessionUsersOptions = {}): SessionUsers {
  const users = createKeptRows<UserRow>(options, freezeUser);
  const sessions = createKeptRows<SessionRow>(options, (row) => Object.freeze(row));
  const both = (act: (rows: KeptRows<unknown>) => void) => () => {
    act(users);
    act(sessions);
  };
  return {
    get: users.get,
    peek: users.peek,
    forget: users.forget,
    forgetAll: both((rows) => rows.forgetAll()),
    suspend: both((rows) => rows.suspend()),
    resume: both((rows) => rows.resume()),
    get size() {
      return users.size;
    },
    sessions,
  };
}

function createKeptRows<T>(
  {
    ttlMs = SESSION_USER_TTL_MS,
    maxEntries = SESSION_USER_MAX_ENTRIES,
    now = () => performance.now(),
  }: SessionUsersOptions,
  freeze: (row: T) => T,
): KeptRows<T> {
  const entries = new Map<string, Entry<T>>();
  const reading = new Map<string, Promise<T | undefined>>();
  /** Bumped by every drop: a read that started in an earlier generation is not kept. */
  let generation = 0;
  let serving = true;

  function keep(id: string, row: T): void {
    entries.delete(id);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(id, { row, expiresAt: now() + ttlMs });
  }

  function read(id: string, load: (id: string) => Promise<T | undefined>) {
    const startedIn = generation;
    const done = () => {
      if (reading.get(id) === promise) reading.delete(id);
    };
    const promise = load(id).then(
      (row) => {
        done();
        if (!row) return undefined;
        const shared = freeze(row);
        if (serving && startedIn === generation) keep(id, shared);
        return shared;
      },
      (err: unknown) => {
        done();
        throw err;
      },
    );
    reading.set(id, promise);
    return promise;
  }

  function forgetAll(): void {
    generation++;
    entries.clear();
    reading.clear();
  }

  return {
    get(id, load) {
      if (!serving) return load(id);
      const entry = entries.get(id);
      if (entry && entry.expiresAt > now()) return Promise.resolve(entry.row);
      return reading.get(id) ?? read(id, load);
    },
    peek(id) {
      const entry = serving ? entries.get(id) : undefined;
      return entry && entry.expiresAt > now() ? entry.row : undefined;
    },
    forget(id) {
      generation++;
      entries.delete(id);
      reading.delete(id);
    },
    forgetAll,
    suspend() {
      serving = false;
      forgetAll();
    },
    resume() {
      forgetAll();
      serving = true;
    },
    get size() {
      return entries.size;
    },
  };
}
