import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicArticle, Story } from '@lede/shared';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { startFeedServer, type FeedServer } from '../../../test/ingestion/feed-server.js';
import { insertArticle } from '../../../test/fixtures.js';
import { articles } from '../../db/schema.js';
import { understandArticle } from '../../lib/text/index.js';
import { loadSeedRecords, type SeedRecord } from '../articles/index.js';
import { runIngestion } from '../ingestion/index.js';
import { clusterPending, clusterPendingStories } from './cluster-pending.js';
import {
  storiesRepository,
  TITLE_CITED_BONUS,
  TITLE_FIRST_SOURCE_BONUS,
} from './stories.repository.js';

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
const storyBody = async (id: string) => (await story(id).expect(200)).body.story as Story;

/**
 * Every report of the story has its "why grouped" line: the first is the first report, and each
 * other one names words as a headline (its own, the title, another member's) or its own text
 * writes them, never a stem; or it repeats an earlier headline.
 */
function expectWhyGroupedInSurfaceWords(body: Story): void {
  const first = body.articles.filter((a) => a.joined.rule === 'new');
  expect(first.length, body.title).toBeLessThanOrEqual(1);
  for (const a of body.articles) {
    if (a.joined.rule === 'new') continue;
    const texts = [a.title, a.description, body.title, ...body.articles.map((m) => m.title)];
    if (a.joined.rule !== 'same-title')
      expect(a.joined.shared_words.length, `${a.title}: ${a.joined.rule}`).toBeGreaterThan(0);
    for (const word of a.joined.shared_words)
      expect(
        texts.some((t) => t.includes(word)),
        `"${word}" as written, for ${a.title}`,
      ).toBe(true);
  }
}

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
      // Two sources ran this headline: the most central, and its source reported first.
      title: 'Magnitude 7.1 earthquake strikes off the coast of Chile',
      title_article_id: id,
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
      expect(a.joined.shared_words).toEqual(expect.arrayContaining(['Chile']));
    }
    expectWhyGroupedInSurfaceWords(body);
    // The feeds give a time of day: it is said so.
    for (const a of body.articles) expect(a.pub_date_has_time).toBe(true);
    expect(
      body.sources.map((s) => [
        s.source_name,
        s.first_reported,
        s.first_reported_has_time,
        s.articles,
      ]),
    ).toEqual([
      ['Coast Herald', '2026-03-03T08:00:00.000Z', true, 1],
      ['Daily Ledger', '2026-03-03T08:20:00.000Z', true, 2],
      ['Pacific Wire', '2026-03-03T09:00:00.000Z', true, 1],
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

/** A report as ingestion stores it: its terms understood from its text. */
async function storeReport(title: string, sourceName: string, pubDate: Date, description = '') {
  const { terms, termWeights, words, keywords, categories } = understandArticle({
    title,
    description,
  });
  return insertArticle(ctx.deps.db, {
    title,
    description,
    sourceName,
    pubDate,
    terms,
    termWeights,
    words,
    keywords,
    categories,
  });
}

/** Assigns the reports as ingestion does (by id, one pass each, no merging), and says so. */
async function assign(ids: string[]): Promise<void> {
  await ctx.deps.db.transaction((tx) =>
    clusterPending(tx, { now: ctx.clock.now(), articleIds: ids, merge: false }),
  );
  ctx.deps.changes.articlesChanged();
}

/**
 * The most representative member by the definition the README gives, computed here from the
 * stored terms: the highest mean cosine to the other members, plus the bonuses of the source that
 * reported first and of the share of reports a source wrote; the earliest of equals.
 */
async function mostRepresentative(storyId: string): Promise<string> {
  const rows = (
    await ctx.deps.db
      .select()
      .from(articles)
      .where(inArray(articles.storyId, [storyId]))
  ).sort((a, b) => a.pubDate.getTime() - b.pubDate.getTime() || a.id.localeCompare(b.id));
  const unit = rows.map((r) => {
    const norm = Math.hypot(...r.termWeights);
    return new Map(r.terms.map((t, i) => [t, norm ? r.termWeights[i]! / norm : 0]));
  });
  const n = rows.length;
  const firstAt = rows[0]!.pubDate.getTime();
  const score = (i: number) => {
    const r = rows[i]!;
    let others = 0;
    unit.forEach((v, j) => {
      if (j !== i) for (const [t, w] of unit[i]!) others += w * (v.get(t) ?? 0);
    });
    const same = rows.filter((x) => x.sourceName === r.sourceName);
    const firstSource = Math.min(...same.map((x) => x.pubDate.getTime())) === firstAt;
    return (
      (n > 1 ? others / (n - 1) : 0) +
      (firstSource ? TITLE_FIRST_SOURCE_BONUS : 0) +
      (TITLE_CITED_BONUS * same.length) / n
    );
  };
  let best = 0;
  for (let i = 1; i < n; i++) if (score(i) > score(best) + 1e-6) best = i;
  return rows[best]!.id;
}

describe('a story told well', () => {
  const hour = (h: number) => new Date(Date.UTC(2026, 4, 12, h));

  it('is titled by its most representative report, recomputed as it grows', async () => {
    const report = async (title: string, source: string, h: number) => {
      const row = await storeReport(title, source, hour(h));
      await assign([row.id]);
      return row;
    };
    const first = await report(
      'Mount Etna eruption: Catania airport closes as ash cloud spreads',
      'Coast Herald',
      8,
    );
    const second = await report(
      'Mount Etna eruption: lava flows down the slopes',
      'Pacific Wire',
      9,
    );
    let body = await storyBody(first.id);
    // Two reports are as near each other: the first stays the title.
    expect(body).toMatchObject({ size: 2, title_article_id: first.id, title: first.title });

    await report('Lava flows down the slopes of Mount Etna', 'Daily Ledger', 10);
    body = await storyBody(first.id);
    expect(body.size).toBe(3);
    // The airport report is the odd one out now: the lava reports are nearer the centre.
    expect(body).toMatchObject({ title_article_id: second.id, title: second.title });
    expect(body.title_article_id).toBe(await mostRepresentative(first.id));

    // More airport news: the centre moves towards it.
    const airport = await report(
      'Catania airport stays closed by Mount Etna ash cloud',
      'Morning Post',
      11,
    );
    await report('Mount Etna ash cloud keeps Catania airport closed', 'Evening Star', 12);
    await report('Catania airport closed: Mount Etna ash cloud lingers', 'Harbour Times', 13);
    body = await storyBody(first.id);
    expect(body.size).toBe(6);
    expect(body).toMatchObject({ title_article_id: airport.id, title: airport.title });
    expect(body.title_article_id).toBe(await mostRepresentative(first.id));
    expectWhyGroupedInSurfaceWords(body);
  });

  it('titles at start-up the stories an older version titled by their first report', async () => {
    const [etna] = await ctx.deps.db
      .select()
      .from(articles)
      .where(inArray(articles.title, ['Mount Etna eruption: lava flows down the slopes']));
    const id = etna!.storyId!;
    const before = await storyBody(id);
    const first = before.articles.at(-1)!;
    expect(before.title_article_id).not.toBe(first._id);
    // As an older version left it: the first report's title, no title article.
    await ctx.deps.db.execute(
      sql`update stories set title = ${first.title}, title_article_id = null where id = ${id}`,
    );
    const retitled = await clusterPendingStories(ctx.deps.db, {
      now: ctx.clock.now(),
      logger: ctx.deps.logger,
    });
    expect(retitled.assigned).toBe(0);
    ctx.deps.changes.articlesChanged();
    expect(await storyBody(id)).toEqual(before);
  });

  it('is titled again when stories merge', async () => {
    const day = (h: number) => new Date(Date.UTC(2026, 6, 2, h));
    // A join asks 0.99 here: each report starts a story, and the merge pass joins them.
    const options = { joinThreshold: 0.99, mergeThreshold: 0.1 };
    const a = await storeReport(
      'Bridge collapse in Genoa: rescuers search rubble',
      'Coast Herald',
      day(6),
    );
    const b = await storeReport(
      'Genoa motorway bridge collapse kills dozens',
      'Pacific Wire',
      day(7),
    );
    const c = await storeReport(
      'Genoa bridge collapse: motorway viaduct falls',
      'Daily Ledger',
      day(8),
    );
    await ctx.deps.db.transaction((tx) =>
      clusterPending(tx, { now: day(9), articleIds: [a.id, b.id, c.id], options }),
    );
    ctx.deps.changes.articlesChanged();
    const [row] = await ctx.deps.db
      .select()
      .from(articles)
      .where(inArray(articles.id, [a.id]));
    const body = await storyBody(row!.storyId!);
    expect(body.size).toBe(3);
    expect(body.title_article_id).toBe(await mostRepresentative(body._id));
    // Each report was a story of its own, merged: each says why.
    expect(body.articles.filter((m) => m.joined.rule === 'merged').length).toBeGreaterThan(0);
    expectWhyGroupedInSurfaceWords(body);
  });

  it('says "why grouped" in the headlines\' words, never in stems', async () => {
    const day = (h: number) => new Date(Date.UTC(2026, 7, 20, h));
    const lead = await storeReport('Hurricane Fiona Hits Puerto Rico', 'Coast Herald', day(6));
    const turks = await storeReport(
      'Fiona Barrels Toward Turks And Caicos Islands As Category 3 Hurricane',
      'Pacific Wire',
      day(9),
    );
    const texas = await storeReport(
      'Bahamas And Texas Watch Fiona As Storm Turns North',
      'Daily Ledger',
      day(12),
    );
    // What the clustering stores: features, stemmed and lowercase.
    await ctx.deps.db.transaction((tx) =>
      storiesRepository.saveAssignments(
        tx,
        [
          { articleId: lead.id, storyId: lead.id, rule: 'new', score: 0, sharedTerms: [] },
          {
            articleId: turks.id,
            storyId: lead.id,
            rule: 'similar',
            score: 0.4,
            sharedTerms: ['turk caico', 'hurricane fiona', 'fiona', 'caico', 'old'],
          },
          {
            articleId: texas.id,
            storyId: lead.id,
            rule: 'similar',
            score: 0.3,
            sharedTerms: ['texa', 'bahama', 'puerto rico', 'storm'],
          },
        ],
        { articlesCounted: 0, counts: new Map(), touched: [lead.id], now: day(13) },
      ),
    );
    const body = await storyBody(lead.id);
    const words = (id: string) => body.articles.find((a) => a._id === id)!.joined.shared_words;
    expect(words(turks.id)).toEqual(['Turks And Caicos', 'Hurricane Fiona']);
    expect(words(texas.id)).toEqual(['Texas', 'Bahamas', 'Puerto Rico', 'Storm']);
    expect(words(lead.id)).toEqual([]);
    expectWhyGroupedInSurfaceWords(body);
  });

  it('invents no time: a source that gives a date only is said to', async () => {
    const record = (title: string, day: number): SeedRecord => ({
      link: `https://www.huffpost.com/entry/${title.toLowerCase().replace(/\W+/g, '-')}`,
      title,
      description: `About ${title}.`,
      creator: ['Staff Writer'],
      // The corpus gives the day: stored at noon UTC.
      pubDate: new Date(Date.UTC(2022, 8, day, 12)).toISOString(),
      source_name: 'HuffPost',
      source_url: 'https://www.huffpost.com',
      source_icon: null,
      image_url: null,
      source_category: 'WORLD NEWS',
      categories: ['world'],
      keywords: ['world'],
    });
    expect(
      await loadSeedRecords(ctx.deps.db, [
        record('Queen Elizabeth II Lies In State As Mourners Queue Through London', 14),
        record('Mourners Queue Through The Night To See Queen Elizabeth II Lying In State', 15),
      ]),
    ).toBe(2);
    const stored = await ctx.deps.db
      .select({ id: articles.id, hasTime: articles.pubDateHasTime })
      .from(articles)
      .where(inArray(articles.sourceName, ['HuffPost']));
    expect(stored.map((r) => r.hasTime)).toEqual([false, false]);
    await ctx.deps.db.transaction((tx) => clusterPending(tx, { now: ctx.clock.now() }));
    const clustered = await ctx.deps.db
      .select({ id: articles.id, storyId: articles.storyId })
      .from(articles)
      .where(inArray(articles.sourceName, ['HuffPost']));

    for (const { id, storyId } of clustered) {
      const body = await storyBody(storyId!);
      const mine = body.articles.find((a) => a._id === id)!;
      expect(mine.pubDate).toMatch(/T12:00:00.000Z$/);
      expect(mine.pub_date_has_time).toBe(false);
      for (const s of body.sources) expect(s.first_reported_has_time).toBe(false);
    }
  });
});
