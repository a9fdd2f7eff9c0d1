import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Response } from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles, type ArticleFixture } from '../../../test/fixtures.js';
import { createReader } from '../../../test/readers.js';
import { articles, articleShares } from '../../db/schema.js';

let ctx: TestContext;
const ANCHOR = Date.UTC(2022, 8, 23, 12);
const DAY = 86_400_000;
const daysBefore = (days: number) => new Date(ANCHOR - days * DAY);

beforeAll(async () => {
  // Articles are written straight into the database here, as another instance would: no
  // prepared answers are kept, so each request reads the table (the cache: prepared-responses.test.ts).
  ctx = await createTestContext({ publicCacheSeconds: 0 });
});
beforeEach(async () => {
  await ctx.database.pool.query('delete from articles');
  ctx.clock.set('2030-03-10T09:00:00Z');
});
afterAll(async () => {
  await ctx.close();
});

async function given(items: ArticleFixture[]) {
  return insertArticles(ctx.deps.db, items);
}
async function trendingTitles(
  limit = 100,
  query: { collapse?: 'true' | 'false' } = {},
): Promise<string[]> {
  const res = await ctx
    .request()
    .get('/api/articles/getlatesttrendingarticles')
    .query({ limit, ...query })
    .expect(200);
  return res.body.articles.map((a: { title: string }) => a.title);
}
async function shareRows(articleId: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(articleShares)
    .where(eq(articleShares.articleId, articleId));
  return row!.n;
}
async function latestTitles(limit = 100): Promise<string[]> {
  const res = await ctx
    .request()
    .get('/api/articles/getlatestarticles')
    .query({ limit })
    .expect(200);
  return res.body.articles.map((a: { title: string }) => a.title);
}

