import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.js';
import { insertArticles } from '../../../../test/fixtures.js';
import { createReader, createReaders } from '../../../../test/readers.js';
import { recommendations } from '../../../db/schema.js';
import { FEED_SIZE } from '../feed.settings.js';
import { articleIds, labelledCorpus, readerClient } from '../../../../test/recommendations.js';

let ctx: TestContext;
let client: ReturnType<typeof readerClient>;
const INTERESTS = ['politics', 'business', 'world'];
const OTHERS = ['sports', 'science', 'travel', 'food', 'health'];

beforeAll(async () => {
  ctx = await createTestContext();
  client = readerClient(ctx.request);
  await insertArticles(ctx.database.db, labelledCorpus([...INTERESTS, ...OTHERS], 20));
});
afterAll(async () => {
  await ctx.close();
});

const storedRows = async (userId: string) =>
  ctx.database.db.select().from(recommendations).where(eq(recommendations.userId, userId));

describe('without enough interests', () => {
  it('refuses a refresh with 403 and needsPreferences', async () => {
    const reader = await createReader(ctx.deps);
    const res = await ctx.request().post('/api/recommendations/refresh').set(reader.auth());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: 'Please set your interests to get personalized recommendations',
      code: 'NEEDS_PREFERENCES',
      needsPreferences: true,
    });
  });

  it('answers an empty list with the interest count', async () => {
    const reader = await createReader(ctx.deps);
    await ctx.database.pool.query('update users set interests = $2 where id = $1', [
      reader.id,
      ['sports', 'food'],
    ]);
    const res = await ctx.request().get('/api/recommendations/get').set(reader.auth());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ recommendations: [], interestCount: 2 });
    expect(await storedRows(reader.id)).toHaveLength(0);
  });
});

describe('a reader who just chose interests', () => {
  it('gets a full, explained feed on the first get, without a refresh', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    const body = await client.feed(reader);

    expect(body.interestCount).toBe(3);
    expect(body.recommendations).toHaveLength(FEED_SIZE);
    for (const item of body.recommendations) {
      expect(item).toEqual({
        _id: expect.any(String),
        score: expect.any(Number),
        status: 'new',
        article_id: expect.objectContaining({ _id: expect.any(String), title: expect.any(String) }),
        reasons: expect.arrayContaining([expect.any(String)]),
        category: expect.any(String),
      });
      expect(item.article_id.categories).toContain((item as { category: string }).category);
    }
    const scores = body.recommendations.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // A new reader's page is led by their interests, but not made only of them.
    const inInterests = body.recommendations.filter((r) =>
      r.article_id.categories.some((c) => INTERESTS.includes(c)),
    );
    expect(inInterests.length).toBeGreaterThanOrEqual(FEED_SIZE / 2);
    expect(body.recommendations[0]!.reasons.join(' ')).toMatch(/Because you like/);
  });

  it('keeps the same feed across gets and serves refresh with its message', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    const first = await client.feed(reader);
    const second = await client.feed(reader);
    expect(second.recommendations).toEqual(first.recommendations);

    const refreshed = await client.refresh(reader);
    expect(refreshed.message).toBe('Recommendations refreshed!');
    expect(refreshed.recommendations).toHaveLength(FEED_SIZE);
    expect(await client.feed(reader)).toEqual({
      AccessToken: expect.any(String),
      recommendations: refreshed.recommendations,
      interestCount: 3,
      nextCursor: expect.any(String),
    });
  });

  it('builds the feed once when two first gets arrive together', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    const [a, b] = await Promise.all([client.feed(reader), client.feed(reader)]);
    expect(articleIds(a)).toEqual(articleIds(b));
    const rows = await storedRows(reader.id);
    expect(rows).toHaveLength(FEED_SIZE);
    expect(rows.every((r) => r.retiredAt === null)).toBe(true);
  });

  it('gives two readers in the same state the same feed, in the same order', async () => {
    const [a, b] = await createReaders(ctx.deps, 2);
    await client.setInterests(a!, ['sports', 'travel', 'food']);
    await client.setInterests(b!, ['sports', 'travel', 'food']);
    const [feedA, feedB] = [await client.feed(a!), await client.feed(b!)];
    expect(articleIds(feedA)).toEqual(articleIds(feedB));
    expect(feedA.recommendations.map((r) => [r.score, r.reasons])).toEqual(
      feedB.recommendations.map((r) => [r.score, r.reasons]),
    );
  });
});

