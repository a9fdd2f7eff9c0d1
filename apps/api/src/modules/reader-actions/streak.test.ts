import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticle, insertArticles } from '../../../test/fixtures.js';
import { articles, articleViews } from '../../db/schema.js';
import { readerActionsRepository } from './reader-actions.repository.js';
import { createReader, type TestReader } from '../../../test/readers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const DAY = 86_400_000;

/** Opens the article at `at` (UTC instant) and returns the streak the API answers. */
async function readAt(reader: TestReader, articleId: string, at: string | Date): Promise<number> {
  ctx.clock.set(at);
  const res = await ctx
    .request()
    .post('/api/articles/markviewed')
    .set(reader.auth())
    .send({ article_id: articleId });
  expect(res.status).toBe(200);
  return res.body.streak;
}

const streakAt = (reader: TestReader, timezone: string, at: string) =>
  readerActionsRepository.readingStreak(ctx.database.db, reader.id, timezone, new Date(at));

async function viewedDays(reader: TestReader) {
  const rows = await ctx.database.db
    .select({ day: articleViews.localDay })
    .from(articleViews)
    .where(eq(articleViews.userId, reader.id))
    .orderBy(asc(articleViews.localDay));
  return rows.map((r) => r.day);
}

async function views(articleId: string) {
  const [row] = await ctx.database.db
    .select({ views: articles.views })
    .from(articles)
    .where(eq(articles.id, articleId));
  return row!.views;
}

describe('marking an article viewed', () => {
  it('records the view on the reader’s local day and answers the updated streak', async () => {
    const reader = await createReader(ctx.deps, 'Europe/Paris');
    const article = await insertArticle(ctx.database.db);

    ctx.clock.set('2030-06-10T22:30:00Z'); // already 11 June in Paris
    const res = await ctx
      .request()
      .post('/api/articles/markviewed')
      .set(reader.auth())
      .send({ article_id: article.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ AccessToken: expect.any(String), streak: 1 });

    const [row] = await ctx.database.db
      .select()
      .from(articleViews)
      .where(eq(articleViews.userId, reader.id));
    expect(row).toMatchObject({
      articleId: article.id,
      localDay: '2030-06-11',
      viewedAt: new Date('2030-06-10T22:30:00Z'),
    });
    expect(await views(article.id)).toBe(1);
  });

  it('counts several reads in one day once, and the views counter once per reader and article', async () => {
    const [reader, other] = [await createReader(ctx.deps), await createReader(ctx.deps)];
    const [a, b] = await insertArticles(ctx.database.db, [{}, {}]);

    expect(await readAt(reader, a!.id, '2030-06-10T08:00:00Z')).toBe(1);
    expect(await readAt(reader, a!.id, '2030-06-10T12:00:00Z')).toBe(1);
    expect(await readAt(reader, b!.id, '2030-06-10T20:00:00Z')).toBe(1);
    expect(await readAt(other, a!.id, '2030-06-10T21:00:00Z')).toBe(1);
    expect(await views(a!.id)).toBe(2);
    expect(await views(b!.id)).toBe(1);
    expect(await viewedDays(reader)).toEqual(['2030-06-10', '2030-06-10']);

    // Another day counts for the streak, not for the article: it has two readers.
    expect(await readAt(reader, a!.id, '2030-06-11T08:00:00Z')).toBe(2);
    expect(await views(a!.id)).toBe(2);
  });

  it('counts simultaneous opens of one article once', async () => {
    const reader = await createReader(ctx.deps);
    const article = await insertArticle(ctx.database.db);
    ctx.clock.set('2030-06-10T08:00:00Z');
    const open = () =>
      ctx
        .request()
        .post('/api/articles/markviewed')
        .set(reader.auth())
        .send({ article_id: article.id })
        .expect(200);
    await Promise.all(Array.from({ length: 8 }, open));
    expect(await views(article.id)).toBe(1);
    expect(await viewedDays(reader)).toEqual(['2030-06-10']);
  });
});

