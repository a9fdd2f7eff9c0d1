import { OTP_TTL_SECONDS } from '@lede/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { mailOutbox } from '../src/db/schema.js';
import { ManualClock, type Clock } from '../src/lib/clock.js';
import {
  createMailOutbox,
  type MailOutbox,
  type MailOutboxObserver,
} from '../src/modules/mail/index.js';
import { createSmtpMailer } from '../src/lib/mailer.js';
import { pruneExpired } from '../src/maintenance.js';
import { otpMail } from '../src/modules/auth/otp.mail.js';
import { contractAgent } from './contract.js';
import { createTestContext, type TestContext } from './context.js';
import { uniqueEmail } from './flows.js';

const DAY = 24 * 3_600_000;

let ctx: TestContext;
let instances: Instance[] = [];
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  for (const instance of instances) await instance.stop();
  instances = [];
  await ctx.close();
});

type Outcome = 'sent' | 'attemptFailed' | 'gaveUp' | 'expired';

/** Counts what an outbox reports, and lets a test wait for a count (with a deadline). */
function recorder() {
  const counts: Record<Outcome, number> = { sent: 0, attemptFailed: 0, gaveUp: 0, expired: 0 };
  let waiters: Array<{ outcome: Outcome; n: number; resolve: () => void }> = [];
  const bump = (outcome: Outcome) => {
    counts[outcome] += 1;
    waiters = waiters.filter((w) => (counts[w.outcome] >= w.n ? (w.resolve(), false) : true));
  };
  const observer: MailOutboxObserver = {
    sent: () => bump('sent'),
    attemptFailed: () => bump('attemptFailed'),
    gaveUp: () => bump('gaveUp'),
    expired: () => bump('expired'),
  };
  const reached = (outcome: Outcome, n: number, timeoutMs = 5_000) =>
    counts[outcome] >= n
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`${outcome} never reached ${n} (${counts[outcome]})`)),
            timeoutMs,
          );
          waiters.push({ outcome, n, resolve: () => (clearTimeout(timer), resolve()) });
        });
  return { counts, observer, reached };
}

/** Polls a condition until it holds or the deadline passes. */
async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface Instance {
  app: ReturnType<typeof createApp>;
  outbox: MailOutbox;
  database: DatabaseHandle;
  recorded: ReturnType<typeof recorder>;
  stop(): Promise<void>;
}

/**
 * Another API process on the test's database: a pool, an outbox worker and an app of its own,
 * mailing through the same SMTP server. Its worker starts when the test says so.
 */
function anotherInstance(
  options: {
    clock?: Clock;
    retryDelaysMs?: number[];
    batchSize?: number;
    pollMs?: number;
    observer?: MailOutboxObserver;
  } = {},
): Instance {
  const database = openDatabase(ctx.database.pool.options.connectionString!, 5);
  const recorded = recorder();
  const outbox = createMailOutbox({
    db: database.db,
    mailer: createSmtpMailer(ctx.deps.config.smtpUrl!, ctx.deps.config.mailFrom),
    logger: ctx.deps.logger,
    retryDelaysMs: [20, 50, 100],
    observer: recorded.observer,
    ...options,
  });
  const app = createApp({ ...ctx.deps, db: database.db, pool: database.pool, outbox });
  let stopped = false;
  const instance: Instance = {
    app,
    outbox,
    database,
    recorded,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await outbox.stop();
      await database.close();
    },
  };
  instances.push(instance);
  return instance;
}

const outboxRows = () => ctx.deps.db.select().from(mailOutbox).orderBy(mailOutbox.createdAt);

async function verifies(app: Instance['app'], email: string, hash: string, otp: string) {
  await contractAgent(app).post('/api/auth/verify-otp').send({ email, otp, hash }).expect(200);
}

