/**
 * The feed thinks in stories: one card per story; a story the reader read does not
 * come back, unless a later report of it arrives, which comes back once and says it is new.
 * Through the HTTP API on the bundled corpus, with one story of our own reported by three
 * sources and clustered as ingestion does.
 */
import type { CategoryId, PublicArticle } from '@lede/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles } from '../../../test/fixtures.js';
import { createReader, type TestReader } from '../../../test/readers.js';
import { readerClient } from '../../../test/recommendations.js';
import { seedCorpusIfEmpty } from '../articles/index.js';
import { clusterPendingStories } from '../stories/index.js';
import { signalsRepository } from './candidates/signals.repository.js';

const INTERESTS: CategoryId[] = ['automotive', 'education', 'environment'];
/** After the bundled corpus's newest article: the story is the freshest news there is. */
const at = (hour: number) => new Date(Date.UTC(2022, 8, 24, hour));

let ctx: TestContext;
let client: ReturnType<typeof readerClient>;
let storyId: string;

const report = (title: string, sourceName: string, hour: number, description: string) => ({
  title,
  sourceName,
  pubDate: at(hour),
  description,
  categories: ['automotive'],
  titleKey: title.toLowerCase(),
});

async function cluster() {
  await clusterPendingStories(ctx.database.db, { now: at(23), logger: ctx.deps.logger });
}

beforeAll(async () => {
  ctx = await createTestContext();
  client = readerClient(ctx.request);
  await seedCorpusIfEmpty(ctx.database.db, ctx.deps.logger);
  const [first] = await insertArticles(ctx.database.db, [
    report(
      'Electric truck maker Rivtek recalls 40,000 trucks over brake fault',
      'Coast Herald',
      6,
      'Rivtek says a software fault can delay braking in its electric trucks.',
    ),
    report(
      'Rivtek recall: 40,000 electric trucks have faulty brakes',
      'Pacific Wire',
      8,
      'The electric truck maker Rivtek recalls 40,000 vehicles over a brake fault.',
    ),
  ]);
  await cluster();
  storyId = (await story(first!.id)).story._id;
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

async function story(articleId: string): Promise<{ story: PublicArticle['story'] }> {
  const res = await ctx
    .request()
    .get('/api/articles/getarticlebyid')
    .query({ article_id: articleId });
  return res.body.article as { story: PublicArticle['story'] };
}

type Feed = Awaited<ReturnType<typeof client.feed>>;
const ofStory = (feed: Feed) =>
  feed.recommendations.filter((r) => r.article_id.story._id === storyId);

async function reader(): Promise<TestReader> {
  const r = await createReader(ctx.deps);
  await client.setInterests(r, INTERESTS);
  return r;
}

describe('the feed in stories (through the API)', () => {
  it('shows one card per story, and a read story only when a later report arrives, once', async () => {
    const r = await reader();
    const first = await client.feed(r);
    expect(ofStory(first)).toHaveLength(1);
    const shown = ofStory(first)[0]!.article_id;
    expect(shown.story).toMatchObject({ size: 2, source_count: 2 });

    // Read: its story stays out, the other report included.
    expect((await client.markAsRead(r, shown._id)).status).toBe(200);
    const newer = (await client.refresh(r)).recommendations.filter(
      (x) => x.article_id.story._id === storyId,
    );
    expect(newer.every((x) => x.article_id.pubDate > shown.pubDate)).toBe(true);
    for (const x of newer) expect(x.reasons?.[0]).toBe('New since you read this story');
    if (newer.length > 0)
      expect((await client.markAsRead(r, newer[0]!.article_id._id)).status).toBe(200);
    const quiet = await client.refresh(r);
    expect(ofStory(quiet)).toEqual([]);

    // A new development joins the story: it comes back once, saying what it is.
    const [update] = await insertArticles(ctx.database.db, [
      report(
        'Rivtek widens electric truck recall to 60,000 after new brake failures',
        'Daily Ledger',
        12,
        'The Rivtek recall of electric trucks over faulty brakes now covers 60,000 vehicles.',
      ),
    ]);
    await cluster();
    expect((await story(update!.id)).story).toMatchObject({
      _id: storyId,
      size: 3,
      source_count: 3,
    });
    const grown = ofStory(await client.refresh(r));
    expect(grown.map((x) => [x.article_id._id, x.reasons?.[0]])).toEqual([
      [update!.id, 'New since you read this story'],
    ]);

    expect((await client.markAsRead(r, update!.id)).status).toBe(200);
    expect(ofStory(await client.refresh(r))).toEqual([]);
  });
});

describe('a like teaches the story, not only the report', () => {
  it("gives a liked report the keywords its story's reports share; a read keeps its own", async () => {
    const glacier = (title: string, sourceName: string, hour: number, keywords: string[]) => ({
      title,
      sourceName,
      pubDate: at(hour),
      description: `${title}.`,
      categories: ['environment'],
      keywords: ['environment', ...keywords],
      titleKey: title.toLowerCase(),
    });
    const [liked, read] = await insertArticles(ctx.database.db, [
      glacier('Glacier collapse in the Alps buries a hiking trail', 'Coast Herald', 14, [
        'glacier collapse',
        'alps',
      ]),
      glacier('Alps glacier collapse: trail buried, hikers safe', 'Pacific Wire', 15, [
        'glacier collapse',
        'marmolada',
      ]),
      glacier('Marmolada glacier collapse buries a trail in the Alps', 'Daily Ledger', 16, [
        'marmolada',
        'alps',
      ]),
    ]);
    await cluster();
    expect((await story(read!.id)).story._id).toBe((await story(liked!.id)).story._id);

    const r = await reader();
    await client.react(r, 'like', liked!.id);
    expect(
      (
        await ctx
          .request()
          .post('/api/articles/markviewed')
          .set(r.auth())
          .send({ article_id: read!.id })
      ).status,
    ).toBe(200);
    const history = await signalsRepository.readerHistory(ctx.database.db, r.id, {
      events: 200,
      dislikes: 500,
    });
    const keywordsOf = (action: string) =>
      history.find((e) => e.action === action)!.article.keywords;
    expect(keywordsOf('like')).toEqual(
      expect.arrayContaining(['glacier collapse', 'alps', 'marmolada']),
    );
    expect(keywordsOf('read')).not.toContain('alps');
  });
});
