import type { DbExecutor } from '../db/client.js';
import type { MailMessage } from './mailer.js';

/**
 * Mails leave after the answer, never inside a request: a request that mails a code takes
 * the same time whether or not the mail server is up (forgot-password must not tell who has an
 * account), and a slow or failing mail server never holds a request. A request only adds a row
 * to the `mail_outbox` table, in its own transaction when it has one, so the mail survives a
 * restart; a worker in each process sends the rows, retries the refused ones and never sends a
 * code's mail after the code expired.
 */
export interface MailOutbox {
  /**
   * Adds a mail to the outbox inside the caller's transaction (it leaves only if that commits).
   * Call `wake()` once the transaction committed; until then the worker cannot see the row.
   */
  queue(tx: DbExecutor, message: MailMessage, options?: QueueOptions): Promise<void>;
  /** Adds a mail in a statement of its own and wakes the worker. Never waits for SMTP. */
  send(message: MailMessage, options?: QueueOptions): Promise<void>;
  /** Tells this process's worker that mail is waiting (after `queue` committed). */
  wake(): void;
  /** Starts the worker: it sends what is due at once (mail left by an earlier run too). */
  start(): void;
  /** Stops claiming mail and waits (at most `timeoutMs`) for the sends in flight. */
  stop(timeoutMs?: number): Promise<void>;
  /**
   * Resolves once nothing in the outbox is waiting for this worker: every mail was sent, given
   * up or expired (tests). A stopped worker resolves once its sends in flight are done.
   */
  idle(): Promise<void>;
}

export interface QueueOptions {
  /**
   * Never sent once this long has passed since it was queued (a code's lifetime: the mail is
   * useless once its code expired). A notice that is worth sending later has none.
   */
  validForMs?: number;
}

/** Told what becomes of each mail (metrics). */
export interface MailOutboxObserver {
  sent(): void;
  /** One attempt failed; the mail is retried or, when it was the last, given up. */
  attemptFailed(): void;
  gaveUp(): void;
  /** Not sent: its `notAfter` passed before it could leave. */
  expired?(): void;
}