describe('mail outbox: mail survives a restart', () => {
  it('sends a code queued while no worker ran once a new process starts on the same database', async () => {
    await ctx.deps.outbox.stop(); // the process goes down right after answering
    const email = uniqueEmail();
    const sent = await ctx.request().post('/api/auth/send-otp').send({ email }).expect(200);

    const [row] = await outboxRows();
    expect(row).toMatchObject({ recipient: email, status: 'pending', attempts: 0 });
    // Useless once the code expired: never sent after that.
    expect(row!.notAfter!.getTime() - row!.createdAt.getTime()).toBe(OTP_TTL_SECONDS * 1000);
    expect(ctx.mail.messages).toHaveLength(0);

    const next = anotherInstance();
    next.outbox.start();
    ctx.mail.waitForOutbox(next.outbox);
    const code = await ctx.mail.lastCode(email);
    await verifies(next.app, email, sent.body.hash, code);
    expect(await ctx.mail.messagesTo(email)).toHaveLength(1);
    expect(await outboxRows()).toEqual([]); // sent: the row and its code are gone
    expect(next.recorded.counts.sent).toBe(1);
  });

  it('sends a code the mail server refused from the next process once the server takes mail', async () => {
    await ctx.deps.outbox.stop();
    // The first process's outbox clock stands still: its retry never comes before it stops.
    const first = anotherInstance({ clock: new ManualClock(new Date()), retryDelaysMs: [20] });
    first.outbox.start();
    ctx.mail.refuse = true;
    const email = uniqueEmail();
    const sent = await contractAgent(first.app)
      .post('/api/auth/send-otp')
      .send({ email })
      .expect(200);
    await first.recorded.reached('attemptFailed', 1);
    await first.stop();

    const [row] = await outboxRows();
    expect(row).toMatchObject({
      recipient: email,
      status: 'pending',
      attempts: 1,
      lockedUntil: null,
    });
    expect(row!.lastError).toMatch(/Mailbox unavailable/);

    ctx.mail.refuse = false;
    const next = anotherInstance();
    next.outbox.start();
    ctx.mail.waitForOutbox(next.outbox);
    const code = await ctx.mail.lastCode(email);
    await verifies(next.app, email, sent.body.hash, code);
    expect(await outboxRows()).toEqual([]);
    expect(first.recorded.counts).toMatchObject({ sent: 0, attemptFailed: 1, gaveUp: 0 });
    expect(next.recorded.counts).toMatchObject({ sent: 1, attemptFailed: 0 });
  });
});

describe('mail outbox: expiry', () => {
  it('never sends a code that expired before it could leave, and still sends one that did not', async () => {
    await ctx.deps.outbox.stop();
    // The worker is down (or the mail server was) while the codes' time runs.
    const clock = new ManualClock(new Date());
    const instance = anotherInstance({ clock, observer: ctx.metrics.mailOutbox });
    const agent = contractAgent(instance.app);
    const stale = uniqueEmail('stale');
    const fresh = uniqueEmail('fresh');
    await agent.post('/api/auth/send-otp').send({ email: stale }).expect(200);
    clock.advance(200_000);
    ctx.clock.advance(200_000);
    await agent.post('/api/auth/send-otp').send({ email: fresh }).expect(200);
    clock.advance(100_001); // the first code expired 1 ms ago; the second has 200 s left
    ctx.clock.advance(100_001);

    instance.outbox.start();
    ctx.mail.waitForOutbox(instance.outbox);
    expect(await ctx.mail.messagesTo(stale)).toHaveLength(0);
    expect(await ctx.mail.messagesTo(fresh)).toHaveLength(1);
    // Kept for the operator (never attempted); maintenance removes it a day later.
    expect(await outboxRows()).toMatchObject([
      { recipient: stale, status: 'expired', attempts: 0 },
    ]);
    // What GET /api/metrics answers (its access: metrics.test.ts).
    const metrics = await ctx.metrics.exposition();
    expect(metrics).toMatch(/^lede_mail_expired_total 1$/m);
    expect(metrics).toMatch(/^lede_mail_sent_total 1$/m);
  });
});

