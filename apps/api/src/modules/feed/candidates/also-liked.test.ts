import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.js';
import { insertArticles } from '../../../../test/fixtures.js';
import { createReaders, type TestReader } from '../../../../test/readers.js';
import { CORPUS_END, labelledCorpus, readerClient } from '../../../../test/recommendations.js';
import type { ArticleRow } from '../../articles/index.js';

let ctx: TestContext;
let client: ReturnType<typeof readerClient>;
const INTERESTS = ['politics', 'business', 'world'];
const HOUR_MS = 3_600_000;
let corpus: ArticleRow[];

beforeAll(async () => {
  ctx = await createTestContext();
  client = readerClient(ctx.request);
  corpus = await insertArticles(
    ctx.database.db,
    labelledCorpus([...INTERESTS, 'sports', 'science', 'food', 'health'], 20),
  );
});
afterAll(async () => {
  await ctx.close();
});

const ALSO_LIKED = /^Readers who liked ".+" also liked this$/;

/** The reader's first feed: each article's id and reasons. */
async function feedOf(reader: TestReader) {
  const { recommendations } = await client.refresh(reader);
  return new Map(recommendations.map((r) => [r.article_id._id, r.reasons]));
}

describe('"readers who liked this also liked"', () => {
  it('needs 3 other readers behind it before it suggests or explains an article', async () => {
    const [target] = await insertArticles(ctx.database.db, [
      {
        title: 'Ferry timetable changes for remote islands',
        description: 'Island ferries sail less often this winter.',
        categories: ['travel'],
        keywords: ['travel', 'ferry', 'islands'],
        pubDate: new Date(CORPUS_END - 2 * HOUR_MS),
      },
    ]);
    const politics = corpus.filter((a) => a.categories.includes('politics'));
    // Two readers, each liking seven articles of their own (enough for the feed to follow what
    // they like beyond their interests). Other readers liked the same seven and the target, an
    // article outside their interests: two of them for one reader, three for the other.
    const [fewer, enough, ...others] = await createReaders(ctx.deps, 7);
    const likeAll = async (reader: TestReader, articles: { id: string }[]) => {
      for (const article of articles) await client.react(reader, 'like', article.id);
    };
    for (const [reader, liked, backers] of [
      [fewer!, politics.slice(0, 7), others.slice(0, 2)],
      [enough!, politics.slice(7, 14), others.slice(2, 5)],
    ] as const) {
      await client.setInterests(reader, INTERESTS);
      await likeAll(reader, liked);
      for (const backer of backers) await likeAll(backer, [...liked, target!]);
    }

    const withTwo = await feedOf(fewer!);
    const withThree = await feedOf(enough!);
    expect(withTwo.has(target!.id)).toBe(false);
    expect([...withTwo.values()].flat().filter((reason) => ALSO_LIKED.test(reason))).toEqual([]);
    expect(withThree.get(target!.id)).toContainEqual(expect.stringMatching(ALSO_LIKED));
  });
});
