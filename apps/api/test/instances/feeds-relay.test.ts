/**
 * The feeds-changed relay (src/changes/feeds-relay.ts) in one process, on a real database:
 * a reader's prepared feed answer follows changes of their feed made elsewhere (another
 * instance, or SQL by hand), announced by the triggers on `recommendations` (migration 0012),
 * and a relay that loses its connection drops every answer it may have missed changes for.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEEDS_CHANNEL,
  FEEDS_RELAY_APPLICATION_NAME,
  startFeedsChangedRelay,
} from '../../src/changes/index.js';
import { createLogger } from '../../src/lib/logger.js';
import { createTestContext, type TestContext } from '../context.js';
import { insertArticles } from '../fixtures.js';
import { createReader, type TestReader } from '../readers.js';
import { labelledCorpus, readerClient } from '../recommendations.js';
import { eventually } from './instance.js';

const INTERESTS = ['politics', 'business', 'world'];
let ctx: TestContext;
let sql: pg.Client;
let relay: { stop(): Promise<void> };
let client: ReturnType<typeof readerClient>;

beforeAll(async () => {
  // Answers would live 10 minutes unannounced (and the clock here stands still).
  ctx = await createTestContext({ publicCacheSeconds: 600 });
  const connectionString = ctx.database.pool.options.connectionString!;
  sql = new pg.Client({ connectionString });
  await sql.connect();
  relay = await startFeedsChangedRelay({
    connectionString,
    changes: ctx.deps.changes,
    logger: createLogger('silent'),
    reconnectMs: 20,
  });
  client = readerClient(ctx.request);
  await insertArticles(ctx.database.db, labelledCorpus([...INTERESTS, 'sports'], 8));
});
afterAll(async () => {
  await relay?.stop();
  await sql?.end();
  await ctx?.close();
});

async function readerWithFeed() {
  const reader = await createReader(ctx.deps);
  await client.setInterests(reader, INTERESTS);
  const feed = await client.feed(reader);
  expect(feed.recommendations.length).toBeGreaterThan(1);
  return { reader, feed };
}

/** Marks the reader's first recommendation read by hand, as another instance would. */
const markFirstReadByHand = (reader: TestReader, id: string) =>
  sql.query(`update recommendations set status = 'read' where user_id = $1 and id = $2`, [
    reader.id,
    id,
  ]);

const statusShown = async (reader: TestReader, id: string) =>
  (await client.feed(reader)).recommendations.find((r) => r._id === id)?.status;

describe('feeds-changed relay', () => {
  it('the triggers announce each changed feed once per statement, with the reader’s id', async () => {
    const one = await readerWithFeed();
    const two = await readerWithFeed();
    const heard: string[] = [];
    const listener = new pg.Client({
      connectionString: ctx.database.pool.options.connectionString,
    });
    await listener.connect();
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query(`listen ${FEEDS_CHANNEL}`);
    try {
      // One statement touching every row of both readers' feeds.
      await sql.query(`update recommendations set score = score where user_id = any($1::uuid[])`, [
        [one.reader.id, two.reader.id],
      ]);
      await sql.query(`delete from recommendations where user_id = $1`, [two.reader.id]);
      await eventually('three notifications', async () => heard.length >= 3 || undefined, 3_000);
      expect(heard.slice(0, 2).sort()).toEqual([one.reader.id, two.reader.id].sort());
      expect(heard[2]).toBe(two.reader.id);
    } finally {
      await listener.end();
    }
  });

  it('shows a feed changed outside this process', async () => {
    const { reader, feed } = await readerWithFeed();
    const first = feed.recommendations[0]!;
    expect(await statusShown(reader, first._id)).toBe('new');
    await markFirstReadByHand(reader, first._id);
    await eventually(
      'the change in the answer',
      async () => (await statusShown(reader, first._id)) === 'read' || undefined,
      3_000,
    );
  });

  it('after its connection is cut, listens again and serves no answer it may have missed a change for', async () => {
    const { reader, feed } = await readerWithFeed();
    const first = feed.recommendations[0]!;
    expect(await statusShown(reader, first._id)).toBe('new');
    const { rowCount } = await sql.query(
      `select pg_terminate_backend(pid, 5000) from pg_stat_activity
        where application_name = $1 and datname = current_database()`,
      [FEEDS_RELAY_APPLICATION_NAME],
    );
    expect(rowCount).toBe(1);
    // Changed while nobody may be listening.
    await markFirstReadByHand(reader, first._id);
    await eventually(
      'the change made meanwhile',
      async () => (await statusShown(reader, first._id)) === 'read' || undefined,
      5_000,
    );
    // The stale answer is dropped as soon as the connection is lost, which can be before the
    // relay has connected again (after reconnectMs), as the other relays' tests wait for too.
    await eventually(
      'the relay listening again',
      async () => {
        const { rows } = await sql.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where application_name = $1 and datname = current_database()`,
          [FEEDS_RELAY_APPLICATION_NAME],
        );
        return rows[0]!.n === 1 || undefined;
      },
      5_000,
    );
  });
});
