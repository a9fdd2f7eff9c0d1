/**
 * The feed keeps going: `nextCursor` asks for the page after, built from articles
 * new to the feed once the stored ones are shown, until nothing more is left.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.js';
import { insertArticles } from '../../../../test/fixtures.js';
import { createReader, type TestReader } from '../../../../test/readers.js';
import { labelledCorpus, readerClient } from '../../../../test/recommendations.js';
import { recommendations } from '../../../db/schema.js';
import type { PublicRecommendation } from '../feed.serializer.js';
import { FEED_SIZE } from '../feed.settings.js';

let ctx: TestContext;
let client: ReturnType<typeof readerClient>;
const INTERESTS = ['politics', 'business', 'world'];
const OTHERS = ['sports', 'science', 'travel'];
const PER_CATEGORY = 20;
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext();
  client = readerClient(ctx.request);
  await insertArticles(ctx.database.db, labelledCorpus([...INTERESTS, ...OTHERS], PER_CATEGORY));
});
afterAll(async () => {
  await ctx.close();
});

interface FeedPage {
  recommendations: PublicRecommendation[];
  interestCount: number;
  nextCursor: string | null;
}

const getPage = (reader: TestReader, cursor?: string) =>
  ctx
    .request()
    .get('/api/recommendations/get')
    .query(cursor === undefined ? {} : { cursor })
    .set(reader.auth());

async function page(reader: TestReader, cursor?: string): Promise<FeedPage> {
  const res = await getPage(reader, cursor);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as FeedPage;
}

/** Every page from the first, following `nextCursor` until it is null. */
async function allPages(reader: TestReader): Promise<FeedPage[]> {
  const pages = [await page(reader)];
  while (pages.at(-1)!.nextCursor !== null) {
    expect(pages.length).toBeLessThan(50);
    pages.push(await page(reader, pages.at(-1)!.nextCursor!));
  }
  return pages;
}

const rowIds = (p: FeedPage) => p.recommendations.map((r) => r._id);
const articlesOf = (p: FeedPage) => p.recommendations.map((r) => r.article_id._id);

async function readerWithInterests(interests = INTERESTS) {
  const reader = await createReader(ctx.deps);
  await client.setInterests(reader, interests);
  return reader;
}

/** The reader's active feed as stored, in order. */
const activeRows = (userId: string) =>
  ctx.database.db
    .select({ id: recommendations.id, articleId: recommendations.articleId })
    .from(recommendations)
    .where(and(eq(recommendations.userId, userId), isNull(recommendations.retiredAt)))
    .orderBy(asc(recommendations.position));

describe('paging through the feed', () => {
  it('goes on past the first page to the end, each item once, ending with a null cursor', async () => {
    const reader = await readerWithInterests();
    const pages = await allPages(reader);

    expect(pages[0]!.recommendations).toHaveLength(FEED_SIZE);
    expect(pages.length).toBeGreaterThan(2);
    for (const p of pages.slice(0, -1)) expect(p.recommendations.length).toBeGreaterThan(0);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    for (const p of pages) expect(p.interestCount).toBe(3);

    const items = pages.flatMap((p) => p.recommendations);
    const ids = items.map((r) => r._id);
    expect(new Set(ids).size).toBe(ids.length);
    const articles = items.map((r) => r.article_id._id);
    expect(new Set(articles).size).toBe(articles.length);
    // Most of the corpus is reachable; scores keep decreasing across pages.
    expect(articles.length).toBeGreaterThan(PER_CATEGORY * INTERESTS.length);
    const scores = items.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // Nothing stored was skipped: the pages are the stored feed, in order.
    expect(await activeRows(reader.id)).toEqual(
      items.map((r) => ({ id: r._id, articleId: r.article_id._id })),
    );
  });

  it('answers the same pages again, and keeps the first page the first page', async () => {
    const reader = await readerWithInterests();
    const first = await page(reader);
    const second = await page(reader, first.nextCursor!);
    const third = await page(reader, second.nextCursor!);
    expect(second.recommendations.length).toBeGreaterThan(0);

    expect(await page(reader)).toEqual({ ...first, AccessToken: expect.any(String) });
    expect(await page(reader, first.nextCursor!)).toEqual({
      ...second,
      AccessToken: expect.any(String),
    });
    expect(rowIds(await page(reader, second.nextCursor!))).toEqual(rowIds(third));
  });

  it('stores a page once when it is asked for twice at the same time', async () => {
    const reader = await readerWithInterests();
    const first = await page(reader);
    const [a, b] = await Promise.all([
      page(reader, first.nextCursor!),
      page(reader, first.nextCursor!),
    ]);
    expect(rowIds(a)).toEqual(rowIds(b));
    expect(await activeRows(reader.id)).toHaveLength(FEED_SIZE + a.recommendations.length);
  });

  it('never brings back an article the reader asked fewer of', async () => {
    const reader = await readerWithInterests();
    const first = await page(reader);
    const fewer = first.recommendations[3]!.article_id._id;
    await client.control(reader, 'fewerlikethis', { article_id: fewer }).expect(200);

    const pages = [first];
    while (pages.at(-1)!.nextCursor !== null)
      pages.push(await page(reader, pages.at(-1)!.nextCursor!));
    expect(pages.slice(1).flatMap(articlesOf)).not.toContain(fewer);
  });

  it('leaves out what an earlier feed showed and retired, within the cooldown', async () => {
    const reader = await readerWithInterests();
    const before = articlesOf(await page(reader));
    ctx.clock.advance(HOUR_MS);
    await client.refresh(reader);
    const kept = new Set((await activeRows(reader.id)).map((r) => r.articleId));
    const retired = before.filter((id) => !kept.has(id));
    expect(retired.length).toBeGreaterThan(0);

    const later = (await allPages(reader)).slice(1).flatMap(articlesOf);
    expect(later.length).toBeGreaterThan(0);
    expect(later.filter((id) => retired.includes(id))).toEqual([]);
  });

  it('starts again at the top of a feed rebuilt since the cursor was given', async () => {
    const reader = await readerWithInterests();
    const old = await page(reader);
    ctx.clock.advance(HOUR_MS);
    const rebuilt = await client.refresh(reader);
    const next = await page(reader, old.nextCursor!);
    expect(rowIds(next)).toEqual(rebuilt.recommendations.map((r) => r._id));
    expect(next.nextCursor).toBe((rebuilt as unknown as FeedPage).nextCursor);
    expect(next.nextCursor).not.toBe(old.nextCursor);
  });

  it('answers a refresh with the cursor of its next page', async () => {
    const reader = await readerWithInterests();
    ctx.clock.advance(HOUR_MS);
    const refreshed = (await client.refresh(reader)) as unknown as FeedPage;
    expect(refreshed.nextCursor).toEqual(expect.any(String));
    const next = await page(reader, refreshed.nextCursor!);
    expect(next.recommendations.length).toBeGreaterThan(0);
    expect(articlesOf(next).filter((id) => articlesOf(refreshed).includes(id))).toEqual([]);
  });

  it('answers no page and no cursor under the minimum of interests', async () => {
    const reader = await createReader(ctx.deps);
    expect(await page(reader)).toMatchObject({ recommendations: [], nextCursor: null });
    const other = await readerWithInterests();
    const cursor = (await page(other)).nextCursor!;
    expect(await page(reader, cursor)).toMatchObject({ recommendations: [], nextCursor: null });
  });
});

