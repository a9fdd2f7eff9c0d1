/**
 * Through HTTP: an article carries one category everywhere. Whichever endpoint sends
 * it (latest, a category list, a search, the article alone, its story, the feed), its
 * `categories` start with the same primary, one of the 15.
 */
import { CATEGORY_IDS, type PublicArticle } from '@lede/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles } from '../../../test/fixtures.js';
import { createReader } from '../../../test/readers.js';
import { readerClient } from '../../../test/recommendations.js';
import { categorize } from '../../lib/text/index.js';
import { clusterPendingStories } from '../stories/index.js';
import { seedCorpusIfEmpty } from './index.js';

let ctx: TestContext;
/** The primary of every article met so far, by id (from GET getarticlebyid). */
const primaryById = new Map<string, string>();

beforeAll(async () => {
  ctx = await createTestContext({ publicCacheSeconds: 0 });
  await seedCorpusIfEmpty(ctx.database.db, ctx.deps.logger);
  // One story told by two sources, after the corpus, categorised as ingestion does.
  const at = (hour: number) => new Date(Date.UTC(2022, 8, 24, hour));
  const report = (title: string, sourceName: string, hour: number, description: string) => ({
    title,
    description,
    sourceName,
    pubDate: at(hour),
    titleKey: title.toLowerCase(),
    categories: categorize({ sourceCategories: [], title, description }),
  });
  await insertArticles(ctx.database.db, [
    report(
      'NASA rocket launch to the moon delayed by a fuel leak',
      'Coast Herald',
      6,
      'NASA engineers found a hydrogen leak on the rocket; the lunar mission waits for repairs.',
    ),
    report(
      'Fuel leak delays NASA moon rocket launch',
      'Pacific Wire',
      8,
      'The lunar mission of NASA is on hold while engineers repair a hydrogen leak on the rocket.',
    ),
  ]);
  await clusterPendingStories(ctx.database.db, { now: at(23), logger: ctx.deps.logger });
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

async function get<T>(path: string, query: Record<string, string | number> = {}): Promise<T> {
  const res = await ctx.request().get(path).query(query);
  expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(200);
  return res.body as T;
}

/** The article's primary as its own page gets it. */
async function primaryOf(id: string): Promise<string> {
  let primary = primaryById.get(id);
  if (!primary) {
    const { article } = await get<{ article: PublicArticle }>('/api/articles/getarticlebyid', {
      article_id: id,
    });
    primary = article.categories[0]!;
    primaryById.set(id, primary);
  }
  return primary;
}

/** Every article of a list has a primary among the 15, the same as on its own page. */
async function expectSamePrimaries(list: readonly PublicArticle[], where: string) {
  expect(list.length, where).toBeGreaterThan(0);
  for (const a of list) {
    expect(CATEGORY_IDS, `${where}: ${a.title}`).toContain(a.categories[0]);
    expect(a.categories[0], `${where}: ${a.title}`).toBe(await primaryOf(a._id));
  }
}

let latest: PublicArticle[] = [];

describe('one primary category, from every endpoint', () => {
  it('latest and the article alone', async () => {
    latest = (
      await get<{ articles: PublicArticle[] }>('/api/articles/getlatestarticles', {
        limit: 30,
      })
    ).articles;
    await expectSamePrimaries(latest, 'latest');
  });

  it("a category's list (Explore) and a search", async () => {
    for (const a of latest.slice(0, 5)) {
      const primary = a.categories[0]!;
      const inCategory = await get<{ articles: PublicArticle[] }>(
        '/api/articles/getarticlebykeyword',
        { keyword: primary, limit: 50 },
      );
      await expectSamePrimaries(inCategory.articles, `category ${primary}`);
      // A category lists the articles it is the primary of, not those it is secondary for.
      for (const listed of inCategory.articles)
        expect(listed.categories[0], listed.title).toBe(primary);
      const word = a.title.split(/\s+/).find((w) => /^[A-Za-z]{6,}$/.test(w)) ?? a.title;
      const found = await get<{ articles: PublicArticle[] }>('/api/articles/getarticlebykeyword', {
        keyword: word,
        limit: 20,
      });
      await expectSamePrimaries(found.articles, `search ${word}`);
    }
  });

  it('a story', async () => {
    const inStory = latest.filter((a) => a.story.size > 1).slice(0, 3);
    expect(inStory.length).toBeGreaterThan(0);
    for (const a of inStory) {
      const { story } = await get<{ story: { articles: PublicArticle[] } }>(
        '/api/stories/getstorybyid',
        { story_id: a.story._id },
      );
      await expectSamePrimaries(story.articles, `story ${a.story._id}`);
    }
  });

  it("the feed's articles", async () => {
    const client = readerClient(ctx.request);
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, ['science', 'health', 'travel']);
    const feed = await client.feed(reader);
    await expectSamePrimaries(
      feed.recommendations.map((r) => r.article_id),
      'feed',
    );
  });

  // Not the category the first reason names, as the feed once sent: the article's own primary.
  it("the feed's `category` is the article's primary", async () => {
    const client = readerClient(ctx.request);
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, ['science', 'health', 'travel']);
    const feed = await client.feed(reader);
    expect(feed.recommendations.length).toBeGreaterThan(0);
    for (const r of feed.recommendations)
      expect(r.category, r.article_id.title).toBe(r.article_id.categories[0]);
  });
});
