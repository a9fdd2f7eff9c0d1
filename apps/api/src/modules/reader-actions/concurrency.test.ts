import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticle } from '../../../test/fixtures.js';
import { articleReactions, articles, savedArticles } from '../../db/schema.js';
import { createReader, createReaders, type TestReader } from '../../../test/readers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const act = (reader: TestReader, action: 'like' | 'dislike' | 'save', articleId: string) =>
  ctx
    .request()
    .post(`/api/userinteractions/${action}`)
    .set(reader.auth())
    .send({ article_id: articleId });

async function article(articleId: string) {
  const [row] = await ctx.database.db.select().from(articles).where(eq(articles.id, articleId));
  return row!;
}

async function reactionRows(articleId: string, kind: 'like' | 'dislike') {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(articleReactions)
    .where(and(eq(articleReactions.articleId, articleId), eq(articleReactions.kind, kind)));
  return row!.n;
}

describe('concurrent interactions', () => {
  it('50 different readers liking one article at once leave exactly 50 likes', async () => {
    const readers = await createReaders(ctx.deps, 50);
    const { id } = await insertArticle(ctx.database.db);

    const responses = await Promise.all(readers.map((reader) => act(reader, 'like', id)));

    expect(responses.map((r) => r.status)).toEqual(readers.map(() => 200));
    expect(responses.every((r) => r.body.liked === true)).toBe(true);
    expect((await article(id)).likes).toBe(50);
    expect(await reactionRows(id, 'like')).toBe(50);
    // Each answer saw a count between its own like alone and everyone's.
    const seen = responses.map((r) => r.body.likes as number).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('50 readers switching from like to dislike at once move both counters exactly', async () => {
    const readers = await createReaders(ctx.deps, 50);
    const { id } = await insertArticle(ctx.database.db);
    await Promise.all(readers.map((reader) => act(reader, 'like', id).expect(200)));

    await Promise.all(
      readers.map((reader, i) => act(reader, i % 2 === 0 ? 'dislike' : 'like', id).expect(200)),
    );

    const row = await article(id);
    expect({ likes: row.likes, dislikes: row.dislikes }).toEqual({ likes: 0, dislikes: 25 });
    expect(await reactionRows(id, 'like')).toBe(0);
    expect(await reactionRows(id, 'dislike')).toBe(25);
  });

  it('one reader firing many toggles at once never leaves the counters out of step with the rows', async () => {
    const reader = await createReader(ctx.deps);
    const { id } = await insertArticle(ctx.database.db);
    const kinds = Array.from({ length: 30 }, (_, i): 'like' | 'dislike' =>
      i % 3 === 0 ? 'dislike' : 'like',
    );

    const responses = await Promise.all(kinds.map((kind) => act(reader, kind, id)));

    expect(responses.every((r) => r.status === 200)).toBe(true);
    const row = await article(id);
    const [likeRows, dislikeRows] = [
      await reactionRows(id, 'like'),
      await reactionRows(id, 'dislike'),
    ];
    expect(row.likes).toBe(likeRows);
    expect(row.dislikes).toBe(dislikeRows);
    expect(likeRows + dislikeRows).toBeLessThanOrEqual(1);
    expect(row.likes).toBeGreaterThanOrEqual(0);
    expect(row.dislikes).toBeGreaterThanOrEqual(0);
  });

  it('an even number of simultaneous likes by one reader cancels out: each toggle is applied once', async () => {
    const reader = await createReader(ctx.deps);
    const { id } = await insertArticle(ctx.database.db);

    const responses = await Promise.all(Array.from({ length: 10 }, () => act(reader, 'like', id)));

    const messages = responses.map((r) => r.body.message as string);
    expect(messages.filter((m) => m === 'Article Liked!')).toHaveLength(5);
    expect(messages.filter((m) => m === 'Article Unliked!')).toHaveLength(5);
    expect((await article(id)).likes).toBe(0);
    expect(await reactionRows(id, 'like')).toBe(0);
  });

  it('simultaneous saves by one reader keep the saves counter equal to the saved rows', async () => {
    const reader = await createReader(ctx.deps);
    const { id } = await insertArticle(ctx.database.db);

    await Promise.all(Array.from({ length: 7 }, () => act(reader, 'save', id).expect(200)));

    const [saved] = await ctx.database.db
      .select({ n: count() })
      .from(savedArticles)
      .where(eq(savedArticles.articleId, id));
    expect(saved!.n).toBe(1);
    expect((await article(id)).saves).toBe(1);
  });

  /**
   * Account deletion (profile module) locks the user row, subtracts the reader's counts from the
   * articles, then deletes the user. A write that locked the article before the user would deadlock.
   */
  it.each([
    '/api/userinteractions/like',
    '/api/userinteractions/save',
    '/api/userinteractions/share',
    '/api/articles/markviewed',
  ])('POST %s caught behind an account deletion waits, then answers 401', async (path) => {
    const reader = await createReader(ctx.deps);
    const { id } = await insertArticle(ctx.database.db);
    const deletion = await ctx.database.pool.connect();
    try {
      await deletion.query('begin');
      await deletion.query('select id from users where id = $1 for update', [reader.id]);
      const click = ctx
        .request()
        .post(path)
        .set(reader.auth())
        .send({ article_id: id })
        .then((res) => res);
      await untilSomeoneWaitsForALock();
      await deletion.query('update articles set likes = likes where id = $1', [id]);
      await deletion.query('delete from users where id = $1', [reader.id]);
      await deletion.query('commit');

      const res = await click;
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Invalid or expired token');
    } finally {
      deletion.release();
    }
    expect(await article(id)).toMatchObject({ likes: 0, saves: 0, shares: 0, views: 0 });
  });
});

async function untilSomeoneWaitsForALock(): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = await ctx.database.pool.query<{ waiting: number }>(
      'select count(*)::int as waiting from pg_locks where not granted',
    );
    if (rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no request ever waited for the deletion');
}