describe('cursors', () => {
  const cursorOf = (json: string) => Buffer.from(json).toString('base64url');
  const FORGED: [string, string][] = [
    ['not base64', '%%%'],
    ['base64 of no JSON', cursorOf('hello')],
    ['a JSON array', cursorOf('[1,2]')],
    ['a JSON string', cursorOf('"x"')],
    ['a negative position', cursorOf('{"b":1900000000000,"p":-1}')],
    ['a fractional position', cursorOf('{"b":1900000000000,"p":1.5}')],
    ['a position as a string', cursorOf('{"b":1900000000000,"p":"29"}')],
    ['a huge position', cursorOf('{"b":1900000000000,"p":1e20}')],
    ['a time past any date', cursorOf('{"b":1e300,"p":29}')],
    ['a number too large for a double', cursorOf('{"b":1e400,"p":29}')],
    ['minus zero', cursorOf('{"b":1900000000000,"p":-0}')],
    ['a number written another way', cursorOf('{"b":1.9e12,"p":29}')],
    ['null', cursorOf('{"b":null,"p":29}')],
    ['a missing field', cursorOf('{"b":1900000000000}')],
    ['an extra field', cursorOf('{"b":1900000000000,"p":29,"u":"x"}')],
    ['fields in another order', cursorOf('{"p":29,"b":1900000000000}')],
    ['whitespace', cursorOf('{ "b": 1900000000000, "p": 29 }')],
    ['padding', `${cursorOf('{"b":1900000000000,"p":29}')}==`],
    ['a saved-articles cursor', cursorOf('{"t":1,"i":"0b7c4a52-4c1b-4e9a-8a7e-2f4b9c1d0e55"}')],
  ];

  it('answers 400 INVALID_CURSOR to every cursor the API did not write', async () => {
    const reader = await readerWithInterests();
    await page(reader);
    const answers: Record<string, string> = {};
    for (const [what, cursor] of FORGED) {
      const res = await getPage(reader, cursor);
      answers[what] = `${res.status} ${res.body.code}`;
    }
    expect(answers).toEqual(
      Object.fromEntries(FORGED.map(([what]) => [what, '400 INVALID_CURSOR'])),
    );
    const tooLong = await getPage(reader, 'a'.repeat(201));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe('VALIDATION_FAILED');
  });

  it('reads another reader’s cursor against the caller’s own feed only', async () => {
    const owner = await readerWithInterests();
    const first = await page(owner);
    const theirCursor = (await page(owner, first.nextCursor!)).nextCursor!;
    const ownerRows = await activeRows(owner.id);

    const other = await readerWithInterests(OTHERS);
    await page(other);
    const answer = await page(other, theirCursor);
    const otherRows = new Set((await activeRows(other.id)).map((r) => r.id));
    expect(answer.recommendations.length).toBeGreaterThan(0);
    for (const id of rowIds(answer)) expect(otherRows.has(id)).toBe(true);
    const ownerIds = new Set(ownerRows.map((r) => r.id));
    expect(rowIds(answer).filter((id) => ownerIds.has(id))).toEqual([]);
    // The owner's feed is as it was.
    expect(await activeRows(owner.id)).toEqual(ownerRows);
  });
});
