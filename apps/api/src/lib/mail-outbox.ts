import type { Logger } from './logger.js';
import type { MailMessage, Mailer } from './mailer.js';

/** Delays before the 2nd, 3rd, ... attempt at a mail the server refused. */
const DEFAULT_RETRY_DELAYS_MS = [2_000, 15_000, 60_000, 300_000];

/**
 * Mails leave after the answer, never inside a request: a request that mails a code takes
 * the same time whether or not a mail goes out (forgot-password must not tell who has an
 * account), and a slow or failing mail server never holds a request. Failures are logged and
 * retried; the code stays valid meanwhile and the reader can ask for another.
 */
export interface MailOutbox {
  /** Queues a message; returns at once. */
  send(message: MailMessage): void;
  /** Resolves once every queued message was delivered or given up (tests, shutdown). */
  idle(): Promise<void>;
}

/** Told what becomes of each mail (metrics). */
export interface MailOutboxObserver {
  sent(): void;
  /** One attempt failed; the mail is retried or, when it was the last, given up. */
  attemptFailed(): void;
  gaveUp(): void;
}

const UNOBSERVED: MailOutboxObserver = {
  sent: () => undefined,
  attemptFailed: () => undefined,
  gaveUp: () => undefined,
};

export function createMailOutbox(
  mailer: Mailer,
  logger: Logger,
  retryDelaysMs: readonly number[] = DEFAULT_RETRY_DELAYS_MS,
  observer: MailOutboxObserver = UNOBSERVED,
): MailOutbox {
  let pending = 0;
  let waiters: Array<() => void> = [];

  const settle = () => {
    pending -= 1;
    if (pending > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const attempt = (message: MailMessage, attemptNo: number): void => {
    const delivered = () => {
      observer.sent();
      settle();
    };
    mailer.send(message).then(delivered, (err: unknown) => {
      observer.attemptFailed();
      const delay = retryDelaysMs[attemptNo];
      const log = { err, to: message.to, subject: message.subject, attempt: attemptNo + 1 };
      if (delay === undefined) {
        logger.error(log, 'mail could not be delivered; giving up');
        observer.gaveUp();
        settle();
        return;
      }
      logger.warn({ ...log, retryInMs: delay }, 'mail could not be delivered; will retry');
      setTimeout(() => attempt(message, attemptNo + 1), delay).unref();
    });
  };

  return {
    send(message) {
      pending += 1;
      attempt(message, 0);
    },
    idle: () =>
      pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
  };
}