describe('feed lifetime', () => {
  it('rebuilds a stale feed on get, without bringing back what was just shown', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    const before = articleIds(await client.feed(reader));
    ctx.clock.advance(5 * 3_600_000);
    expect(articleIds(await client.feed(reader))).toEqual(before);

    ctx.clock.advance(2 * 3_600_000);
    const after = articleIds(await client.feed(reader));
    expect(after).toHaveLength(FEED_SIZE);
    expect(after.filter((id) => before.includes(id))).toEqual([]);
  });

  it('lets shown-and-ignored items come back after a few days', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    const first = articleIds(await client.refresh(reader));
    const second = articleIds(await client.refresh(reader));
    expect(second.filter((id) => first.includes(id))).toEqual([]);

    ctx.clock.advance(4 * 86_400_000);
    const later = articleIds(await client.refresh(reader));
    expect(later.filter((id) => first.includes(id)).length).toBeGreaterThan(0);
  });

  it('empties the feed when the interests are reset', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    expect((await client.feed(reader)).recommendations).toHaveLength(FEED_SIZE);

    await ctx.request().put('/api/profile/resetinterests').set(reader.auth()).expect(200);
    expect(await storedRows(reader.id)).toHaveLength(0);
    expect(await client.feed(reader)).toEqual({
      AccessToken: expect.any(String),
      recommendations: [],
      interestCount: 0,
      nextCursor: null,
    });

    await client.setInterests(reader, ['sports', 'science', 'health']);
    const fresh = await client.feed(reader);
    expect(fresh.recommendations).toHaveLength(FEED_SIZE);
    expect(fresh.recommendations[0]!.article_id.categories).not.toEqual(['politics']);
  });

  it('rebuilds the feed for new interests as soon as they are set', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    const before = await client.feed(reader);
    expect(before.recommendations.some((r) => r.article_id.categories.includes('politics'))).toBe(
      true,
    );

    const NEW = ['sports', 'science', 'travel'];
    await client.setInterests(reader, NEW);
    const after = await client.feed(reader);
    expect(after.interestCount).toBe(3);
    const fromNew = after.recommendations.filter((r) =>
      r.article_id.categories.some((c) => NEW.includes(c)),
    );
    expect(fromNew.length).toBeGreaterThanOrEqual(after.recommendations.length / 2);
    expect(articleIds(after)).not.toEqual(articleIds(before));
  });

  it('leaves no recommendation behind when the account is deleted', async () => {
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, INTERESTS);
    await client.feed(reader);
    expect((await storedRows(reader.id)).length).toBe(FEED_SIZE);

    await ctx.request().delete('/api/profile/deleteaccount').set(reader.auth()).expect(200);
    expect(await storedRows(reader.id)).toHaveLength(0);
  });
});

describe('refusals', () => {
  it('answers 401 JSON without a token', async () => {
    for (const [method, path] of [
      ['get', '/api/recommendations/get'],
      ['post', '/api/recommendations/refresh'],
      ['post', '/api/recommendations/markasread'],
    ] as const) {
      const res = await ctx.request()[method](path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: expect.any(String), code: 'UNAUTHENTICATED' });
    }
  });

  it('answers 400 for a missing or malformed article id and 404 for an unknown one', async () => {
    const reader = await createReader(ctx.deps);
    const missing = await ctx
      .request()
      .post('/api/recommendations/markasread')
      .set(reader.auth())
      .send({});
    expect(missing.status).toBe(400);
    expect((await client.markAsRead(reader, 'not-a-uuid')).status).toBe(400);
    const unknown = await client.markAsRead(reader, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Article not found', code: 'ARTICLE_NOT_FOUND' });
  });
});