describe('GET /api/articles/getlatesttrendingarticles', () => {
  it('ranks an older article with likes above a newer one without', async () => {
    await given([
      { title: 'Fresh, unread', pubDate: daysBefore(0) },
      { title: 'Yesterday, liked', pubDate: daysBefore(1), likes: 5 },
    ]);
    expect(await trendingTitles()).toEqual(['Yesterday, liked', 'Fresh, unread']);
    expect(await latestTitles()).toEqual(['Fresh, unread', 'Yesterday, liked']);
  });

  it('weighs shares over saves over likes, counts views a little and dislikes against', async () => {
    const at = daysBefore(0);
    await given([
      { title: 'liked once', pubDate: at, likes: 1 },
      { title: 'saved once', pubDate: at, saves: 1 },
      { title: 'shared once', pubDate: at, shares: 1 },
      { title: 'viewed 20 times', pubDate: at, views: 20 },
      { title: 'more disliked than liked', pubDate: at, likes: 10, dislikes: 20 },
      { title: 'untouched', pubDate: at },
    ]);
    const titles = await trendingTitles();
    expect(titles.slice(0, 4)).toEqual([
      'viewed 20 times',
      'shared once',
      'saved once',
      'liked once',
    ]);
    expect(new Set(titles.slice(4))).toEqual(new Set(['more disliked than liked', 'untouched']));
  });

  it('counts one reader once: 60 shares and a week of daily opens add one share and one view', async () => {
    const at = daysBefore(0);
    const [, , pushed] = await given([
      { title: 'liked by 10', pubDate: at, likes: 10 },
      { title: 'liked by 5', pubDate: at, likes: 5 },
      { title: 'pushed by one reader', pubDate: at },
      { title: 'untouched', pubDate: at },
    ]);
    const before = await trendingTitles();
    expect(before.slice(0, 2)).toEqual(['liked by 10', 'liked by 5']);
    const reader = await createReader(ctx.deps);
    const article = { article_id: pushed!.id };

    const shared: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await ctx
        .request()
        .post('/api/userinteractions/share')
        .set(reader.auth())
        .send(article)
        .expect(200);
      shared.push(res.body.shares);
      ctx.clock.advance(5_000);
    }
    for (let day = 0; day < 7; day++) {
      await ctx
        .request()
        .post('/api/articles/markviewed')
        .set(reader.auth())
        .send(article)
        .expect(200);
      ctx.clock.advance(DAY);
    }

    // One share and one view lift it over the untouched article (the two tied before), and
    // nowhere near the article five readers liked.
    expect(await trendingTitles()).toEqual([
      'liked by 10',
      'liked by 5',
      'pushed by one reader',
      'untouched',
    ]);
    expect(shared).toEqual(Array(60).fill(1));
    const [counts] = await ctx.database.db
      .select({ shares: articles.shares, views: articles.views })
      .from(articles)
      .where(eq(articles.id, pushed!.id));
    expect(counts).toEqual({ shares: 1, views: 1 });
    expect(await shareRows(pushed!.id)).toBe(60);
  });

  it('does not let all-time likes keep an old article on top', async () => {
    await given([
      { title: 'a month old, 10 likes', pubDate: daysBefore(30), likes: 10 },
      ...[0, 1, 2, 3].map((d) => ({ title: `day ${d}`, pubDate: daysBefore(d) })),
    ]);
    expect((await trendingTitles()).at(-1)).toBe('a month old, 10 likes');
  });

  it('only considers the fortnight before the newest article once it holds enough', async () => {
    await given([
      { title: 'three weeks old, hugely liked', pubDate: daysBefore(21), likes: 100_000 },
      ...Array.from({ length: 205 }, (_, i) => ({ pubDate: new Date(ANCHOR - i * 3_600_000) })),
    ]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: Response = await ctx
        .request()
        .get('/api/articles/getlatesttrendingarticles')
        .query({ limit: 100, ...(cursor ? { cursor } : {}) })
        .expect(200);
      seen.push(...res.body.articles.map((a: { title: string }) => a.title));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(205);
    expect(new Set(seen).size).toBe(205);
    expect(seen).not.toContain('three weeks old, hugely liked');
  });

  it('lifts a story other sources report: three sources outrank an equally old lone report', async () => {
    const at = daysBefore(1);
    const before = new Date(at.getTime() - 60_000);
    const story = (id: string, sources: string[], subject: string) =>
      sources.map((sourceName, i) => ({
        title: `${subject} report ${i + 1} (${sourceName})`,
        pubDate: before,
        sourceName,
        storyId: id,
        terms: [`${subject} ${i}`],
        termWeights: [1],
      }));
    await given([
      // A minute newer, so it leads any tie.
      { title: 'Lone report', pubDate: at, sourceName: 'Solo News' },
      ...story(crypto.randomUUID(), ['Alpha', 'Beta', 'Gamma'], 'Three sources'),
      // Three reports from one source are not three sources.
      ...story(crypto.randomUUID(), ['Alpha', 'Alpha', 'Alpha'], 'One source'),
    ]);
    // One card per story: the story three sources report, the lone report, the one-source story.
    const cards = await trendingTitles();
    expect(cards).toHaveLength(3);
    expect(cards[0]).toMatch(/^Three sources report/);
    expect(cards[1]).toBe('Lone report');
    expect(cards[2]).toMatch(/^One source report/);
    // Every report of the three-source story has that momentum.
    const all = await trendingTitles(100, { collapse: 'false' });
    expect(all.slice(0, 3).sort()).toEqual(
      ['Alpha', 'Beta', 'Gamma'].map((s, i) => `Three sources report ${i + 1} (${s})`),
    );
    expect(all[3]).toBe('Lone report');
  });

  it('lifts a report other stories share two salient terms with (stored terms, not keywords)', async () => {
    const fiona = (n: number) => ({
      title: `Hurricane Fiona report ${n}`,
      pubDate: daysBefore(1),
      categories: ['world'],
      keywords: ['world'],
      // Each in a story of its own: the clustering split them, the terms still meet.
      storyId: crypto.randomUUID(),
      terms: ['hurricane fiona', 'puerto rico', `detail ${n}`],
      termWeights: [3, 2, 1],
    });
    await given([
      { title: 'Lone fresh story', pubDate: daysBefore(0), terms: ['budget', 'vote'] },
      fiona(1),
      fiona(2),
      fiona(3),
      fiona(4),
      // One shared term is a coincidence, and a word inside a shared phrase is the same
      // evidence: no lift, so the newer untouched report stays ahead of them.
      { title: 'Quiet report', pubDate: daysBefore(1) },
      ...['A', 'B'].map((x) => ({
        title: `Unrelated ${x}`,
        pubDate: new Date(daysBefore(1).getTime() - 60_000),
        keywords: ['talks', 'summit'],
        terms: ['talks', `other ${x}`],
        termWeights: [2, 1],
      })),
      ...['C', 'D'].map((x) => ({
        title: `Unrelated ${x}`,
        pubDate: new Date(daysBefore(1).getTime() - 120_000),
        terms: ['queen elizabeth', 'queen', `another ${x}`],
        termWeights: [3, 1, 1],
      })),
    ]);
    const titles = await trendingTitles();
    expect(titles.slice(0, 4).sort()).toEqual(
      [1, 2, 3, 4].map((n) => `Hurricane Fiona report ${n}`),
    );
    expect(titles[4]).toBe('Lone fresh story');
    expect(titles[5]).toBe('Quiet report');
    expect(titles.slice(6, 8).sort()).toEqual(['Unrelated A', 'Unrelated B']);
    expect(titles.slice(8).sort()).toEqual(['Unrelated C', 'Unrelated D']);
  });

  it('anchors to the newest article, not the wall clock, and ignores future-dated ones', async () => {
    await given([
      { title: '2022 article', pubDate: daysBefore(0) },
      { title: 'dated after "now"', pubDate: new Date(ANCHOR + 30 * DAY) },
    ]);
    expect(await trendingTitles()).toEqual(['dated after "now"', '2022 article']);
    ctx.clock.set(new Date(ANCHOR + DAY));
    expect(await trendingTitles()).toEqual(['2022 article']);
  });

  it('differs from the latest list on a corpus-like mix and still lists every recent article', async () => {
    const items: ArticleFixture[] = [];
    for (let day = 0; day < 10; day++) {
      for (let i = 0; i < 3; i++) {
        items.push({
          title: `day ${day} item ${i}`,
          pubDate: daysBefore(day),
          likes: (day * 7 + i * 3) % 5 === 0 ? day + 2 : 0,
          terms: day % 3 === 1 ? ['election', 'ballot', `x${i}`] : [`solo${day}${i}`],
        });
      }
    }
    await given(items);
    const trending = await trendingTitles(10);
    const latest = await latestTitles(10);
    expect(trending).not.toEqual(latest);
    expect(trending.filter((t) => !latest.includes(t)).length).toBeGreaterThan(0);
    expect(await trendingTitles()).toHaveLength(30);
  });

  it('refuses bad page sizes and foreign cursors', async () => {
    for (const query of [
      '?limit=101',
      '?limit=0',
      '?cursor=nope',
      `?cursor=${Buffer.from('{"o":-1}').toString('base64url')}`,
    ]) {
      const res = await ctx.request().get(`/api/articles/getlatesttrendingarticles${query}`);
      expect(res.status).toBe(400);
    }
    await given([{ title: 'only one' }]);
    const res = await ctx.request().get('/api/articles/getlatesttrendingarticles').expect(200);
    expect(res.body).toEqual({
      articles: [expect.objectContaining({ title: 'only one' })],
      nextCursor: null,
    });
  });
});
