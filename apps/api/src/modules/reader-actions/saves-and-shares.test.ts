import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicArticleSchema } from '@lede/shared';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticle, insertArticles } from '../../../test/fixtures.js';
import { articles, articleShares, savedArticles } from '../../db/schema.js';
import { createReader, type TestReader } from '../../../test/readers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const MINUTE = 60_000;
const save = (reader: TestReader, articleId: string) =>
  ctx
    .request()
    .post('/api/userinteractions/save')
    .set(reader.auth())
    .send({ article_id: articleId });
const share = (reader: TestReader, articleId: string) =>
  ctx
    .request()
    .post('/api/userinteractions/share')
    .set(reader.auth())
    .send({ article_id: articleId });
const savedList = (reader: TestReader, query = '') =>
  ctx.request().get(`/api/articles/getsavedarticles${query}`).set(reader.auth());

async function counts(articleId: string) {
  const [row] = await ctx.database.db
    .select({ saves: articles.saves, shares: articles.shares })
    .from(articles)
    .where(eq(articles.id, articleId));
  return row!;
}

describe('save', () => {
  it('toggles membership and the saves counter', async () => {
    const reader = await createReader(ctx.deps);
    const article = await insertArticle(ctx.database.db);

    const saved = await save(reader, article.id);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      AccessToken: expect.any(String),
      message: 'Article Saved!',
      saved: true,
      saves: 1,
    });
    const rows = await ctx.database.db
      .select()
      .from(savedArticles)
      .where(eq(savedArticles.userId, reader.id));
    expect(rows.map((r) => r.articleId)).toEqual([article.id]);

    const unsaved = await save(reader, article.id);
    expect(unsaved.body).toEqual({
      AccessToken: expect.any(String),
      message: 'Article Unsaved!',
      saved: false,
      saves: 0,
    });
    expect(
      await ctx.database.db.select().from(savedArticles).where(eq(savedArticles.userId, reader.id)),
    ).toEqual([]);
    expect(await counts(article.id)).toMatchObject({ saves: 0 });
  });

  it('lists saved ids and saved articles newest saved first, with the article embedded', async () => {
    const reader = await createReader(ctx.deps);
    const [first, second, third] = await insertArticles(ctx.database.db, [
      {
        title: 'First saved',
        imageUrl: 'https://img.example/1.jpg',
        keywords: ['science', 'space'],
      },
      { title: 'Second saved' },
      { title: 'Saved then unsaved' },
    ]);
    const firstSavedAt = ctx.clock.now().toISOString();
    await save(reader, first!.id).expect(200);
    ctx.clock.advance(MINUTE);
    await save(reader, third!.id).expect(200);
    ctx.clock.advance(MINUTE);
    await save(reader, second!.id).expect(200);
    ctx.clock.advance(MINUTE);
    await save(reader, third!.id).expect(200);

    const ids = await ctx.request().get('/api/articles/getsavedarticleids').set(reader.auth());
    expect(ids.status).toBe(200);
    expect(ids.body).toEqual({
      AccessToken: expect.any(String),
      savedArticleIds: [second!.id, first!.id],
    });

    const res = await savedList(reader);
    expect(res.status).toBe(200);
    const entries = res.body.savedArticles;
    expect(entries.map((e: { article_id: { title: string } }) => e.article_id.title)).toEqual([
      'Second saved',
      'First saved',
    ]);
    const oldest = entries[1];
    expect(Object.keys(oldest).sort()).toEqual(['_id', 'article_id', 'savedAt']);
    expect(oldest._id).not.toBe(first!.id);
    expect(oldest.savedAt).toBe(firstSavedAt);
    expect(publicArticleSchema.strict().parse(oldest.article_id)).toEqual({
      _id: first!.id,
      title: 'First saved',
      creator: ['Staff Writer'],
      description: 'Description of First saved',
      pubDate: first!.pubDate.toISOString(),
      image_url: 'https://img.example/1.jpg',
      link: first!.link,
      source_name: 'Example News',
      source_url: 'https://news.example',
      source_icon: null,
      keywords: ['science', 'space'],
      categories: [],
      likes: 0,
      story: { _id: expect.any(String), size: 1, source_count: 1 },
    });
    expect(entries[0].article_id.image_url).toBe('/media/default-article.svg');
  });

  it('bounds the saved list by limit', async () => {
    const reader = await createReader(ctx.deps);
    for (const article of await insertArticles(ctx.database.db, [{}, {}, {}])) {
      ctx.clock.advance(MINUTE);
      await save(reader, article.id).expect(200);
    }
    const res = await savedList(reader, '?limit=2');
    expect(res.body.savedArticles).toHaveLength(2);
    expect((await savedList(reader)).body.savedArticles).toHaveLength(3);
  });

  it('keeps each reader’s saved list to themselves', async () => {
    const [reader, other] = [await createReader(ctx.deps), await createReader(ctx.deps)];
    const article = await insertArticle(ctx.database.db);
    await save(other, article.id).expect(200);
    expect((await savedList(reader)).body).toEqual({
      AccessToken: expect.any(String),
      savedArticles: [],
      nextCursor: null,
    });
    const ids = await ctx.request().get('/api/articles/getsavedarticleids').set(reader.auth());
    expect(ids.body).toEqual({ AccessToken: expect.any(String), savedArticleIds: [] });
    expect(await counts(article.id)).toMatchObject({ saves: 1 });
  });
});

describe('share', () => {
  it('records every share as an event and counts each reader once', async () => {
    const reader = await createReader(ctx.deps);
    const article = await insertArticle(ctx.database.db);

    const res = await share(reader, article.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      AccessToken: expect.any(String),
      message: 'Article Shared!',
      shares: 1,
    });
    ctx.clock.advance(MINUTE);
    const again = await share(reader, article.id).expect(200);
    expect(again.body.shares).toBe(1);

    const events = await ctx.database.db
      .select()
      .from(articleShares)
      .where(eq(articleShares.articleId, article.id));
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.userId === reader.id)).toBe(true);
    expect(await counts(article.id)).toEqual({ saves: 0, shares: 1 });

    const other = await createReader(ctx.deps);
    expect((await share(other, article.id).expect(200)).body.shares).toBe(2);
  });

  it('counts one share when a reader shares an article many times at once', async () => {
    const reader = await createReader(ctx.deps);
    const article = await insertArticle(ctx.database.db);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => share(reader, article.id)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(responses.map((r) => r.body.shares)).toEqual(Array(10).fill(1));
    expect(await counts(article.id)).toEqual({ saves: 0, shares: 1 });
  });

  it('answers 404 for an unknown article and records nothing', async () => {
    const reader = await createReader(ctx.deps);
    const res = await share(reader, '00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Article not found', code: 'ARTICLE_NOT_FOUND' });
    expect(
      await ctx.database.db.select().from(articleShares).where(eq(articleShares.userId, reader.id)),
    ).toEqual([]);
  });
});
