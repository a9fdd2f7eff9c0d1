import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicArticle, Story } from '@lede/shared';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { startFeedServer, type FeedServer } from '../../../test/ingestion/feed-server.js';
import { insertArticle } from '../../../test/fixtures.js';
import { runIngestion } from '../ingestion/index.js';
import { clusterPending } from './cluster-pending.js';

/** One event told by three sources in three feeds, beside unrelated items (test fixtures). */
const FEEDS = ['coast-herald', 'pacific-wire', 'daily-ledger'].map(
  (name) => `/fixtures/story-${name}.rss.xml`,
);
const QUAKE = /chile/i;

let ctx: TestContext;
let server: FeedServer;
let everything: PublicArticle[];

beforeAll(async () => {
  ctx = await createTestContext();
  server = await startFeedServer();
  const result = await runIngestion({
    db: ctx.deps.db,
    changes: ctx.deps.changes,
    config: {
      ingest: {
        feeds: FEEDS.map((p) => server.url(p)),
        intervalMinutes: 0,
        allowPrivateFeeds: true,
        newsDataUrl: server.url('/newsdata/latest'),
      },
    },
    logger: ctx.deps.logger,
    clock: ctx.clock,
  });
  expect(result.inserted).toBe(6);
  const res = await ctx
    .request()
    .get('/api/articles/getlatestarticles')
    .query({ collapse: 'false', limit: 50 })
    .expect(200);
  everything = res.body.articles as PublicArticle[];
});
afterAll(async () => {
  await server.close();
  await ctx.close();
});

const story = (id: string) =>
  ctx.request().get('/api/stories/getstorybyid').query({ story_id: id });

describe('stories from RSS feeds of several sources', () => {
  it('puts the four reports of one event in one story of three sources, the rest alone', () => {
    const quake = everything.filter((a) => QUAKE.test(a.title));
    expect(quake).toHaveLength(4);
    const storyIds = new Set(quake.map((a) => a.story._id));
    expect(storyIds.size).toBe(1);
    for (const a of quake) expect(a.story).toMatchObject({ size: 4, source_count: 3 });
    for (const a of everything.filter((a) => !QUAKE.test(a.title)))
      expect(a.story).toEqual({ _id: a._id, size: 1, source_count: 1 });
  });

  it('answers the story: articles newest first, sources by first report, why each joined', async () => {
    const id = everything.find((a) => QUAKE.test(a.title))!.story._id;
    const res = await story(id).expect(200);
    const body = res.body.story as Story;
    expect(body).toMatchObject({
      _id: id,
      title: 'Magnitude 7.1 earthquake strikes off the coast of Chile',
      size: 4,
      source_count: 3,
      first_published: '2026-03-03T08:00:00.000Z',
      last_published: '2026-03-03T12:00:00.000Z',
    });
    expect(body.articles.map((a) => [a.pubDate, a.source_name, a.joined.rule])).toEqual([
      ['2026-03-03T12:00:00.000Z', 'Daily Ledger', 'similar'],
      ['2026-03-03T09:00:00.000Z', 'Pacific Wire', 'similar'],
      ['2026-03-03T08:20:00.000Z', 'Daily Ledger', 'same-title'],
      ['2026-03-03T08:00:00.000Z', 'Coast Herald', 'new'],
    ]);
    const similar = body.articles.filter((a) => a.joined.rule === 'similar');
    for (const a of similar) {
      expect(a.joined.score).toBeGreaterThan(0.1);
      expect(a.joined.shared_terms).toEqual(expect.arrayContaining(['chile']));
    }
    expect(body.sources.map((s) => [s.source_name, s.first_reported, s.articles])).toEqual([
      ['Coast Herald', '2026-03-03T08:00:00.000Z', 1],
      ['Daily Ledger', '2026-03-03T08:20:00.000Z', 2],
      ['Pacific Wire', '2026-03-03T09:00:00.000Z', 1],
    ]);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    for (const id of ['', 'not-a-uuid', 'x'.repeat(300)]) {
      const res = await story(id);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const missing = await story('00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'Story not found', code: 'STORY_NOT_FOUND' });
  });
});

describe('one card per story in every list', () => {
  const list = async (path: string, query: Record<string, string | number>) =>
    (await ctx.request().get(path).query(query).expect(200)).body as {
      articles: PublicArticle[];
      nextCursor: string | null;
    };
  const quakeCards = (articles: PublicArticle[]) => articles.filter((a) => QUAKE.test(a.title));
  const NEWEST_QUAKE = 'Tsunami warning lifted in Chile after strong earthquake';

  it('latest, a category and search show the story once, collapse=false every report', async () => {
    const lists: Array<[string, Record<string, string>]> = [
      ['/api/articles/getlatestarticles', {}],
      ['/api/articles/getarticlebykeyword', { keyword: 'world' }],
      ['/api/articles/getarticlebykeyword', { keyword: 'chile earthquake' }],
      ['/api/articles/getlatesttrendingarticles', {}],
    ];
    for (const [path, query] of lists) {
      const one = quakeCards((await list(path, { ...query, limit: 50 })).articles);
      expect([path, one.length]).toEqual([path, 1]);
      const all = quakeCards(
        (await list(path, { ...query, limit: 50, collapse: 'false' })).articles,
      );
      expect([path, all.length]).toEqual([path, 4]);
    }
    const latest = quakeCards((await list('/api/articles/getlatestarticles', {})).articles);
    expect(latest[0]!.title).toBe(NEWEST_QUAKE);
  });

  it('pages a collapsed list without repeats or gaps', async () => {
    const whole = (await list('/api/articles/getlatestarticles', { limit: 50 })).articles;
    expect(whole).toHaveLength(3);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { articles: PublicArticle[]; nextCursor: string | null } = await list(
        '/api/articles/getlatestarticles',
        { limit: 1, ...(cursor ? { cursor } : {}) },
      );
      seen.push(...page.articles.map((a) => a._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(whole.map((a) => a._id));
  });

  it('refuses a collapse that is not true or false', async () => {
    const res = await ctx
      .request()
      .get('/api/articles/getlatestarticles')
      .query({ collapse: 'no' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('collapse must be true or false');
  });

  it('answers a story from prepared bytes that follow a new report at once', async () => {
    const id = everything.find((a) => QUAKE.test(a.title))!.story._id;
    const before = (await story(id).expect(200)).body.story as Story;
    // Prepared: a write nobody announces is not seen (here, straight into the table).
    await ctx.deps.db.execute(sql`update stories set size = 99 where id = ${id}`);
    expect((await story(id).expect(200)).body.story).toEqual(before);

    const update = await insertArticle(ctx.deps.db, {
      title: 'Chile earthquake: magnitude 7.1 quake off the coast, aftershocks follow',
      sourceName: 'Morning Post',
      pubDate: new Date('2026-03-03T13:00:00.000Z'),
    });
    await ctx.deps.db.transaction((tx) =>
      clusterPending(tx, { now: ctx.clock.now(), articleIds: [update.id], merge: false }),
    );
    ctx.deps.changes.articlesChanged(); // as ingestion announces what it stored
    const after = (await story(id).expect(200)).body.story as Story;
    expect(after).toMatchObject({ size: 5, source_count: 4 });
    expect(after.articles[0]!._id).toBe(update.id);
  });
});