describe('reading streak', () => {
  it('grows with reading on consecutive days and restarts after a missed day', async () => {
    const reader = await createReader(ctx.deps);
    const article = await insertArticle(ctx.database.db);
    const day = (n: number) => new Date(Date.parse('2030-07-01T10:00:00Z') + n * DAY);

    expect(await readAt(reader, article.id, day(0))).toBe(1);
    expect(await readAt(reader, article.id, day(1))).toBe(2);
    expect(await readAt(reader, article.id, day(2))).toBe(3);
    // Day 3 missed.
    expect(await readAt(reader, article.id, day(4))).toBe(1);
    expect(await readAt(reader, article.id, day(5))).toBe(2);
  });

  it('keeps a streak through today until the reader reads, and drops it to 0 after a whole missed day', async () => {
    const reader = await createReader(ctx.deps, 'Pacific/Auckland');
    const article = await insertArticle(ctx.database.db);
    // 1 and 2 August in Auckland (UTC+12 in winter).
    await readAt(reader, article.id, '2030-07-31T21:00:00Z');
    expect(await readAt(reader, article.id, '2030-08-01T21:00:00Z')).toBe(2);

    // Still 2 August in Auckland, then 3 August (yesterday counts), then 4 August (a day missed).
    expect(await streakAt(reader, 'Pacific/Auckland', '2030-08-02T11:59:00Z')).toBe(2);
    expect(await streakAt(reader, 'Pacific/Auckland', '2030-08-03T11:59:00Z')).toBe(2);
    expect(await streakAt(reader, 'Pacific/Auckland', '2030-08-03T12:01:00Z')).toBe(0);
  });

  it('is 0 for a reader who never read', async () => {
    const reader = await createReader(ctx.deps);
    expect(await streakAt(reader, 'UTC', '2030-06-10T12:00:00Z')).toBe(0);
  });

  it('counts a yesterday-only read as 1', async () => {
    const reader = await createReader(ctx.deps);
    await readAt(reader, (await insertArticle(ctx.database.db)).id, '2030-06-10T12:00:00Z');
    expect(await streakAt(reader, 'UTC', '2030-06-11T23:59:59Z')).toBe(1);
    expect(await streakAt(reader, 'UTC', '2030-06-12T00:00:00Z')).toBe(0);
  });

  // Two reads an hour apart around midnight UTC fall on different local days only for some readers.
  it.each([
    ['UTC', ['2030-06-10', '2030-06-11'], 2],
    ['America/Los_Angeles', ['2030-06-10', '2030-06-10'], 1],
    ['Pacific/Auckland', ['2030-06-11', '2030-06-11'], 1],
  ])(
    'reading at 23:30 and 00:30 UTC, a reader in %s reads on %j: streak %i',
    async (timezone, days, streak) => {
      const reader = await createReader(ctx.deps, timezone);
      const [a, b] = await insertArticles(ctx.database.db, [{}, {}]);
      await readAt(reader, a!.id, '2030-06-10T23:30:00Z');
      expect(await readAt(reader, b!.id, '2030-06-11T00:30:00Z')).toBe(streak);
      expect(await viewedDays(reader)).toEqual(days);
    },
  );

  it.each([
    ['Pacific/Auckland', ['2030-06-10', '2030-06-11'], 2],
    ['America/Los_Angeles', ['2030-06-10', '2030-06-10'], 1],
  ])(
    'reading at 11:30 and 12:30 UTC (Auckland’s midnight), a reader in %s reads on %j: streak %i',
    async (timezone, days, streak) => {
      const reader = await createReader(ctx.deps, timezone);
      const [a, b] = await insertArticles(ctx.database.db, [{}, {}]);
      await readAt(reader, a!.id, '2030-06-10T11:30:00Z');
      expect(await readAt(reader, b!.id, '2030-06-10T12:30:00Z')).toBe(streak);
      expect(await viewedDays(reader)).toEqual(days);
    },
  );

  it('follows the reader’s time zone when judging "yesterday"', async () => {
    const auckland = await createReader(ctx.deps, 'Pacific/Auckland');
    const losAngeles = await createReader(ctx.deps, 'America/Los_Angeles');
    const article = await insertArticle(ctx.database.db);
    // 2030-06-10T20:00Z is 11 June in Auckland and 10 June in Los Angeles.
    await readAt(auckland, article.id, '2030-06-10T20:00:00Z');
    await readAt(losAngeles, article.id, '2030-06-10T20:00:00Z');
    // 2030-06-12T10:00Z: 12 June 22:00 in Auckland (read yesterday), 12 June 03:00 in LA (missed the 11th).
    expect(await streakAt(auckland, 'Pacific/Auckland', '2030-06-12T10:00:00Z')).toBe(1);
    expect(await streakAt(losAngeles, 'America/Los_Angeles', '2030-06-12T10:00:00Z')).toBe(0);
  });
});
