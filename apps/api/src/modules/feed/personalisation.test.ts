import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles } from '../../../test/fixtures.js';
import { createReader, type TestReader } from '../../../test/readers.js';
import type { ArticleRow } from '../articles/index.js';
import { FEED_SIZE, LOW_UNREAD } from './feed.settings.js';
import {
  articleIds,
  CORPUS_END,
  labelledCorpus,
  readerClient,
  FIRST_WORDS,
} from '../../../test/recommendations.js';

let ctx: TestContext;
let client: ReturnType<typeof readerClient>;
const INTERESTS = ['politics', 'business', 'world'];
const DAY_MS = 86_400_000;
let astronomy: ArticleRow[];
let batteries: ArticleRow[];

/** A topic inside one of the readers' interests (business), spread over the corpus's week. */
const BATTERY_TITLES = [
  'Battery startup raises funds for electric truck cells',
  'Carmakers race to secure lithium for electric vehicles',
  'New solid-state battery promises faster charging',
  'Electric vehicle sales surge as battery prices fall',
  'Lithium miners expand output to meet battery demand',
  'Charging network operator plans thousands of stations',
  'Automaker unveils cheaper electric sedan with bigger battery',
  'Recycling plant opens to recover lithium and cobalt',
  'Utilities prepare the grid for millions of electric cars',
  'Sodium chemistry challenges the dominance of lithium cells',
];
let climateBill: { original: ArticleRow; republished: ArticleRow; reworded: ArticleRow };

beforeAll(async () => {
  ctx = await createTestContext();
  client = readerClient(ctx.request);
  const db = ctx.database.db;
  await insertArticles(
    db,
    labelledCorpus([...INTERESTS, 'sports', 'science', 'travel', 'food', 'health'], 20),
  );
  astronomy = await insertArticles(
    db,
    FIRST_WORDS.map((word, i) => ({
      title: `Astronomers map distant galaxy near ${word} cluster ${i}a`,
      description: 'Telescope images of a galaxy cluster surprise astronomers.',
      categories: ['science'],
      keywords: ['science', 'astronomy', 'galaxy', 'telescope'],
      pubDate: new Date(CORPUS_END - (i * 7 + 3) * 3_600_000),
    })),
  );
  batteries = await insertArticles(
    db,
    BATTERY_TITLES.map((title, i) => ({
      title,
      description: 'The race to build batteries for electric vehicles is reshaping industry.',
      categories: ['business'],
      keywords: ['business', 'electric', 'battery', 'lithium'],
      pubDate: new Date(CORPUS_END - (i * 16 + 5) * 3_600_000),
    })),
  );
  // One story three times: the original, the same title from another source, a reworded copy.
  const story = {
    categories: ['politics'],
    pubDate: new Date(CORPUS_END - 3_600_000),
    likes: 40,
    saves: 10,
  };
  const [original, republished, reworded] = await insertArticles(db, [
    {
      ...story,
      title: 'Senate passes sweeping climate bill after marathon session',
      titleKey: 'senate passes sweeping climate bill after marathon session',
    },
    {
      ...story,
      title: 'Senate Passes Sweeping Climate Bill After Marathon Session',
      titleKey: 'senate passes sweeping climate bill after marathon session',
      sourceName: 'Other Wire',
    },
    {
      ...story,
      title: 'Senate passes sweeping climate bill after marathon overnight session',
      sourceName: 'Third Daily',
    },
  ]);
  climateBill = { original: original!, republished: republished!, reworded: reworded! };
});
afterAll(async () => {
  await ctx.close();
});

async function newReader(): Promise<TestReader> {
  const reader = await createReader(ctx.deps);
  await client.setInterests(reader, INTERESTS);
  return reader;
}

/** Every feed the reader is shown over a week of refreshes (past the shown-and-ignored cooldown). */
async function feedsOverAWeek(reader: TestReader): Promise<string[][]> {
  const feeds: string[][] = [];
  for (let day = 0; day < 7; day++) {
    feeds.push(articleIds(await client.refresh(reader)), articleIds(await client.refresh(reader)));
    ctx.clock.advance(DAY_MS);
  }
  return feeds;
}

describe('learning from the reader', () => {
  it('moves a liked topic up the feed', async () => {
    const [liker, control] = [await newReader(), await newReader()];
    const [liked, rest] = [batteries.slice(0, 3), batteries.slice(3).map((a) => a.id)];
    for (const article of liked) await client.react(liker, 'like', article.id);

    const [withLikes, without] = [await client.feed(liker), await client.feed(control)];
    const topicItems = (body: typeof without) =>
      body.recommendations
        .map((item, position) => ({ item, position }))
        .filter(({ item }) => rest.includes(item.article_id._id));
    const [mine, theirs] = [topicItems(withLikes), topicItems(without)];
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.length).toBeGreaterThan(theirs.length);
    expect(mine[0]!.position).toBeLessThan(
      Math.min(FEED_SIZE / 2, theirs[0]?.position ?? FEED_SIZE),
    );
    for (const { item } of mine) expect(item.reasons).toContain('Similar to an article you liked');
  });

  it('never shows a disliked story again, nor its copies from other sources', async () => {
    const reader = await newReader();
    const story = [climateBill.original.id, climateBill.republished.id, climateBill.reworded.id];
    const first = articleIds(await client.feed(reader));
    // The story is on the page once, not three times.
    expect(first.filter((id) => story.includes(id))).toHaveLength(1);

    await client.react(reader, 'dislike', climateBill.original.id);
    for (const feed of await feedsOverAWeek(reader)) {
      expect(feed.filter((id) => story.includes(id))).toEqual([]);
    }
  });
});

describe('reading', () => {
  it('marks an item read, keeps it in the current feed as read, and never brings it back as new', async () => {
    const reader = await newReader();
    const feed = await client.feed(reader);
    const read = feed.recommendations[2]!;

    const res = await client.markAsRead(reader, read.article_id._id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: expect.any(String),
      recommendation: { _id: read._id, status: 'read', article_id: { _id: read.article_id._id } },
      streak: 1,
    });

    const again = await client.feed(reader);
    expect(articleIds(again)).toEqual(articleIds(feed));
    expect(again.recommendations.map((r) => r.status)).toEqual(
      feed.recommendations.map((_, i) => (i === 2 ? 'read' : 'new')),
    );

    for (const ids of await feedsOverAWeek(reader)) expect(ids).not.toContain(read.article_id._id);
  });

  it('records a read of an article outside the feed, and leaves it out of later feeds', async () => {
    const reader = await newReader();
    const shown = articleIds(await client.feed(reader));
    const elsewhere = astronomy.find((a) => !shown.includes(a.id))!;

    const res = await client.markAsRead(reader, elsewhere.id);
    expect(res.status).toBe(200);
    expect(res.body.recommendation).toBeUndefined();
    expect(res.body.streak).toBe(1);
    for (const ids of await feedsOverAWeek(reader)) expect(ids).not.toContain(elsewhere.id);
  });

  it('rebuilds the feed once the reader has worked through it', async () => {
    const reader = await newReader();
    const feed = articleIds(await client.feed(reader));
    const read = feed.slice(0, FEED_SIZE - LOW_UNREAD + 1);
    for (const id of read) expect((await client.markAsRead(reader, id)).status).toBe(200);

    const next = await client.feed(reader);
    expect(next.recommendations).toHaveLength(FEED_SIZE);
    expect(next.recommendations.every((r) => r.status === 'new')).toBe(true);
    expect(articleIds(next).filter((id) => feed.includes(id))).toEqual([]);
  });
});
