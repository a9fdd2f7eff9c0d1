/**
 * Two instances on one database, each with its own app, mail outbox and job queue: a reader's
 * edition leaves once, whether both build it at the same moment or both queues run the tick.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../app.js';
import type { AppDeps } from '../../deps.js';
import { users } from '../../db/schema.js';
import { createSmtpMailer } from '../../lib/mailer.js';
import { createMailOutbox, type MailOutbox } from '../mail/index.js';
import { createFeedService } from '../feed/index.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { contractAgent } from '../../../test/contract.js';
import { insertArticles } from '../../../test/fixtures.js';
import { createReader, type TestReader } from '../../../test/readers.js';
import { labelledCorpus } from '../../../test/recommendations.js';
import { editionJob } from './edition-job.js';
import { createEditionService, type EditionService } from './edition.service.js';
import { startJobQueue, type JobQueue } from './job-queue.js';

const INTERESTS = ['politics', 'business', 'world'];

let ctx: TestContext;
let second: { deps: AppDeps; outbox: MailOutbox; app: ReturnType<typeof createApp> };
const instances: EditionService[] = [];
const queues: JobQueue[] = [];

/** The test database's URL, as the queue connects to it (the direct URL in production). */
async function databaseUrl(): Promise<string> {
  const { rows } = await ctx.database.pool.query('select current_database() as name');
  const url = new URL(inject('pgServerUrl'));
  url.pathname = `/${rows[0].name}`;
  return url.toString();
}

beforeAll(async () => {
  ctx = await createTestContext({ appOrigin: 'https://lede.example' });
  // The second instance: the same database, secret and clock; its own outbox and services.
  const outbox = createMailOutbox({
    db: ctx.database.db,
    mailer: createSmtpMailer(ctx.deps.config.smtpUrl!, ctx.deps.config.mailFrom),
    logger: ctx.deps.logger,
  });
  outbox.start();
  const deps = { ...ctx.deps, outbox };
  second = { deps, outbox, app: createApp(deps) };
  for (const d of [ctx.deps, deps]) {
    instances.push(createEditionService(d, createFeedService(d)));
  }
  await insertArticles(ctx.database.db, labelledCorpus([...INTERESTS, 'sports'], 12));
}, 60_000);
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await second.outbox.stop();
  await ctx.close();
});

async function subscribedReader(time: string): Promise<TestReader & { email: string }> {
  const r = await createReader(ctx.deps);
  const agent = contractAgent(second.app);
  expect(
    (await agent.post('/api/profile/setinterests').set(r.auth()).send({ interests: INTERESTS }))
      .status,
  ).toBe(200);
  const settings = { frequency: 'daily', time, timezone: 'Europe/Lisbon' };
  expect((await agent.put('/api/profile/edition').set(r.auth()).send(settings)).status).toBe(200);
  const [row] = await ctx.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, r.id));
  return { ...r, email: row!.email };
}

/** Every mail either instance sent to the reader (each outbox idle first). */
async function mailsTo(email: string) {
  await second.outbox.idle();
  return ctx.mail.messagesTo(email);
}

/** Waits until the queue has run the job (completed or failed), polling its state. */
async function finished(queue: JobQueue, id: string) {
  for (let i = 0; i < 300; i++) {
    const state = await queue.stateOf('edition-tick', id);
    if (state === 'completed' || state === 'failed') return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} did not finish`);
}

describe('two instances', () => {
  it('building the same edition at the same moment send it once', async () => {
    const r = await subscribedReader('09:00');
    ctx.clock.set('2030-03-11T09:00:00Z'); // 09:00 in Lisbon
    const sent = await Promise.all(instances.map((editions) => editions.sendDue()));
    expect(sent.reduce((a, b) => a + b)).toBe(1);
    expect(await mailsTo(r.email)).toHaveLength(1);
    // Later ticks of either find it recorded.
    ctx.clock.set('2030-03-11T09:01:00Z');
    await Promise.all(instances.map((editions) => editions.sendDue()));
    expect(await mailsTo(r.email)).toHaveLength(1);
  });

  it('sending the tick through both job queues send it once', async () => {
    const connectionString = await databaseUrl();
    for (const editions of instances) {
      queues.push(
        await startJobQueue({
          connectionString,
          jobs: [editionJob(editions)],
          logger: ctx.deps.logger,
          schedule: false,
          pollingIntervalSeconds: 0.5,
        }),
      );
    }
    const r = await subscribedReader('10:30');
    ctx.clock.set('2030-03-12T10:30:00Z');
    const ids = await Promise.all(queues.map((queue) => queue.send('edition-tick')));
    for (const id of ids) if (id) expect(await finished(queues[0]!, id)).toBe('completed');
    expect(ids.some(Boolean)).toBe(true);
    expect(await mailsTo(r.email)).toHaveLength(1);
    const again = await queues[1]!.send('edition-tick');
    expect(await finished(queues[1]!, again!)).toBe('completed');
    expect(await mailsTo(r.email)).toHaveLength(1);
  });
});
