/**
 * The reader's feed answer is prepared once and served until the feed changes (README,
 * "Prepared feed answers"). Every test first asks for the feed, so that an answer is held,
 * then changes the feed the way a reader does, and asks again: the change must show at once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.js';
import { insertArticles } from '../../../../test/fixtures.js';
import { createReader } from '../../../../test/readers.js';
import { articleIds, labelledCorpus, readerClient } from '../../../../test/recommendations.js';
import { recommendations } from '../../../db/schema.js';
import { LIST_STALE_MS } from '../../../changes/index.js';
import { FEED_STALE_AFTER_MS } from '../feed.settings.js';

let ctx: TestContext;
let client: ReturnType<typeof readerClient>;
const INTERESTS = ['politics', 'business', 'world'];
/** Far longer than the tests take (the clock only moves when a test moves it). */
const TTL_SECONDS = 600;

beforeAll(async () => {
  ctx = await createTestContext({ publicCacheSeconds: TTL_SECONDS });
  client = readerClient(ctx.request);
  await insertArticles(ctx.database.db, labelledCorpus([...INTERESTS, 'sports', 'travel'], 12));
  // A second source with more than a page of stories: hiding the first one is allowed.
  await insertArticles(
    ctx.database.db,
    labelledCorpus(['science', 'health'], 16, { source: 'Other Wire' }),
  );
});
afterAll(async () => {
  await ctx.close();
});

async function readerWithFeed() {
  const reader = await createReader(ctx.deps);
  await client.setInterests(reader, INTERESTS);
  const feed = await client.feed(reader);
  expect(feed.recommendations.length).toBeGreaterThan(0);
  return { reader, feed };
}

describe('GET /api/recommendations/get, prepared', () => {
  it('answers the same feed twice, with the token, and never for another reader', async () => {
    const { reader, feed } = await readerWithFeed();
    const again = await ctx.request().get('/api/recommendations/get').set(reader.auth());
    expect(again.status).toBe(200);
    expect(again.headers['cache-control']).toBe('private, no-store');
    expect(again.body.AccessToken).toEqual(expect.any(String));
    expect(articleIds(again.body)).toEqual(articleIds(feed));
    expect(again.body.interestCount).toBe(3);

    const other = await createReader(ctx.deps);
    await client.setInterests(other, ['sports', 'travel', 'world']);
    const theirs = await client.feed(other);
    expect(theirs.interestCount).toBe(3);
    // What the database holds as their feed, not the first reader's answer.
    const { rows } = await ctx.database.pool.query<{ article_id: string }>(
      `select article_id from recommendations
        where user_id = $1 and retired_at is null order by position`,
      [other.id],
    );
    expect(articleIds(theirs)).toEqual(rows.map((r) => r.article_id));
    expect(articleIds(theirs)).not.toEqual(articleIds(feed));
  });

  it('shows an article marked read as read at once', async () => {
    const { reader, feed } = await readerWithFeed();
    const first = feed.recommendations[0]!;
    expect(first.status).toBe('new');
    expect((await client.markAsRead(reader, first.article_id._id)).status).toBe(200);
    const after = await client.feed(reader);
    expect(after.recommendations.find((r) => r._id === first._id)?.status).toBe('read');
  });

  it('drops at once what "fewer like this" and a hidden source take out', async () => {
    const { reader, feed } = await readerWithFeed();
    const [one, two] = feed.recommendations;
    const fewer = await client.control(reader, 'fewerlikethis', {
      article_id: one!.article_id._id,
    });
    expect(fewer.status).toBe(200);
    expect(articleIds(await client.feed(reader))).not.toContain(one!.article_id._id);

    const source = two!.article_id.source_name;
    expect((await client.control(reader, 'hidesource', { source_name: source })).status).toBe(200);
    const after = await client.feed(reader);
    expect(after.recommendations.map((r) => r.article_id.source_name)).not.toContain(source);
  });

  it('follows new interests and a refresh at once', async () => {
    const { reader, feed } = await readerWithFeed();
    await client.setInterests(reader, ['sports', 'travel', 'world']);
    const changed = await client.feed(reader);
    expect(changed.interestCount).toBe(3);
    const categoriesShown = new Set(
      changed.recommendations.flatMap((r) => r.article_id.categories),
    );
    expect(categoriesShown.has('sports') || categoriesShown.has('travel')).toBe(true);
    expect(articleIds(changed)).not.toEqual(articleIds(feed));

    const refreshed = await client.refresh(reader);
    const [{ created }] = (
      await ctx.database.pool.query<{ created: Date }>(
        `select max(created_at) as created from recommendations
          where user_id = $1 and retired_at is null`,
        [reader.id],
      )
    ).rows as [{ created: Date }];
    expect(created).toBeInstanceOf(Date);
    expect(articleIds(await client.feed(reader))).toEqual(articleIds(refreshed));
  });

  it('rebuilds a feed that has grown stale by age, though its answer was held', async () => {
    const { reader, feed } = await readerWithFeed();
    const builtAt = async () =>
      (
        await ctx.database.db
          .select({ at: recommendations.createdAt })
          .from(recommendations)
          .where(eq(recommendations.userId, reader.id))
      )
        .map((r) => r.at.getTime())
        .reduce((a, b) => Math.max(a, b), 0);
    const before = await builtAt();
    ctx.clock.advance(FEED_STALE_AFTER_MS + 1);
    const after = await client.feed(reader);
    expect(await builtAt()).toBeGreaterThan(before);
    expect(after.recommendations.length).toBe(feed.recommendations.length);
  });

  it('shows a like in the counts once the answer is a second old, as a public list does', async () => {
    const { reader, feed } = await readerWithFeed();
    const shown = feed.recommendations[0]!.article_id;
    await client.react(reader, 'like', shown._id);
    const likesShown = async () =>
      (await client.feed(reader)).recommendations.find((r) => r.article_id._id === shown._id)
        ?.article_id.likes;
    // Within LIST_STALE_MS the answer held may still be served (the clock here stands still).
    expect(await likesShown()).toBe(shown.likes);
    ctx.clock.advance(LIST_STALE_MS);
    expect(await likesShown()).toBe(shown.likes + 1);
  });

  it('lives at most PUBLIC_CACHE_SECONDS when a change goes unannounced', async () => {
    const { reader, feed } = await readerWithFeed();
    const first = feed.recommendations[0]!;
    // Changed by hand: nothing in this process hears of it (no relay runs here).
    await ctx.database.pool.query(`update recommendations set reasons = $2 where id = $1`, [
      first._id,
      ['Changed by hand'],
    ]);
    expect((await client.feed(reader)).recommendations[0]!.reasons).toEqual(first.reasons);
    ctx.clock.advance(TTL_SECONDS * 1000);
    expect((await client.feed(reader)).recommendations[0]!.reasons).toEqual(['Changed by hand']);
  });
});
