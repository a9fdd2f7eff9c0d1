import { and, eq, inArray, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { MailOutbox, MailOutboxObserver, QueueOptions } from '../../lib/mail-outbox.types.js';
import type { MailMessage, Mailer } from '../../lib/mailer.js';

/** Delays before the 2nd, 3rd, ... attempt at a mail the server refused. */
const DEFAULT_RETRY_DELAYS_MS = [2_000, 15_000, 60_000, 300_000];
/** How often an idle worker looks for mail queued by another instance or left by a crash. */
const DEFAULT_POLL_MS = 5_000;
/**
 * How long a claimed mail stays out of other workers' reach. Longer than the slowest send the
 * SMTP timeouts allow (lib/mailer.ts), so only a worker that died mid-send hands its mail on.
 */
const DEFAULT_LEASE_MS = 120_000;
/** Mails one worker sends at once. */
const DEFAULT_BATCH_SIZE = 5;
/** How long a stopping worker waits for the sends in flight. */
const DEFAULT_STOP_TIMEOUT_MS = 10_000;

const UNOBSERVED: MailOutboxObserver = {
  sent: () => undefined,
  attemptFailed: () => undefined,
  gaveUp: () => undefined,
};

export interface MailOutboxOptions {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /**
   * Every time in the outbox (queued, expiry, attempts, leases) is on this clock: real time by
   * default, also in tests whose app clock jumps ahead (a mail queued before the jump still goes
   * out); tests of expiry and back-off hand a clock of their own.
   */
  clock?: Clock;
  retryDelaysMs?: readonly number[];
  observer?: MailOutboxObserver;
  pollMs?: number;
  leaseMs?: number;
  batchSize?: number;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/** Deletes failed and expired mails created before `before` (maintenance; sent ones are gone). */
export async function pruneMailOutbox(db: DbExecutor, before: Date): Promise<void> {
  await db
    .delete(mailOutbox)
    .where(
      and(inArray(mailOutbox.status, ['failed', 'expired']), lt(mailOutbox.createdAt, before)),
    );
}

export function createMailOutbox({
  db,
  mailer,
  logger,
  clock = systemClock,
  retryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
  observer = UNOBSERVED,
  pollMs = DEFAULT_POLL_MS,
  leaseMs = DEFAULT_LEASE_MS,
  batchSize = DEFAULT_BATCH_SIZE,
}: MailOutboxOptions): MailOutbox {
  let stopped = true;
  let running: Promise<void> | undefined;
  /** A wake came while a cycle ran: look again before sleeping. */
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  /** Resolved at the end of each cycle: true when nothing was left waiting. */
  let cycleWaiters: Array<(nothingLeft: boolean) => void> = [];

  const notLocked = (now: Date) =>
    or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, now));

  /**
   * Takes up to `batchSize` due mails in one statement. `FOR UPDATE SKIP LOCKED` passes over rows
   * another worker is claiming at the same moment, and the lease set here keeps them away from
   * every other worker until this one is done. Mails past their `not_after` are marked expired
   * in the same statement instead of being claimed.
   */
  async function claim(): Promise<OutboxRow[]> {
    const now = clock.now();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now), notLocked(now)),
      )
      .orderBy(mailOutbox.nextAttemptAt, mailOutbox.createdAt)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const expired = sql`coalesce(${mailOutbox.notAfter} <= ${now}::timestamptz, false)`;
    return db
      .update(mailOutbox)
      .set({
        status: sql`case when ${expired} then 'expired' else 'pending' end`,
        attempts: sql`case when ${expired} then ${mailOutbox.attempts} else ${mailOutbox.attempts} + 1 end`,
        lockedUntil: sql`case when ${expired} then null else ${new Date(now.getTime() + leaseMs)}::timestamptz end`,
        lastAttemptAt: sql`case when ${expired} then ${mailOutbox.lastAttemptAt} else ${now}::timestamptz end`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function deliver(row: OutboxRow): Promise<void> {
    const log = { mailId: row.id, to: row.recipient, subject: row.subject, attempt: row.attempts };
    if (row.status === 'expired') {
      logger.warn(log, 'mail expired before it could be delivered; not sent');
      observer.expired?.();
      return;
    }
    try {
      await mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        logSummary: row.logSummary ?? undefined,
        headers: row.headers ?? undefined,
      });
    } catch (err) {
      await failed(row, err);
      return;
    }
    // Sent: the row goes, and the code in its text with it.
    await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
    observer.sent();
  }

  async function failed(row: OutboxRow, err: unknown): Promise<void> {
    const delay = retryDelaysMs[row.attempts - 1];
    const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const log = {
      err,
      mailId: row.id,
      to: row.recipient,
      subject: row.subject,
      attempt: row.attempts,
    };
    if (delay === undefined) {
      await db
        .update(mailOutbox)
        .set({ status: 'failed', lockedUntil: null, lastError })
        .where(eq(mailOutbox.id, row.id));
      logger.error(log, 'mail could not be delivered; giving up (kept in mail_outbox for a day)');
      observer.attemptFailed();
      observer.gaveUp();
      return;
    }
    const next = new Date(clock.now().getTime() + delay);
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: next, lockedUntil: null, lastError })
      .where(eq(mailOutbox.id, row.id));
    logger.warn({ ...log, retryInMs: delay }, 'mail could not be delivered; will retry');
    observer.attemptFailed();
  }

  /** Sends every due mail, a batch at a time, until none is due or the worker stops. */
  async function drain(): Promise<void> {
    while (!stopped) {
      const rows = await claim();
      if (rows.length === 0) return;
      await Promise.all(
        rows.map((row) =>
          deliver(row).catch((err: unknown) =>
            // The outcome could not be written: the lease runs out and the mail is tried again.
            logger.error({ err, mailId: row.id }, 'mail outbox could not record an attempt'),
          ),
        ),
      );
    }
  }

  /** When the earliest waiting mail is due; null when nothing waits (sent, given up or expired). */
  async function nextDue(): Promise<Date | null> {
    const now = clock.now();
    const [row] = await db
      .select({ next: min(mailOutbox.nextAttemptAt) })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), notLocked(now)));
    return row?.next ?? null;
  }

  function arm(next: Date | null): void {
    clearTimeout(timer);
    if (stopped) return;
    const wait =
      next === null
        ? pollMs
        : Math.min(pollMs, Math.max(0, next.getTime() - clock.now().getTime()));
    timer = setTimeout(wake, wait);
    timer.unref();
  }

  async function cycle(): Promise<boolean> {
    for (;;) {
      again = false;
      await drain();
      if (stopped) return true;
      const next = await nextDue();
      if (again) continue;
      arm(next);
      return next === null;
    }
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = cycle()
      .catch((err: unknown) => {
        logger.warn({ err }, 'mail outbox could not be read; trying again later');
        arm(null);
        return false;
      })
      .then((nothingLeft) => {
        running = undefined;
        const waiters = cycleWaiters;
        cycleWaiters = [];
        for (const resolve of waiters) resolve(nothingLeft);
      });
  }

  async function queue(tx: DbExecutor, message: MailMessage, options: QueueOptions = {}) {
    const now = clock.now();
    await tx.insert(mailOutbox).values({
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      logSummary: message.logSummary ?? null,
      headers: message.headers ?? null,
      createdAt: now,
      notAfter:
        options.validForMs === undefined ? null : new Date(now.getTime() + options.validForMs),
      nextAttemptAt: now,
    });
  }

  return {
    queue,
    async send(message, options) {
      await queue(db, message, options);
      wake();
    },
    wake,
    start() {
      if (!stopped) return;
      stopped = false;
      wake();
    },
    async stop(timeoutMs = DEFAULT_STOP_TIMEOUT_MS) {
      stopped = true;
      clearTimeout(timer);
      if (!running) {
        const waiters = cycleWaiters;
        cycleWaiters = [];
        for (const resolve of waiters) resolve(true);
        return;
      }
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([
        running,
        new Promise<void>((resolve) => (giveUp = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(giveUp);
    },
    async idle() {
      let first = true;
      for (;;) {
        if (stopped) {
          await running;
          return;
        }
        const ended = new Promise<boolean>((resolve) => cycleWaiters.push(resolve));
        // The first look starts now, so a mail queued just before counts; later ones come
        // when the next retry is due.
        if (first) wake();
        first = false;
        if (await ended) return;
      }
    },
  };
}
