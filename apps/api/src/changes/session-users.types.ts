import type { sessions, users } from '../db/schema.js';

/** Rows kept by id, read again when told they changed (modules/auth/session-users.ts keeps them). */
export interface KeptRows<T> {
  /** The row of `id`: kept, or read with `load` (one read at a time per id) and kept. */
  get(id: string, load: (id: string) => Promise<T | undefined>): Promise<T | undefined>;
  /** The row of `id` if it is kept now; never reads. */
  peek(id: string): T | undefined;
  /** `id`'s row changed (or is gone): the next request reads it again. */
  forget(id: string): void;
  /** Anything may have changed: every row is read again. */
  forgetAll(): void;
  /** Changes may go unheard (the relay lost its connection): serve nothing until `resume`. */
  suspend(): void;
  /** Changes are heard again: start afresh. */
  resume(): void;
  readonly size: number;
}

/**
 * What a signed-in request resolves to: the reader's row, by reader id, and the state of the
 * session its token names, by session id (ended sessions are announced on the same channel).
 */
export interface SessionUsers extends KeptRows<typeof users.$inferSelect> {
  readonly sessions: KeptRows<typeof sessions.$inferSelect>;
}
