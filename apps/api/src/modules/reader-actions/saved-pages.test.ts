/**
 * Saved articles a page at a time: `limit` and `cursor`, newest saved first; without
 * them, the first SAVED_ARTICLES_MAX as before paging.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_ARTICLES_MAX } from '@lede/shared';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles } from '../../../test/fixtures.js';
import { createReader, type TestReader } from '../../../test/readers.js';
import { savedArticles } from '../../db/schema.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const MINUTE = 60_000;

interface SavedPage {
  savedArticles: { _id: string; savedAt: string; article_id: { _id: string } }[];
  nextCursor: string | null;
}

const getSaved = (reader: TestReader, query: Record<string, string | number> = {}) =>
  ctx.request().get('/api/articles/getsavedarticles').query(query).set(reader.auth());

async function savedPage(
  reader: TestReader,
  query: Record<string, string | number> = {},
): Promise<SavedPage> {
  const res = await getSaved(reader, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as SavedPage;
}

/** Every page of `limit`, following `nextCursor` until it is null. */
async function allPages(reader: TestReader, limit: number): Promise<SavedPage[]> {
  const pages = [await savedPage(reader, { limit })];
  while (pages.at(-1)!.nextCursor !== null) {
    expect(pages.length).toBeLessThan(100);
    pages.push(await savedPage(reader, { limit, cursor: pages.at(-1)!.nextCursor! }));
  }
  return pages;
}

const save = (reader: TestReader, articleId: string) =>
  ctx
    .request()
    .post('/api/userinteractions/save')
    .set(reader.auth())
    .send({ article_id: articleId })
    .expect(200);

const articlesOf = (page: SavedPage) => page.savedArticles.map((e) => e.article_id._id);

/** A reader who saved `count` new articles, a minute apart unless `sameInstant`. */
async function readerWhoSaved(count: number, { sameInstant = false } = {}) {
  const reader = await createReader(ctx.deps);
  const saved = await insertArticles(
    ctx.database.db,
    Array.from({ length: count }, () => ({})),
  );
  for (const article of saved) {
    if (!sameInstant) ctx.clock.advance(MINUTE);
    await save(reader, article.id);
  }
  return { reader, newestFirst: saved.map((a) => a.id).reverse() };
}

describe('saved articles, a page at a time', () => {
  it('pages to the end newest saved first, each once, ending with a null cursor', async () => {
    const { reader, newestFirst } = await readerWhoSaved(7);
    const pages = await allPages(reader, 3);
    expect(pages.map((p) => p.savedArticles.length)).toEqual([3, 3, 1]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages.flatMap(articlesOf)).toEqual(newestFirst);
    expect(articlesOf(await savedPage(reader))).toEqual(newestFirst);
  });

  it('gives no cursor when the last page is exactly full', async () => {
    const { reader, newestFirst } = await readerWhoSaved(4);
    const pages = await allPages(reader, 2);
    expect(pages.map((p) => p.savedArticles.length)).toEqual([2, 2]);
    expect(pages.flatMap(articlesOf)).toEqual(newestFirst);
  });

  it('keeps the order of articles saved at the same instant, and of microseconds apart', async () => {
    const { reader } = await readerWhoSaved(6, { sameInstant: true });
    // Two saves a microsecond apart: JavaScript dates would see one instant.
    await ctx.database.db.execute(sql`
      update ${savedArticles} set created_at = created_at + interval '1 microsecond'
      where id = (select id from ${savedArticles} where user_id = ${reader.id} order by id limit 1)`);
    const whole = articlesOf(await savedPage(reader));
    for (const limit of [1, 2, 4]) {
      const pages = await allPages(reader, limit);
      expect(pages.flatMap(articlesOf)).toEqual(whole);
    }
  });

  it('neither skips nor repeats when the reader saves and unsaves between pages', async () => {
    const { reader, newestFirst } = await readerWhoSaved(6);
    const first = await savedPage(reader, { limit: 3 });
    expect(articlesOf(first)).toEqual(newestFirst.slice(0, 3));

    // A new save goes to the top; an unsave on the page already shown changes nothing after it.
    const [fresh] = await insertArticles(ctx.database.db, [{}]);
    ctx.clock.advance(MINUTE);
    await save(reader, fresh!.id);
    await save(reader, newestFirst[1]!);

    const rest = await savedPage(reader, { limit: 3, cursor: first.nextCursor! });
    expect(articlesOf(rest)).toEqual(newestFirst.slice(3));
    expect(rest.nextCursor).toBeNull();
  });

  it('answers the first SAVED_ARTICLES_MAX without a limit, and a cursor for the rest', async () => {
    const reader = await createReader(ctx.deps);
    const extra = 5;
    const saved = await insertArticles(
      ctx.database.db,
      Array.from({ length: SAVED_ARTICLES_MAX + extra }, () => ({})),
    );
    const at = ctx.clock.now().getTime();
    await ctx.database.db.insert(savedArticles).values(
      saved.map((article, i) => ({
        userId: reader.id,
        articleId: article.id,
        createdAt: new Date(at + i * MINUTE),
      })),
    );
    const first = await savedPage(reader);
    expect(first.savedArticles).toHaveLength(SAVED_ARTICLES_MAX);
    const rest = await savedPage(reader, { cursor: first.nextCursor! });
    expect(rest.savedArticles).toHaveLength(extra);
    expect(rest.nextCursor).toBeNull();
    expect([...articlesOf(first), ...articlesOf(rest)]).toEqual(saved.map((a) => a.id).reverse());
  });

  it('answers an empty list and no cursor to a reader who saved nothing', async () => {
    const reader = await createReader(ctx.deps);
    expect(await savedPage(reader, { limit: 5 })).toEqual({
      AccessToken: expect.any(String),
      savedArticles: [],
      nextCursor: null,
    });
  });
});

