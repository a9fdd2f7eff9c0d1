import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticle } from '../../../test/fixtures.js';
import { signUp, uniqueEmail } from '../../../test/flows.js';
import { articleReactions, articles } from '../../db/schema.js';
import { createReader, type TestReader } from '../../../test/readers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const react = (reader: TestReader, kind: 'like' | 'dislike', articleId: string) =>
  ctx
    .request()
    .post(`/api/userinteractions/${kind}`)
    .set(reader.auth())
    .send({ article_id: articleId });

async function counters(articleId: string) {
  const [row] = await ctx.database.db
    .select({ likes: articles.likes, dislikes: articles.dislikes })
    .from(articles)
    .where(eq(articles.id, articleId));
  return row!;
}

async function reactionOf(reader: TestReader, articleId: string) {
  const rows = await ctx.database.db
    .select({ kind: articleReactions.kind })
    .from(articleReactions)
    .where(and(eq(articleReactions.userId, reader.id), eq(articleReactions.articleId, articleId)));
  return rows.map((r) => r.kind);
}

describe('like and dislike', () => {
  it('likes for a reader who signed up through the client flow', async () => {
    const { token } = await signUp(ctx, ctx.request(), { email: uniqueEmail() });
    const article = await insertArticle(ctx.database.db);
    const res = await ctx
      .request()
      .post('/api/userinteractions/like')
      .set('Authorization', `Bearer ${token}`)
      .send({ article_id: article.id, ignored: 'unknown keys are dropped' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      AccessToken: expect.any(String),
      message: 'Article Liked!',
      liked: true,
      disliked: false,
      likes: 1,
      dislikes: 0,
    });
  });

  it('toggles a like on and off', async () => {
    const reader = await createReader(ctx.deps);
    const article = await insertArticle(ctx.database.db, { likes: 7 });

    const liked = await react(reader, 'like', article.id);
    expect(liked.status).toBe(200);
    expect(liked.body).toEqual({
      AccessToken: expect.any(String),
      message: 'Article Liked!',
      liked: true,
      disliked: false,
      likes: 8,
      dislikes: 0,
    });
    expect(await reactionOf(reader, article.id)).toEqual(['like']);

    const unliked = await react(reader, 'like', article.id);
    expect(unliked.body).toEqual({
      AccessToken: expect.any(String),
      message: 'Article Unliked!',
      liked: false,
      disliked: false,
      likes: 7,
      dislikes: 0,
    });
    expect(await reactionOf(reader, article.id)).toEqual([]);
    expect(await counters(article.id)).toEqual({ likes: 7, dislikes: 0 });
  });

  it('toggles a dislike on and off', async () => {
    const reader = await createReader(ctx.deps);
    const article = await insertArticle(ctx.database.db);

    const disliked = await react(reader, 'dislike', article.id);
    expect(disliked.body).toEqual({
      AccessToken: expect.any(String),
      message: 'Article Disliked!',
      liked: false,
      disliked: true,
      likes: 0,
      dislikes: 1,
    });
    const undisliked = await react(reader, 'dislike', article.id);
    expect(undisliked.body).toEqual({
      AccessToken: expect.any(String),
      message: 'Article Undisliked!',
      liked: false,
      disliked: false,
      likes: 0,
      dislikes: 0,
    });
    expect(await reactionOf(reader, article.id)).toEqual([]);
  });

  it('disliking a liked article removes the like and lowers the like count', async () => {
    const reader = await createReader(ctx.deps);
    const article = await insertArticle(ctx.database.db, { likes: 3 });
    await react(reader, 'like', article.id).expect(200);

    const res = await react(reader, 'dislike', article.id);
    expect(res.body).toEqual({
      AccessToken: expect.any(String),
      message: 'Article Disliked!',
      liked: false,
      disliked: true,
      likes: 3,
      dislikes: 1,
    });
    expect(await reactionOf(reader, article.id)).toEqual(['dislike']);
  });

  it('keeps the counts right through like → dislike → like → like → dislike → dislike', async () => {
    const [ann, bob] = [await createReader(ctx.deps), await createReader(ctx.deps)];
    const article = await insertArticle(ctx.database.db);
    await react(bob, 'like', article.id).expect(200);

    const steps: Array<
      ['like' | 'dislike', { liked: boolean; disliked: boolean; likes: number; dislikes: number }]
    > = [
      ['like', { liked: true, disliked: false, likes: 2, dislikes: 0 }],
      ['dislike', { liked: false, disliked: true, likes: 1, dislikes: 1 }],
      ['like', { liked: true, disliked: false, likes: 2, dislikes: 0 }],
      ['like', { liked: false, disliked: false, likes: 1, dislikes: 0 }],
      ['dislike', { liked: false, disliked: true, likes: 1, dislikes: 1 }],
      ['dislike', { liked: false, disliked: false, likes: 1, dislikes: 0 }],
    ];
    for (const [kind, expected] of steps) {
      const res = await react(ann, kind, article.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject(expected);
      expect(await counters(article.id)).toEqual({
        likes: expected.likes,
        dislikes: expected.dislikes,
      });
    }
    expect(await reactionOf(bob, article.id)).toEqual(['like']);
  });

  it('lists the reader’s liked and disliked ids, and only theirs', async () => {
    const [reader, other] = [await createReader(ctx.deps), await createReader(ctx.deps)];
    const [a, b, c] = [
      await insertArticle(ctx.database.db),
      await insertArticle(ctx.database.db),
      await insertArticle(ctx.database.db),
    ];
    await react(reader, 'like', a.id).expect(200);
    await react(reader, 'like', b.id).expect(200);
    await react(reader, 'dislike', b.id).expect(200);
    await react(reader, 'dislike', c.id).expect(200);
    await react(other, 'like', c.id).expect(200);

    const liked = await ctx.request().get('/api/articles/getlikedarticleids').set(reader.auth());
    expect(liked.status).toBe(200);
    expect(liked.body).toEqual({ AccessToken: expect.any(String), likedArticleIds: [a.id] });
    const disliked = await ctx
      .request()
      .get('/api/articles/getdislikedarticleids')
      .set(reader.auth());
    expect(disliked.body.dislikedArticleIds.sort()).toEqual([b.id, c.id].sort());

    const fresh = await createReader(ctx.deps);
    const none = await ctx.request().get('/api/articles/getlikedarticleids').set(fresh.auth());
    expect(none.body).toEqual({ AccessToken: expect.any(String), likedArticleIds: [] });
  });
});

describe('each reaction change moves the counters by what changed', () => {
  it.each([
    [null, 'like', 'like', { likes: 1, dislikes: 0 }],
    ['like', 'like', null, { likes: -1, dislikes: 0 }],
    [null, 'dislike', 'dislike', { likes: 0, dislikes: 1 }],
    ['dislike', 'dislike', null, { likes: 0, dislikes: -1 }],
    ['like', 'dislike', 'dislike', { likes: -1, dislikes: 1 }],
    ['dislike', 'like', 'like', { likes: 1, dislikes: -1 }],
  ] as const)('%s, then %s → %s, counters %o', async (from, requested, to, delta) => {
    const reader = await createReader(ctx.deps);
    const other = await createReader(ctx.deps);
    const article = await insertArticle(ctx.database.db);
    await react(other, 'like', article.id).expect(200);
    await react(other, 'dislike', article.id).expect(200); // another reader's dislike
    if (from) await react(reader, from, article.id).expect(200);
    const before = await counters(article.id);

    const res = await react(reader, requested, article.id).expect(200);
    expect(res.body).toMatchObject({ liked: to === 'like', disliked: to === 'dislike' });
    const after = await counters(article.id);
    expect({
      likes: after.likes - before.likes,
      dislikes: after.dislikes - before.dislikes,
    }).toEqual(delta);
    expect(res.body).toMatchObject(after);
    expect(await reactionOf(reader, article.id)).toEqual(to ? [to] : []);
  });
});

describe('the toggles in PostgreSQL', () => {
  it('keep generic plans although the app plans its named statements per call', async () => {
    // The app's connections force custom plans (for the search statement, src/db/client.ts);
    // the toggle functions opt out, so a like does not re-plan their statements every time.
    const { rows } = await ctx.database.pool.query(
      `select current_setting('plan_cache_mode') as session,
              array_agg(p.proname || ' ' || array_to_string(p.proconfig, ',') order by p.proname) as functions
         from pg_proc p where p.proname in ('lede_toggle_reaction', 'lede_toggle_save')`,
    );
    expect(rows).toEqual([
      {
        session: 'force_custom_plan',
        functions: [
          'lede_toggle_reaction plan_cache_mode=auto',
          'lede_toggle_save plan_cache_mode=auto',
        ],
      },
    ]);
  });
});
