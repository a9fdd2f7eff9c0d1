import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles } from '../../../test/fixtures.js';
import { createReader, type TestReader } from '../../../test/readers.js';
import { articleReactions, articles, savedArticles } from '../../db/schema.js';
import { WriteBudgetStore } from '../../http/write-limits.js';

/**
 * Likes, dislikes and saves charge the reader's `actions` budget inside their own statement:
 * one round trip for the budget and the write, and over budget nothing is written.
 */

const PER_MINUTE = 3;
let ctx: TestContext;
let ids: string[];
beforeAll(async () => {
  ctx = await createTestContext({ readerWrites: { perMinute: PER_MINUTE, perHour: 100 } });
  ids = (
    await insertArticles(
      ctx.database.db,
      Array.from({ length: 12 }, () => ({})),
    )
  ).map((a) => a.id);
});
afterAll(async () => {
  await ctx.close();
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const post = (reader: TestReader, action: 'like' | 'dislike' | 'save', articleId: string) =>
  ctx
    .request()
    .post(`/api/userinteractions/${action}`)
    .set(reader.auth())
    .send({ article_id: articleId });

/** Another instance's charges to the reader's budget: this app's memory knows nothing of them. */
function otherInstance() {
  return new WriteBudgetStore(ctx.database.db, ctx.clock, 'writes-actions', {
    perMinute: PER_MINUTE,
    perHour: 100,
  });
}

async function stored(reader: TestReader, articleId: string) {
  const [counts] = await ctx.database.db
    .select({ likes: articles.likes, dislikes: articles.dislikes, saves: articles.saves })
    .from(articles)
    .where(eq(articles.id, articleId));
  const reactions = await ctx.database.db
    .select({ kind: articleReactions.kind })
    .from(articleReactions)
    .where(and(eq(articleReactions.userId, reader.id), eq(articleReactions.articleId, articleId)));
  const saves = await ctx.database.db
    .select({ id: savedArticles.id })
    .from(savedArticles)
    .where(and(eq(savedArticles.userId, reader.id), eq(savedArticles.articleId, articleId)));
  return { counts: counts!, reactions: reactions.length, saves: saves.length };
}

/** What `work` resolves to, every statement sent through the pool meanwhile, and the transactions opened. */
async function roundTripsDuring<T>(work: () => PromiseLike<T>) {
  const pool = ctx.database.pool;
  const statements: string[] = [];
  let transactions = 0;
  let inQuery = false;
  const { query, connect } = pool;
  pool.query = ((...args: unknown[]) => {
    const [first] = args;
    statements.push(typeof first === 'string' ? first : ((first as { text?: string }).text ?? ''));
    // pool.query takes its connection through pool.connect, at once: not a transaction.
    inQuery = true;
    try {
      return (query as (...a: unknown[]) => unknown).apply(pool, args);
    } finally {
      inQuery = false;
    }
  }) as typeof pool.query;
  pool.connect = ((...args: unknown[]) => {
    if (!inQuery) transactions++;
    return (connect as (...a: unknown[]) => unknown).apply(pool, args);
  }) as typeof pool.connect;
  try {
    return { result: await work(), statements, transactions };
  } finally {
    pool.query = query;
    pool.connect = connect;
  }
}

/** The statements of a request besides the session's (its kept rows are read again after a few seconds). */
const besidesSession = (statements: string[]) =>
  statements.filter((s) => !/from "(users|sessions)"/.test(s));

function expectTooManyWrites(res: { status: number; body: unknown; headers: object }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({
    message: "You're doing that too often. Please wait a moment and try again.",
    code: 'TOO_MANY_WRITES',
    retryAfter: expect.any(Number),
  });
  const retryAfter = Number((res.headers as Record<string, string>)['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect((res.body as { retryAfter: number }).retryAfter).toBe(retryAfter);
  return retryAfter;
}

describe('a like or a save within its budget', () => {
  it('is one statement for the budget and the write, and no transaction', async () => {
    ctx.clock.set('2030-03-10T09:00:30Z');
    const reader = await createReader(ctx.deps);
    // The first request keeps the reader's session rows: the next ones read no session.
    await post(reader, 'like', ids[0]!).expect(200);

    for (const [action, id] of [
      ['like', ids[1]!],
      ['save', ids[1]!],
    ] as const) {
      ctx.clock.advance(MINUTE);
      const sent = await roundTripsDuring(() => post(reader, action, id));
      expect(sent.result.status).toBe(200);
      expect(besidesSession(sent.statements)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^select .* from lede_charge_and_toggle_${action === 'like' ? 'reaction' : 'save'}\\(`,
            's',
          ),
        ),
      ]);
      expect(sent.transactions).toBe(0);
    }
    expect(await stored(reader, ids[1]!)).toMatchObject({ reactions: 1, saves: 1 });
  });
});

describe('a like or a save over its budget', () => {
  it('changes nothing and answers 429 with Retry-After, when another instance spent the budget', async () => {
    ctx.clock.set('2030-03-10T10:00:30Z');
    const reader = await createReader(ctx.deps);
    await post(reader, 'like', ids[2]!).expect(200);
    // Another instance charges the rest of the minute's writes: this one still thinks there is room.
    const other = otherInstance();
    for (let i = 1; i < PER_MINUTE; i++) expect((await other.charge(reader.id)).allowed).toBe(true);

    const before = {
      like: await stored(reader, ids[3]!),
      dislike: await stored(reader, ids[4]!),
      save: await stored(reader, ids[5]!),
    };
    const liked = await roundTripsDuring(() => post(reader, 'like', ids[3]!));
    // Refused by the charge inside the statement: that one statement, nothing written.
    expect(besidesSession(liked.statements)).toHaveLength(1);
    const retryAfter = expectTooManyWrites(liked.result);
    // The answer's counts are remembered: the next writes are refused without a statement.
    const disliked = await roundTripsDuring(() => post(reader, 'dislike', ids[4]!));
    expectTooManyWrites(disliked.result);
    expect(besidesSession(disliked.statements)).toEqual([]);
    expectTooManyWrites(await post(reader, 'save', ids[5]!));

    expect({
      like: await stored(reader, ids[3]!),
      dislike: await stored(reader, ids[4]!),
      save: await stored(reader, ids[5]!),
    }).toEqual(before);
    expect(before.like).toMatchObject({ reactions: 0, saves: 0 });

    // Once Retry-After has passed, the same like goes through and is counted.
    ctx.clock.advance(retryAfter * SECOND);
    const res = await post(reader, 'like', ids[3]!).expect(200);
    expect(res.body.liked).toBe(true);
    expect(await stored(reader, ids[3]!)).toEqual({
      counts: { ...before.like.counts, likes: before.like.counts.likes + 1 },
      reactions: 1,
      saves: 0,
    });
  });

  it('a save refused by the charge inside its statement saves nothing', async () => {
    ctx.clock.set('2030-03-10T11:00:30Z');
    const reader = await createReader(ctx.deps);
    await post(reader, 'save', ids[6]!).expect(200);
    const other = otherInstance();
    for (let i = 1; i < PER_MINUTE; i++) expect((await other.charge(reader.id)).allowed).toBe(true);
    const before = await stored(reader, ids[7]!);

    const saved = await roundTripsDuring(() => post(reader, 'save', ids[7]!));
    expect(besidesSession(saved.statements)).toHaveLength(1);
    expectTooManyWrites(saved.result);
    expect(await stored(reader, ids[7]!)).toEqual(before);
    expect(before).toMatchObject({ saves: 0 });
  });

  it('counts a like of a missing article (404) as a write, as before', async () => {
    ctx.clock.set('2030-03-10T12:00:30Z');
    const reader = await createReader(ctx.deps);
    for (let i = 0; i < PER_MINUTE; i++)
      await post(reader, 'like', '00000000-0000-4000-8000-000000000000').expect(404);
    expectTooManyWrites(await post(reader, 'like', ids[8]!));
    expect(await stored(reader, ids[8]!)).toMatchObject({ reactions: 0 });
  });
});
