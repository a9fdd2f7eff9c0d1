import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEntrySchema } from '@lede/shared';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticle, insertArticles } from '../../../test/fixtures.js';
import { createReader, type TestReader } from '../../../test/readers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const MINUTE = 60_000;

/** Each action a minute after the previous one, so "newest first" has one answer. */
async function act(
  reader: TestReader,
  action: 'like' | 'dislike' | 'save' | 'share',
  articleId: string,
) {
  ctx.clock.advance(MINUTE);
  await ctx
    .request()
    .post(`/api/userinteractions/${action}`)
    .set(reader.auth())
    .send({ article_id: articleId })
    .expect(200);
  return ctx.clock.now().toISOString();
}

const activity = async (reader: TestReader, query = '') => {
  const res = await ctx
    .request()
    .get(`/api/userinteractions/recentactivity${query}`)
    .set(reader.auth());
  expect(res.status).toBe(200);
  return res.body.data as Array<Record<string, string>>;
};

describe('recent activity', () => {
  it('lists current reactions, saves and shares, newest first, with the article title', async () => {
    const reader = await createReader(ctx.deps);
    const [tech, food] = await insertArticles(ctx.database.db, [
      { title: 'Chips get smaller' },
      { title: 'Soup season' },
    ]);

    const likedAt = await act(reader, 'like', tech!.id);
    const savedAt = await act(reader, 'save', food!.id);
    const sharedAt = await act(reader, 'share', tech!.id);
    const dislikedAt = await act(reader, 'dislike', food!.id);

    const data = await activity(reader);
    expect(data.map((e) => [e.action, e.article_title, e.timestamp])).toEqual([
      ['dislike', 'Soup season', dislikedAt],
      ['share', 'Chips get smaller', sharedAt],
      ['save', 'Soup season', savedAt],
      ['like', 'Chips get smaller', likedAt],
    ]);
    for (const entry of data) {
      expect(activityEntrySchema.strict().parse(entry)).toEqual(entry);
      expect(entry.updatedAt).toBe(entry.timestamp);
    }
    expect(data[0]!.article_id).toBe(food!.id);
    expect(new Set(data.map((e) => e._id)).size).toBe(4);
  });

  it('drops an undone like or save, and shows a switched reaction once, at the time of the switch', async () => {
    const reader = await createReader(ctx.deps);
    const [a, b] = await insertArticles(ctx.database.db, [{}, {}]);
    await act(reader, 'like', a!.id);
    await act(reader, 'save', b!.id);
    await act(reader, 'like', b!.id);
    await act(reader, 'like', a!.id);
    await act(reader, 'save', b!.id);
    const switchedAt = await act(reader, 'dislike', b!.id);

    expect((await activity(reader)).map((e) => [e.action, e.article_id, e.timestamp])).toEqual([
      ['dislike', b!.id, switchedAt],
    ]);
  });

  it('shows only the reader’s own activity', async () => {
    const [reader, other] = [await createReader(ctx.deps), await createReader(ctx.deps)];
    const article = await insertArticle(ctx.database.db);
    await act(other, 'like', article.id);
    await act(other, 'share', article.id);
    expect(await activity(reader)).toEqual([]);
  });

  it('returns 50 entries by default and honours ?limit up to 100', async () => {
    const reader = await createReader(ctx.deps);
    const article = await insertArticle(ctx.database.db);
    for (let i = 0; i < 60; i++) await act(reader, 'share', article.id);

    expect(await activity(reader)).toHaveLength(50);
    const five = await activity(reader, '?limit=5');
    expect(five).toHaveLength(5);
    expect(five[0]!.timestamp).toBe(ctx.clock.now().toISOString());
    expect(await activity(reader, '?limit=100')).toHaveLength(60);
  });
});