describe('saved-articles cursors', () => {
  const cursorOf = (json: string) => Buffer.from(json).toString('base64url');
  const ID = '0b7c4a52-4c1b-4e9a-8a7e-2f4b9c1d0e55';
  const FORGED: [string, string][] = [
    ['not base64', '%%%'],
    ['base64 of no JSON', cursorOf('hello')],
    ['a JSON array', cursorOf('[1,2]')],
    ['a negative time', cursorOf(`{"t":-1,"i":"${ID}"}`)],
    ['a fractional time', cursorOf(`{"t":1.5,"i":"${ID}"}`)],
    ['a time beyond exact doubles', cursorOf(`{"t":9007199254740993,"i":"${ID}"}`)],
    ['a number too large for a double', cursorOf(`{"t":1e400,"i":"${ID}"}`)],
    ['a time as a string', cursorOf(`{"t":"1","i":"${ID}"}`)],
    ['an id that is not a uuid', cursorOf('{"t":1,"i":"not-a-uuid"}')],
    ['an id with SQL in it', cursorOf(`{"t":1,"i":"${ID}'); drop table saved_articles; --"}`)],
    ['a missing id', cursorOf('{"t":1}')],
    ['an extra field', cursorOf(`{"t":1,"i":"${ID}","u":"x"}`)],
    ['fields in another order', cursorOf(`{"i":"${ID}","t":1}`)],
    ['a number written another way', cursorOf(`{"t":1e3,"i":"${ID}"}`)],
    ['padding', `${cursorOf(`{"t":1,"i":"${ID}"}`)}==`],
    ['a feed cursor', cursorOf('{"b":1900000000000,"p":29}')],
  ];

  it('answers 400 INVALID_CURSOR to every cursor the API did not write', async () => {
    const { reader } = await readerWhoSaved(2);
    const answers: Record<string, string> = {};
    for (const [what, cursor] of FORGED) {
      const res = await getSaved(reader, { limit: 1, cursor });
      answers[what] = `${res.status} ${res.body.code}`;
    }
    expect(answers).toEqual(
      Object.fromEntries(FORGED.map(([what]) => [what, '400 INVALID_CURSOR'])),
    );
    const tooLong = await getSaved(reader, { cursor: 'a'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe('VALIDATION_FAILED');
  });

  it('reads another reader’s cursor against the caller’s own saves only', async () => {
    const owner = await readerWhoSaved(4);
    const theirCursor = (await savedPage(owner.reader, { limit: 1 })).nextCursor!;
    const other = await readerWhoSaved(3);

    const answer = await savedPage(other.reader, { limit: 10, cursor: theirCursor });
    for (const id of articlesOf(answer)) expect(other.newestFirst).toContain(id);
    expect(articlesOf(answer).filter((id) => owner.newestFirst.includes(id))).toEqual([]);
  });
});
