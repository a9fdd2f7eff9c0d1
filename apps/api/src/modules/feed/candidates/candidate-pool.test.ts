import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.js';
import { insertArticle, insertArticles } from '../../../../test/fixtures.js';
import { createReader } from '../../../../test/readers.js';
import { CORPUS_END, labelledCorpus, readerClient } from '../../../../test/recommendations.js';
import { articles } from '../../../db/schema.js';
import { LIST_STALE_MS } from '../../../changes/index.js';
import {
  buildCandidatePool,
  createCandidatePoolCache,
  olderFromPool,
  pooledOlder,
  windowSources,
  type CandidatePool,
} from './candidate-pool.js';
import type { RankableArticle } from '../ranker/index.js';
import { signalsRepository as repo } from './signals.repository.js';
import {
  CANDIDATE_LIMITS,
  CANDIDATE_POOL_MAX_AGE_MS,
  CANDIDATE_WINDOW_DAYS,
} from '../feed.settings.js';

const DAY_MS = 86_400_000;

/** A rankable article `hoursAgo` before a fixed instant, with a sortable id. */
function article(
  n: number,
  hoursAgo: number,
  over: Partial<RankableArticle> = {},
): RankableArticle {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Story ${n}`,
    description: '',
    keywords: [],
    categories: [],
    sourceName: 'Example News',
    pubDate: new Date(Date.UTC(2022, 8, 20) - hoursAgo * 3_600_000),
    titleKey: `story ${n}`,
    likes: 0,
    dislikes: 0,
    saves: 0,
    shares: 0,
    views: 0,
    ...over,
  };
}

const ids = (list: readonly RankableArticle[]) => list.map((a) => a.id);
const none = { topics: [], keywords: [], coEngagedIds: [] };

describe('the shared candidate pool', () => {
  it('keeps the newest overall, reaching before the window when the window holds fewer', () => {
    const window = [article(1, 5), article(2, 1), article(3, 3)];
    const before = [article(4, 2000), article(5, 1000)];
    const pool = buildCandidatePool(window, before);
    expect(ids(pool.window)).toEqual(ids([article(2, 1), article(3, 3), article(1, 5)]));
    expect(ids(pool.newest)).toEqual([2, 3, 1, 5, 4].map((n) => article(n, 0).id));
  });

  it('bounds each source before the union: the newest in the topics, the most engaged, the keywords', () => {
    const limits = CANDIDATE_LIMITS;
    const window = Array.from({ length: limits.byTopic + 50 }, (_, i) =>
      article(i + 1, i, {
        categories: [i % 2 === 0 ? 'sports' : 'travel'],
        keywords: i === 220 ? ['eclipse'] : [],
        // Engagement rises with age, so the most engaged are the oldest: likes + 2 saves + ...
        likes: i,
        saves: i === 3 ? 10_000 : 0,
      }),
    );
    const pool = buildCandidatePool(window, []);
    expect(pool.engaging).toHaveLength(limits.engaging);
    expect(pool.engaging[0]!.id).toBe(window[3]!.id);
    expect(pool.newest).toHaveLength(limits.newest);

    const sports = windowSources(pool, { ...none, topics: ['sports'] });
    const inSports = sports.filter((a) => a.categories.includes('sports'));
    // Every sports article of the window fits in the topic source's bound.
    expect(inSports).toHaveLength(Math.ceil(window.length / 2));
    // The union is by id, each article once.
    expect(ids(sports)).toEqual([...new Set(ids(sports))].sort());

    const both = windowSources(pool, { ...none, topics: ['sports', 'travel'] });
    // Two topics: only the newest byTopic of the window, plus what the other sources add.
    const fromTopics = both.filter(
      (a) =>
        !pool.newest.includes(a) &&
        !pool.engaging.includes(a) &&
        window.indexOf(a) >= limits.byTopic,
    );
    expect(fromTopics).toEqual([]);

    const keyword = windowSources(pool, { ...none, keywords: ['eclipse'] });
    expect(ids(keyword)).toContain(window[220]!.id);
    expect(ids(windowSources(pool, none))).not.toContain(window[220]!.id);
  });

  it('adds the co-engaged articles of the window only', () => {
    const window = [article(1, 1), article(2, 2)];
    const pool: CandidatePool = { window, newest: [], engaging: [], olderByCategory: new Map() };
    const picked = windowSources(pool, {
      ...none,
      coEngagedIds: [article(2, 0).id, article(9, 0).id],
    });
    expect(ids(picked)).toEqual([article(2, 0).id]);
  });
});

describe('widening from the pool', () => {
  const { olderPerTopic, olderPooledPerTopic } = CANDIDATE_LIMITS;
  /** `count` older articles of `category`, newest first, numbered from `from`. */
  const olderOf = (category: string, count: number, from: number) =>
    Array.from({ length: count }, (_, i) =>
      article(from + i, 2_000 + i, { categories: [category] }),
    );
  const poolWith = (older: Record<string, RankableArticle[]>): CandidatePool =>
    buildCandidatePool([], [], new Map(Object.entries(older)));

  it("takes each topic's newest unseen, each article once, by id", () => {
    const sports = olderOf('sports', olderPooledPerTopic, 1_000);
    const both = article(5_000, 1_999, { categories: ['sports', 'travel'] });
    const travel = [both, ...olderOf('travel', 5, 2_000)];
    const pool = poolWith({ sports: [both, ...sports], travel });
    const seen = new Set([both.id, sports[0]!.id, sports[3]!.id]);
    const found = olderFromPool(pool, ['sports', 'travel'], (a) => seen.has(a.id))!;
    const expectedSports = sports.filter((a) => !seen.has(a.id)).slice(0, olderPerTopic);
    expect(ids(found)).toEqual(ids([...expectedSports, ...travel.slice(1)]).sort());
    expect(ids(pooledOlder(pool, ['sports', 'travel']))).toHaveLength(olderPooledPerTopic + 6);
  });

  it('asks the database when a full list runs out of unseen articles, or a topic has none', () => {
    const sports = olderOf('sports', olderPooledPerTopic, 1_000);
    const pool = poolWith({ sports, food: olderOf('food', 3, 3_000) });
    const seenAllBut = (n: number) => (a: RankableArticle) => sports.indexOf(a) >= n;
    expect(olderFromPool(pool, ['sports'], seenAllBut(olderPerTopic))).toHaveLength(olderPerTopic);
    expect(olderFromPool(pool, ['sports'], seenAllBut(olderPerTopic - 1))).toBeUndefined();
    // A short list is the whole category: what it holds is all there is.
    expect(olderFromPool(pool, ['food'], () => false)).toHaveLength(3);
    expect(olderFromPool(pool, ['food'], () => true)).toEqual([]);
    expect(olderFromPool(pool, ['unknown'], () => false)).toBeUndefined();
  });
});

describe('the candidate pool cache', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await insertArticles(ctx.database.db, labelledCorpus(['sports', 'travel', 'food'], 6));
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function poolNow(poolFor: ReturnType<typeof createCandidatePoolCache>) {
    const now = ctx.clock.now();
    const window = (await repo.corpusWindow(ctx.database.db, now, CANDIDATE_WINDOW_DAYS))!;
    const since = new Date(window.anchor.getTime() - CANDIDATE_WINDOW_DAYS * DAY_MS);
    return poolFor(ctx.database.db, window, { since, now });
  }
  const likesIn = (pool: CandidatePool, id: string) => pool.window.find((a) => a.id === id)!.likes;

  it('is read once, and again a second after a like changed the counts', async () => {
    const poolFor = createCandidatePoolCache(ctx.deps.changes);
    const first = await poolNow(poolFor);
    expect(first.window.length).toBe(18);
    expect(await poolNow(poolFor)).toBe(first);

    const target = first.window[0]!;
    const reader = await createReader(ctx.deps);
    await readerClient(ctx.request).react(reader, 'like', target.id);
    // Within the second the counts may lag, as on the public lists.
    expect(await poolNow(poolFor)).toBe(first);
    ctx.clock.advance(LIST_STALE_MS);
    const after = await poolNow(poolFor);
    expect(after).not.toBe(first);
    expect(likesIn(after, target.id)).toBe(target.likes + 1);
    ctx.clock.advance(LIST_STALE_MS);
    expect(await poolNow(poolFor)).toBe(after);
  });

  it('is read again at once when an article joins the window', async () => {
    const poolFor = createCandidatePoolCache(ctx.deps.changes);
    const first = await poolNow(poolFor);
    const added = await insertArticle(ctx.database.db, {
      categories: ['sports'],
      pubDate: new Date(CORPUS_END - 3_600_000 / 2),
    });
    const after = await poolNow(poolFor);
    expect(ids(after.window)).toContain(added.id);
    expect(after.window.length).toBe(first.window.length + 1);
  });

  it('is read again after its longest age even when no change was announced', async () => {
    const poolFor = createCandidatePoolCache(ctx.deps.changes);
    const first = await poolNow(poolFor);
    const target = first.window[1]!;
    // Counts changed behind the app's back (SQL by hand): nothing announces it.
    await ctx.database.db
      .update(articles)
      .set({ views: sql`${articles.views} + 5` })
      .where(eq(articles.id, target.id));
    ctx.clock.advance(CANDIDATE_POOL_MAX_AGE_MS - 1);
    expect(await poolNow(poolFor)).toBe(first);
    ctx.clock.advance(1);
    const after = await poolNow(poolFor);
    expect(after.window.find((a) => a.id === target.id)!.views).toBe(target.views + 5);
  });
});