describe('mail outbox: retries', () => {
  it('backs off by the configured delays, and delivers once the server takes the mail', async () => {
    await ctx.deps.outbox.stop();
    const schedule = new ManualClock('2026-06-01T08:00:00Z');
    const worker = anotherInstance({
      clock: schedule,
      retryDelaysMs: [60_000, 300_000],
      pollMs: 3_600_000,
    });
    worker.outbox.start();
    ctx.mail.refuse = true;
    const email = uniqueEmail();
    await worker.outbox.send(otpMail(email, 'login', '482913', 'https://lede.example'), {
      validForMs: 3_600_000,
    });

    await worker.recorded.reached('attemptFailed', 1);
    let [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(row!.lastAttemptAt).toEqual(new Date('2026-06-01T08:00:00Z'));
    expect(row!.nextAttemptAt).toEqual(new Date('2026-06-01T08:01:00Z')); // + 60 s
    expect(row!.lastError).toMatch(/Mailbox unavailable/);

    schedule.advance(60_000);
    worker.outbox.wake();
    await worker.recorded.reached('attemptFailed', 2);
    [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row!.lastAttemptAt).toEqual(new Date('2026-06-01T08:01:00Z'));
    expect(row!.nextAttemptAt).toEqual(new Date('2026-06-01T08:06:00Z')); // + 300 s

    ctx.mail.refuse = false;
    schedule.advance(300_000);
    ctx.mail.waitForOutbox(worker.outbox); // idle() looks at once, then waits for delivery
    expect((await ctx.mail.messagesTo(email)).map((m) => m.code)).toEqual(['482913']);
    expect(await outboxRows()).toEqual([]);
    expect(worker.recorded.counts).toEqual({ sent: 1, attemptFailed: 2, gaveUp: 0, expired: 0 });
  });

  it('gives up after the last delay, keeps the mail for the operator, and prunes it a day later', async () => {
    const email = uniqueEmail();
    ctx.mail.refuse = true;
    await ctx.request().post('/api/auth/send-otp').send({ email }).expect(200);
    expect(await ctx.mail.messagesTo(email)).toHaveLength(0); // waits for the outbox to give up
    ctx.mail.refuse = false;
    const [failed] = await outboxRows();
    // The first attempt and the test outbox's three retries.
    expect(failed).toMatchObject({ recipient: email, status: 'failed', attempts: 4 });
    expect(failed!.lastError).toMatch(/Mailbox unavailable/);

    // A mail still waiting is never pruned, whatever its age.
    await ctx.deps.outbox.stop();
    const waiting = uniqueEmail();
    await ctx.request().post('/api/auth/send-otp').send({ email: waiting }).expect(200);

    const clock = new ManualClock(new Date()); // the outbox's clock is real time here
    await pruneExpired(ctx.deps.db, clock);
    expect(await outboxRows()).toHaveLength(2);
    clock.advance(DAY + 1);
    await pruneExpired(ctx.deps.db, clock);
    expect(await outboxRows()).toMatchObject([{ recipient: waiting, status: 'pending' }]);
  });
});

describe('mail outbox: several workers', () => {
  it('two workers on one database send each mail exactly once', async () => {
    await ctx.deps.outbox.stop();
    const batchSize = 3;
    const a = anotherInstance({ batchSize });
    const b = anotherInstance({ batchSize });
    const recipients = Array.from({ length: 12 }, (_, i) => uniqueEmail(`worker${i}`));
    for (const [i, to] of recipients.entries()) {
      await a.outbox.send({
        to,
        subject: `Mail ${i}`,
        text: `Mail ${i}`,
        html: `<p>Mail ${i}</p>`,
      });
    }

    // A slow mail server: each worker holds a full batch in flight, so both work at once.
    const release = ctx.mail.hold();
    try {
      a.outbox.start();
      b.outbox.start();
      await until(
        'both workers to have a batch in flight',
        () => ctx.mail.holding === 2 * batchSize,
      );
      const rows = await outboxRows();
      expect(rows.filter((r) => r.lockedUntil !== null)).toHaveLength(2 * batchSize);
      expect(rows.filter((r) => r.attempts > 1)).toHaveLength(0);
    } finally {
      release();
    }
    await Promise.all([a.outbox.idle(), b.outbox.idle()]);

    expect(ctx.mail.messages.flatMap((m) => m.to).sort()).toEqual([...recipients].sort());
    expect(a.recorded.counts.sent + b.recorded.counts.sent).toBe(recipients.length);
    expect(a.recorded.counts.sent).toBeGreaterThanOrEqual(batchSize);
    expect(b.recorded.counts.sent).toBeGreaterThanOrEqual(batchSize);
    expect(await outboxRows()).toEqual([]);
  });
});
