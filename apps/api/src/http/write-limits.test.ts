import { and, eq, inArray, sum } from 'drizzle-orm';
import sharp from 'sharp';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { insertArticles } from '../../test/fixtures.js';
import { createReader, type TestReader } from '../../test/readers.js';
import { labelledCorpus, readerClient } from '../../test/recommendations.js';
import { articleReactions, articles } from '../db/schema.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertArticles(ctx.database.db, labelledCorpus(['politics', 'business', 'world'], 10));
});
afterAll(async () => {
  await ctx.close();
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const TOO_MANY_WRITES = {
  message: "You're doing that too often. Please wait a moment and try again.",
  code: 'TOO_MANY_WRITES',
  retryAfter: expect.any(Number),
};

const post = (context: TestContext, reader: TestReader, path: string, body: object = {}) =>
  context.request().post(path).set(reader.auth()).send(body);
const like = (reader: TestReader, articleId: string, context = ctx) =>
  post(context, reader, '/api/userinteractions/like', { article_id: articleId });

/** `requests` sent `batch` at a time, each batch all at once. */
async function inBatches(
  requests: (() => supertest.Test)[],
  batch: number,
): Promise<supertest.Response[]> {
  const responses: supertest.Response[] = [];
  for (let i = 0; i < requests.length; i += batch)
    responses.push(...(await Promise.all(requests.slice(i, i + batch).map((send) => send()))));
  return responses;
}

const freshArticles = async (n: number) =>
  (
    await insertArticles(
      ctx.database.db,
      Array.from({ length: n }, () => ({})),
    )
  ).map((a) => a.id);

async function likesStored(readerId: string, articleIds: string[]) {
  const rows = await ctx.database.db
    .select({ articleId: articleReactions.articleId })
    .from(articleReactions)
    .where(and(eq(articleReactions.userId, readerId), eq(articleReactions.kind, 'like')));
  const [counted] = await ctx.database.db
    .select({ likes: sum(articles.likes).mapWith(Number) })
    .from(articles)
    .where(inArray(articles.id, articleIds));
  return { rows: rows.length, counters: counted!.likes };
}

function expectRefusal(res: supertest.Response) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(TOO_MANY_WRITES);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(res.body.retryAfter).toBe(retryAfter);
  return retryAfter;
}

describe("limits on a reader's writes", () => {
  it('a burst of 300 likes passes 60, refuses the rest with 429 and Retry-After, never a 5xx', async () => {
    ctx.clock.set('2030-03-10T09:00:30Z');
    const reader = await createReader(ctx.deps);
    const ids = await freshArticles(300);

    const responses = await inBatches(
      ids.map((id) => () => like(reader, id)),
      50,
    );

    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    const accepted = responses.filter((r) => r.status === 200);
    expect(accepted).toHaveLength(60);
    for (const refused of responses.filter((r) => r.status === 429)) expectRefusal(refused);
    // What the database holds is exactly what was accepted.
    expect(await likesStored(reader.id, ids)).toEqual({ rows: 60, counters: 60 });
  });

  it("another reader's writes pass while the first is refused", async () => {
    ctx.clock.set('2030-03-10T10:00:30Z');
    const [busy, other] = [await createReader(ctx.deps), await createReader(ctx.deps)];
    const ids = await freshArticles(61);
    await inBatches(
      ids.slice(0, 60).map((id) => () => like(busy, id).expect(200)),
      20,
    );
    expectRefusal(await like(busy, ids[60]!));

    const res = await like(other, ids[60]!);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ liked: true, likes: 1 });
  });

  it('lets the refused reader write again once Retry-After has passed, and a refusal costs nothing', async () => {
    ctx.clock.set('2030-03-10T11:00:30Z');
    const reader = await createReader(ctx.deps);
    const ids = await freshArticles(63);
    await inBatches(
      ids.slice(0, 60).map((id) => () => like(reader, id).expect(200)),
      20,
    );
    const retryAfter = expectRefusal(await like(reader, ids[60]!));
    // Asking again at once is refused for the same wait: the refused hit was not counted.
    expect(expectRefusal(await like(reader, ids[60]!))).toBe(retryAfter);

    ctx.clock.advance((retryAfter - 1) * SECOND);
    expectRefusal(await like(reader, ids[60]!));
    ctx.clock.advance(SECOND);
    await like(reader, ids[60]!).expect(200);
    expect(await likesStored(reader.id, ids)).toEqual({ rows: 61, counters: 61 });
  });

  it('never refuses a reader liking, saving, sharing, opening and refreshing at human speed', async () => {
    ctx.clock.set('2030-03-10T12:00:00Z');
    const reader = await createReader(ctx.deps);
    const client = readerClient(ctx.request);
    await client.setInterests(reader, ['politics', 'business', 'world']);
    const ids = await freshArticles(60);
    const statuses = new Set<number>();
    // An hour of eager reading: every 15 s one article opened, liked, saved or shared (with an
    // undo now and then), and the feed refreshed every minute.
    for (let minute = 0; minute < 60; minute++) {
      const id = ids[minute]!;
      for (const [path, body] of [
        ['/api/articles/markviewed', { article_id: id }],
        ['/api/userinteractions/like', { article_id: id }],
        ['/api/userinteractions/save', { article_id: id }],
        [
          minute % 5 === 0 ? '/api/userinteractions/like' : '/api/userinteractions/share',
          { article_id: id },
        ],
      ] as const) {
        statuses.add((await post(ctx, reader, path, body)).status);
        ctx.clock.advance(15 * SECOND);
      }
      statuses.add((await post(ctx, reader, '/api/recommendations/refresh')).status);
    }
    expect([...statuses]).toEqual([200]);
  });

  it('counts the feed rebuilds and the uploads in budgets of their own', async () => {
    ctx.clock.set('2030-03-10T14:00:30Z');
    const reader = await createReader(ctx.deps);
    const client = readerClient(ctx.request);
    await client.setInterests(reader, ['politics', 'business', 'world']);
    const statuses: number[] = [];
    for (let i = 0; i < 29; i++)
      statuses.push((await post(ctx, reader, '/api/recommendations/refresh')).status);
    // Setting the interests counted too: 29 refreshes pass, then the feed budget is spent.
    expect(statuses).toEqual(Array(29).fill(200));
    expectRefusal(await post(ctx, reader, '/api/recommendations/refresh'));
    expectRefusal(await post(ctx, reader, '/api/recommendations/preview', { changes: [] }));
    // Likes spend another budget.
    const [id] = await freshArticles(1);
    await like(reader, id!).expect(200);

    const picture = await sharp({
      create: { width: 16, height: 16, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    const upload = () =>
      ctx
        .request()
        .post('/api/profile/uploadpicture')
        .set(reader.auth())
        .attach('file', picture, 'me.png');
    for (let i = 0; i < 5; i++) await upload().expect(200);
    expectRefusal(await upload());
  });
});

/** What `work` resolves to, and the SQL it sent naming any of `tables` (the pool's own queries). */
async function statementsDuring<T>(tables: string[], work: () => PromiseLike<T>) {
  const pool = ctx.database.pool;
  const sent: string[] = [];
  const query = pool.query;
  pool.query = ((...args: Parameters<typeof pool.query>) => {
    const [first] = args as unknown[];
    const text = typeof first === 'string' ? first : ((first as { text?: string })?.text ?? '');
    if (tables.some((t) => text.includes(`"${t}"`) || text.includes(` ${t} `))) sent.push(text);
    return (query as (...a: unknown[]) => unknown).apply(pool, args);
  }) as typeof pool.query;
  try {
    return { result: await work(), statements: sent };
  } finally {
    pool.query = query;
  }
}

describe('a write foreseen over budget', () => {
  it('is refused before the session is read again, and only for a token that verifies', async () => {
    ctx.clock.set('2030-03-10T15:00:30Z');
    const reader = await createReader(ctx.deps);
    const ids = await freshArticles(61);
    await inBatches(
      ids.slice(0, 60).map((id) => () => like(reader, id).expect(200)),
      20,
    );
    // Renaming drops the reader's kept row: a request through the session reads it again.
    await ctx
      .request()
      .put('/api/profile/editname')
      .set(reader.auth())
      .send({ name: 'Renamed Reader' })
      .expect(200);

    const refused = await statementsDuring(['users', 'sessions', 'write_budgets'], () =>
      like(reader, ids[60]!),
    );
    expectRefusal(refused.result);
    expect(refused.statements).toEqual([]);

    // A token whose signature does not verify names nobody: 401, as for any other route.
    const [header, claims] = reader.auth().Authorization.slice('Bearer '.length).split('.');
    const forged = await ctx
      .request()
      .post('/api/userinteractions/like')
      .set('Authorization', `Bearer ${header}.${claims}.${'A'.repeat(43)}`)
      .send({ article_id: ids[60] });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('INVALID_TOKEN');

    expect(await likesStored(reader.id, ids)).toEqual({ rows: 60, counters: 60 });
    // Once the wait is over, the same reader's write goes through the session and is charged.
    ctx.clock.advance(expectRefusal(await like(reader, ids[60]!)) * SECOND);
    await like(reader, ids[60]!).expect(200);
  });
});

describe('the hourly budget', () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await createTestContext({ readerWrites: { perMinute: 5, perHour: 12 } });
  });
  afterAll(async () => {
    await small.close();
  });

  it('refuses past the hour’s writes even at a pace the minute allows, until the hour has slid', async () => {
    small.clock.set('2030-03-10T09:00:30Z');
    const reader = await createReader(small.deps);
    const ids = (
      await insertArticles(
        small.database.db,
        Array.from({ length: 14 }, () => ({})),
      )
    ).map((a) => a.id);
    const statuses: number[] = [];
    for (const id of ids.slice(0, 13)) {
      statuses.push((await like(reader, id, small)).status);
      small.clock.advance(30 * SECOND);
    }
    expect(statuses).toEqual([...Array(12).fill(200), 429]);

    const retryAfter = expectRefusal(await like(reader, ids[13]!, small));
    expect(retryAfter).toBeGreaterThan(MINUTE / SECOND);
    small.clock.advance(retryAfter * SECOND);
    await like(reader, ids[13]!, small).expect(200);
  });
});
