import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticle } from '../../../test/fixtures.js';
import { createReader, type TestReader } from '../../../test/readers.js';
import { articleReactions, articles, savedArticles } from '../../db/schema.js';

/**
 * The toggles with an intended state (`liked`, `disliked`, `saved`): the result is that state
 * whatever it was, so a replayed request (an offline queue) changes nothing the second time.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const MINUTE = 60_000;
type Kind = 'like' | 'dislike';
const field = { like: 'liked', dislike: 'disliked' } as const;

const post = (reader: TestReader, action: Kind | 'save', body: Record<string, unknown>) => {
  ctx.clock.advance(MINUTE);
  return ctx.request().post(`/api/userinteractions/${action}`).set(reader.auth()).send(body);
};

async function state(reader: TestReader, articleId: string) {
  const [counts] = await ctx.database.db
    .select({ likes: articles.likes, dislikes: articles.dislikes, saves: articles.saves })
    .from(articles)
    .where(eq(articles.id, articleId));
  const reactions = await ctx.database.db
    .select({ kind: articleReactions.kind, at: articleReactions.createdAt })
    .from(articleReactions)
    .where(and(eq(articleReactions.userId, reader.id), eq(articleReactions.articleId, articleId)));
  const saves = await ctx.database.db
    .select({ at: savedArticles.createdAt })
    .from(savedArticles)
    .where(and(eq(savedArticles.userId, reader.id), eq(savedArticles.articleId, articleId)));
  return { counts: counts!, reactions, saves };
}

async function activity(reader: TestReader) {
  const res = await ctx
    .request()
    .get('/api/userinteractions/recentactivity')
    .set(reader.auth())
    .expect(200);
  return (res.body.data as Array<{ action: string; timestamp: string }>).map((e) => [
    e.action,
    e.timestamp,
  ]);
}

async function startFrom(reader: TestReader, articleId: string, from: Kind | null) {
  if (from) await post(reader, from, { article_id: articleId }).expect(200);
}

describe('like and dislike with an intended state', () => {
  // [requested kind, wanted, starting reaction, resulting reaction]
  const cases: Array<[Kind, boolean, Kind | null, Kind | null]> = [
    ['like', true, null, 'like'],
    ['like', true, 'like', 'like'],
    ['like', true, 'dislike', 'like'],
    ['like', false, null, null],
    ['like', false, 'like', null],
    ['like', false, 'dislike', 'dislike'],
    ['dislike', true, null, 'dislike'],
    ['dislike', true, 'dislike', 'dislike'],
    ['dislike', true, 'like', 'dislike'],
    ['dislike', false, null, null],
    ['dislike', false, 'dislike', null],
    ['dislike', false, 'like', 'like'],
  ];

  it.each(cases)('%s with %s from %s leaves %s', async (kind, want, from, to) => {
    const reader = await createReader(ctx.deps);
    const article = await insertArticle(ctx.database.db, { likes: 5, dislikes: 3 });
    await startFrom(reader, article.id, from);
    const before = await state(reader, article.id);

    const res = await post(reader, kind, { article_id: article.id, [field[kind]]: want });
    expect(res.status).toBe(200);
    const after = await state(reader, article.id);
    expect(res.body).toMatchObject({
      liked: to === 'like',
      disliked: to === 'dislike',
      likes: after.counts.likes,
      dislikes: after.counts.dislikes,
    });
    expect(after.reactions.map((r) => r.kind)).toEqual(to ? [to] : []);
    const moved = (k: Kind) => Number(to === k) - Number(from === k);
    expect(after.counts).toEqual({
      likes: before.counts.likes + moved('like'),
      dislikes: before.counts.dislikes + moved('dislike'),
      saves: before.counts.saves,
    });
    // A state that already held is not written again: its time (the activity entry) stays.
    if (to === from) expect(after.reactions).toEqual(before.reactions);
  });

  it.each(['like', 'dislike'] as const)(
    'sending %s with its state twice counts once and lists one activity entry',
    async (kind) => {
      const reader = await createReader(ctx.deps);
      const article = await insertArticle(ctx.database.db, { likes: 5, dislikes: 3 });

      const first = await post(reader, kind, { article_id: article.id, [field[kind]]: true });
      expect(first.status).toBe(200);
      const once = await state(reader, article.id);
      const activityOnce = await activity(reader);

      const second = await post(reader, kind, { article_id: article.id, [field[kind]]: true });
      expect(second.status).toBe(200);
      expect(second.body).toEqual({ ...first.body, AccessToken: expect.any(String) });
      expect(await state(reader, article.id)).toEqual(once);
      expect(once.counts).toMatchObject(
        kind === 'like' ? { likes: 6, dislikes: 3 } : { likes: 5, dislikes: 4 },
      );
      expect(await activity(reader)).toEqual(activityOnce);
      expect(activityOnce).toHaveLength(1);

      // Taking it back twice: gone once, the counter back where it started.
      await post(reader, kind, { article_id: article.id, [field[kind]]: false }).expect(200);
      await post(reader, kind, { article_id: article.id, [field[kind]]: false }).expect(200);
      const undone = await state(reader, article.id);
      expect(undone.reactions).toEqual([]);
      expect(undone.counts).toMatchObject({ likes: 5, dislikes: 3 });
      expect(await activity(reader)).toEqual([]);
    },
  );

  it('still toggles when the state is left out', async () => {
    const reader = await createReader(ctx.deps);
    const article = await insertArticle(ctx.database.db);
    const on = await post(reader, 'like', { article_id: article.id }).expect(200);
    expect(on.body).toMatchObject({ liked: true, likes: 1 });
    const off = await post(reader, 'like', { article_id: article.id }).expect(200);
    expect(off.body).toMatchObject({ liked: false, likes: 0 });
  });
});

describe('save with an intended state', () => {
  const cases: Array<[boolean, boolean]> = [
    [true, false],
    [true, true],
    [false, false],
    [false, true],
  ];

  it.each(cases)('saved: %s from saved %s', async (want, from) => {
    const reader = await createReader(ctx.deps);
    const article = await insertArticle(ctx.database.db, { saves: 2 });
    if (from) await post(reader, 'save', { article_id: article.id }).expect(200);
    const before = await state(reader, article.id);

    const res = await post(reader, 'save', { article_id: article.id, saved: want });
    expect(res.status).toBe(200);
    const after = await state(reader, article.id);
    expect(res.body).toMatchObject({ saved: want, saves: after.counts.saves });
    expect(after.saves).toHaveLength(want ? 1 : 0);
    expect(after.counts.saves).toBe(before.counts.saves + Number(want) - Number(from));
    if (want === from) expect(after).toEqual(before);
  });

  it('saving twice with `saved: true` keeps one row, one count and one activity entry', async () => {
    const reader = await createReader(ctx.deps);
    const article = await insertArticle(ctx.database.db, { saves: 2 });
    await post(reader, 'save', { article_id: article.id, saved: true }).expect(200);
    const once = await state(reader, article.id);
    const activityOnce = await activity(reader);
    const again = await post(reader, 'save', { article_id: article.id, saved: true }).expect(200);
    expect(again.body).toMatchObject({ saved: true, saves: 3 });
    expect(await state(reader, article.id)).toEqual(once);
    expect(once.saves).toHaveLength(1);
    expect(await activity(reader)).toEqual(activityOnce);
    expect(activityOnce.map(([action]) => action)).toEqual(['save']);
  });
});

describe('a state of the wrong type', () => {
  const bad: Array<[Kind | 'save', Record<string, unknown>]> = [
    ['like', { liked: 'true' }],
    ['like', { liked: 1 }],
    ['like', { liked: null }],
    ['dislike', { disliked: 'yes' }],
    ['dislike', { disliked: [] }],
    ['save', { saved: 0 }],
    ['save', { saved: { on: true } }],
  ];

  it.each(bad)('%s with %j is 400 and changes nothing', async (action, extra) => {
    const reader = await createReader(ctx.deps);
    const article = await insertArticle(ctx.database.db, { likes: 1, dislikes: 1, saves: 1 });
    const before = await state(reader, article.id);

    const res = await post(reader, action, { article_id: article.id, ...extra });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Invalid input' });
    expect(await state(reader, article.id)).toEqual(before);
    expect(await activity(reader)).toEqual([]);
  });
});
