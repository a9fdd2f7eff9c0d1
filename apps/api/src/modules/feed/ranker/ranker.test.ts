import { CATEGORY_IDS } from '@lede/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeTitle } from '../../../lib/text/index.js';
import { readSeedRecords } from '../../articles/index.js';
import {
  buildCorpusStats,
  categoryTitle,
  coEngagementFor,
  type CorpusStats,
  type HistoryAction,
  type HistoryEvent,
  isNearDuplicate,
  learnedSubjects,
  rank,
  type RankableArticle,
  type RankContext,
  type RankedArticle,
} from './index.js';
import { mulberry32 } from '../../../../tools/random.js';
import { analyzerFor } from './vectors.js';

const NOW = new Date('2024-03-01T12:00:00Z');
const DAY = 86_400_000;

let counter = 0;
function article(
  categories: string[],
  title: string,
  overrides: Partial<RankableArticle> = {},
): RankableArticle {
  counter += 1;
  return {
    id: `a${counter}`,
    title,
    description: overrides.description ?? `${title}. More on this story inside.`,
    keywords: [
      ...categories,
      ...title
        .toLowerCase()
        .split(/\W+/)
        .filter((w) => w.length > 3),
    ],
    categories,
    sourceName: 'Wire',
    pubDate: new Date(NOW.getTime() - DAY),
    titleKey: normalizeTitle(title),
    likes: 5,
    dislikes: 0,
    saves: 1,
    shares: 1,
    views: 100,
    ...overrides,
  };
}

/** Topic vocabulary per category, to generate plausible distinct headlines. */
const TOPICS: Record<string, string[]> = {
  technology: ['chip', 'software', 'smartphone', 'startup', 'robot', 'cloud', 'browser'],
  business: ['merger', 'retailer', 'earnings', 'factory', 'union', 'airline', 'shipping'],
  politics: ['senate', 'governor', 'ballot', 'campaign', 'congress', 'veto', 'primary'],
  health: ['vaccine', 'hospital', 'diet', 'virus', 'clinic', 'sleep', 'therapy'],
  science: ['telescope', 'fossil', 'genome', 'asteroid', 'physics', 'glacier', 'lab'],
  sports: ['championship', 'striker', 'marathon', 'playoffs', 'coach', 'tennis', 'stadium'],
  entertainment: ['album', 'premiere', 'sitcom', 'festival', 'actress', 'sequel', 'concert'],
  world: ['embassy', 'summit', 'border', 'ceasefire', 'parliament', 'refugees', 'treaty'],
  finance: ['mortgage', 'bonds', 'savings', 'stocks', 'pension', 'interest', 'crypto'],
  lifestyle: ['wedding', 'fashion', 'garden', 'parenting', 'furniture', 'pets', 'skincare'],
  travel: ['airport', 'island', 'cruise', 'hotel', 'passport', 'beach', 'backpacking'],
  food: ['recipe', 'restaurant', 'bakery', 'chef', 'pasta', 'vegan', 'coffee'],
  environment: ['wildfire', 'emissions', 'drought', 'recycling', 'wildlife', 'flood', 'solar'],
  education: ['teachers', 'university', 'tuition', 'classroom', 'exams', 'scholarship', 'campus'],
  automotive: ['sedan', 'electric', 'dealership', 'recall', 'pickup', 'charging', 'engine'],
};
const FILLER = ['new', 'big', 'surprise', 'latest', 'major', 'local', 'global', 'quiet', 'bold'];
const PLACES = ['Denver', 'Lisbon', 'Osaka', 'Nairobi', 'Lima', 'Oslo', 'Austin', 'Perth', 'Cairo'];

/** A made-up word, so that generated headlines stay distinct stories. */
function nonsense(random: () => number): string {
  const syllables = ['ka', 'lo', 'mi', 'ru', 'te', 'zan', 'bor', 'vel', 'qui', 'dro'];
  let word = '';
  for (let i = 0; i < 3; i++) word += syllables[Math.floor(random() * syllables.length)]!;
  return word;
}

/** A varied pool: `counts[c]` articles per category, spread over ~10 days, varied engagement. */
function pool(counts: Partial<Record<string, number>>, seed = 7): RankableArticle[] {
  const random = mulberry32(seed);
  const out: RankableArticle[] = [];
  for (const [category, n] of Object.entries(counts)) {
    const words = TOPICS[category]!;
    for (let i = 0; i < (n ?? 0); i++) {
      const w1 = words[Math.floor(random() * words.length)]!;
      const w2 =
        words[(words.indexOf(w1) + 1 + Math.floor(random() * (words.length - 1))) % words.length]!;
      const place = PLACES[Math.floor(random() * PLACES.length)]!;
      const adj = FILLER[Math.floor(random() * FILLER.length)]!;
      const title = `${place} ${w1} ${adj} ${w2} ${nonsense(random)}`;
      out.push(
        article([category], title, {
          pubDate: new Date(NOW.getTime() - random() * 10 * DAY),
          likes: Math.floor(random() * 50),
          saves: Math.floor(random() * 10),
          shares: Math.floor(random() * 5),
          views: Math.floor(random() * 1000),
          dislikes: Math.floor(random() * 5),
          sourceName: ['Wire', 'Daily', 'Herald', 'Post'][Math.floor(random() * 4)]!,
        }),
      );
    }
  }
  return out;
}

function context(candidates: RankableArticle[], extra: Partial<RankContext> = {}): RankContext {
  return { now: NOW, seed: 42, limit: 20, stats: buildCorpusStats(candidates), ...extra };
}

function events(action: HistoryAction, articles: RankableArticle[], daysAgo = 1): HistoryEvent[] {
  return articles.map((a, i) => ({
    article: a,
    action,
    at: new Date(NOW.getTime() - daysAgo * DAY + i * 60_000),
  }));
}

const ids = (list: RankedArticle[]) => list.map((r) => r.article.id);

function categoryShares(list: RankedArticle[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of list)
    for (const c of r.article.categories) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
}

describe('rank: exclusions', () => {
  it('never returns an article the reader disliked or already read (or otherwise acted on)', () => {
    const candidates = pool({ politics: 10, sports: 10, food: 10 });
    const [disliked, read, liked, saved] = [
      candidates[0]!,
      candidates[11]!,
      candidates[21]!,
      candidates[22]!,
    ];
    const history = [
      ...events('dislike', [disliked]),
      ...events('read', [read]),
      ...events('like', [liked]),
      ...events('save', [saved]),
    ];
    const out = rank({ interests: ['politics', 'sports', 'food'], history }, candidates, {
      ...context(candidates),
      limit: 100,
    });
    const returned = new Set(ids(out));
    for (const a of [disliked, read, liked, saved]) expect(returned.has(a.id)).toBe(false);
    expect(out.length).toBeGreaterThanOrEqual(20);
  });

  it('never returns a near-duplicate of a disliked article (same titleKey or similar title)', () => {
    const disliked = article(
      ['politics'],
      'Senate Passes Sweeping Climate Bill After Marathon Session',
    );
    const sameKey = article(
      ['politics'],
      'Senate passes sweeping climate bill after marathon session',
      {
        id: 'same-key',
        titleKey: disliked.titleKey,
        sourceName: 'Other',
      },
    );
    const similar = article(
      ['environment'],
      'Senate Passes Sweeping Climate Bill After Long Session',
      {
        id: 'similar',
        titleKey: 'different key',
      },
    );
    const unrelated = article(['politics'], 'Governor Vetoes School Funding Plan', {
      id: 'unrelated',
    });
    const candidates = [sameKey, similar, unrelated, ...pool({ sports: 5 })];
    const out = rank(
      { interests: ['politics', 'environment', 'sports'], history: events('dislike', [disliked]) },
      candidates,
      { ...context(candidates), limit: 50 },
    );
    const returned = ids(out);
    expect(returned).not.toContain('same-key');
    expect(returned).not.toContain('similar');
    expect(returned).toContain('unrelated');
  });

  it('isNearDuplicate: same titleKey or title Jaccard ≥ 0.6', () => {
    const a = { titleKey: 'biden signs climate bill', title: 'Biden Signs Climate Bill' };
    expect(isNearDuplicate(a, { titleKey: 'biden signs climate bill', title: 'x' })).toBe(true);
    expect(
      isNearDuplicate(a, {
        titleKey: 'biden signs climate bill into law',
        title: 'Biden Signs Climate Bill Into Law',
      }),
    ).toBe(true);
    expect(
      isNearDuplicate(a, { titleKey: 'biden vetoes farm bill', title: 'Biden Vetoes Farm Bill' }),
    ).toBe(false);
  });
});

describe('rank: relevance', () => {
  it('a liked topic rises above a similar-aged article about another topic', () => {
    const older = (c: string, title: string) =>
      article([c], title, { pubDate: new Date(NOW.getTime() - 5 * DAY) });
    const likedEv = [
      older('automotive', 'Electric Pickup Truck Breaks Range Record On Single Charge'),
      older('automotive', 'New Electric Sedan Charging Network Expands Across Highways'),
      older('automotive', 'Electric Car Battery Prices Fall As Charging Gets Faster'),
      older('automotive', 'Automakers Bet On Electric Pickup Trucks And Fast Charging'),
    ];
    const ev = article(['automotive'], 'Electric Sedan Charging Times Cut In Half By New Battery', {
      id: 'ev',
    });
    // same age, same engagement, both in the declared interests
    const garden = article(['lifestyle'], 'Ten Shade Plants That Will Transform Your Garden', {
      id: 'garden',
    });
    const candidates = [garden, ev, ...pool({ politics: 20, lifestyle: 10, automotive: 10 })];
    const interests = ['lifestyle', 'automotive', 'politics'];
    const ctx = { ...context([...candidates, ...likedEv]), limit: 50 };

    const before = ids(rank({ interests, history: [] }, candidates, ctx));

    const after = rank({ interests, history: events('like', likedEv) }, candidates, ctx);
    const order = ids(after);
    expect(order.indexOf('ev')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('ev')).toBeLessThan(order.indexOf('garden'));
    expect(order.indexOf('ev')).toBeLessThan(before.indexOf('ev'));
    expect(order.indexOf('ev')).toBeLessThan(3);
    const evItem = after.find((r) => r.article.id === 'ev')!;
    expect(evItem.reasons).toContain('Similar to an article you liked');
  });

  it('short ids and labels both work as interests ("food", "World News")', () => {
    const candidates = pool({ politics: 30, food: 5, world: 5 });
    const out = rank({ interests: ['food', 'World News'], history: [] }, candidates, {
      ...context(candidates),
      limit: 10,
    });
    const interesting = out.filter((r) => r.signals.interest! > 0);
    expect(interesting.length).toBeGreaterThanOrEqual(6);
    const reasons = out.flatMap((r) => r.reasons);
    expect(reasons).toContain('Because you like Food & Dining');
    expect(reasons).toContain('Because you like World News');
  });

  it('uses co-engagement and explains it with the title that led there', () => {
    const candidates = pool({ politics: 10, sports: 10 });
    const target = candidates[3]!;
    const co = new Map([
      [
        target.id,
        {
          score: 1,
          viaTitle: 'A Very Long Headline About A Championship Parade That Goes On And On',
        },
      ],
    ]);
    const history = events('like', [article(['sports'], 'Coach Signs Extension')]);
    const out = rank({ interests: ['sports', 'world', 'travel'], history }, candidates, {
      ...context(candidates),
      coEngagement: co,
      limit: 20,
    });
    const item = out.find((r) => r.article.id === target.id)!;
    expect(item.signals.coEngagement).toBe(1);
    const reason = item.reasons.find((r) => r.startsWith('Readers who liked'));
    expect(reason).toMatch(/^Readers who liked ".{1,60}" also liked this$/);
    expect(reason).toContain('…');
  });
});

describe('rank: diversity', () => {
  it('interests sports + travel + food: at least half of the top 20 from them, the rest varied', () => {
    const candidates = pool({
      politics: 120,
      entertainment: 80,
      world: 60,
      health: 40,
      business: 20,
      sports: 25,
      travel: 15,
      food: 15,
      technology: 10,
      science: 10,
    });
    const interests = ['sports', 'travel', 'food'];
    const out = rank({ interests, history: [] }, candidates, context(candidates));
    expect(out).toHaveLength(20);
    const fromInterests = out.filter((r) =>
      r.article.categories.some((c) => interests.includes(c)),
    );
    expect(fromInterests.length).toBeGreaterThanOrEqual(10);
    expect(categoryShares(out).size).toBeGreaterThanOrEqual(3);
    // a new reader gets an interleaved mix: the first four items cover the three interests and
    // one discovery pick, the newest story of another section
    const firstFour = out.slice(0, 4).map((r) => r.article.categories[0]!);
    expect(new Set(firstFour.filter((c) => interests.includes(c)))).toEqual(new Set(interests));
    expect(firstFour.filter((c) => !interests.includes(c))).toHaveLength(1);
  });

  it('caps any single category at 40 % and any single source at 50 % when alternatives exist', () => {
    const politics = pool({ politics: 60 }, 11).map((a) => ({ ...a, sourceName: 'Capitol' }));
    const others = pool({ world: 10, health: 10, sports: 10, business: 10 }, 12);
    const candidates = [...politics, ...others];
    const history = events('like', politics.slice(0, 8)).concat(
      events('save', politics.slice(8, 12)),
    );
    const out = rank({ interests: ['politics'], history }, candidates, context(candidates));
    expect(out).toHaveLength(20);
    for (const [, n] of categoryShares(out)) expect(n).toBeLessThanOrEqual(8);
    const bySource = new Map<string, number>();
    for (const r of out)
      bySource.set(r.article.sourceName, (bySource.get(r.article.sourceName) ?? 0) + 1);
    for (const [, n] of bySource) expect(n).toBeLessThanOrEqual(10);
  });

  it('gives each declared interest its own place in every block of ten', () => {
    const candidates = pool({ world: 120, politics: 60, technology: 12, science: 12 }, 21);
    const interests = ['world', 'technology', 'science'];
    const inBlocks = (out: RankedArticle[], category: string) =>
      [out.slice(0, 10), out.slice(10, 20)].map(
        (block) => block.filter((r) => r.article.categories.includes(category)).length,
      );
    const fresh = rank({ interests, history: [] }, candidates, context(candidates));
    for (const c of interests)
      for (const n of inBlocks(fresh, c)) expect([c, n >= 1]).toEqual([c, true]);

    // Five world likes: every interest keeps its place (from six on, the ones never acted on
    // lose their own floor; the evaluation's drifting readers measure that).
    const world = candidates.filter((a) => a.categories[0] === 'world');
    const history = events('like', world.slice(0, 5));
    const after = rank({ interests, history }, candidates, context(candidates));
    for (const c of ['technology', 'science'])
      for (const n of inBlocks(after, c)) expect([c, n >= 1]).toEqual([c, true]);
  });

  it("fills an interest's place with articles it labels, before those merely carrying it", () => {
    const base = pool({ world: 60, politics: 40 }, 7);
    // Popular, fresh World News articles with a secondary Science; two older Science ones.
    const carrying = Array.from({ length: 8 }, (_, i) =>
      article(['world', 'science'], `Summit ${i} weighs a telescope budget in Oslo`, {
        likes: 50,
        saves: 10,
      }),
    );
    const own = [0, 1].map((i) =>
      article(['science'], `Fossil ${i} found in a Lima glacier`, {
        pubDate: new Date(NOW.getTime() - 20 * DAY),
        likes: 0,
        saves: 0,
      }),
    );
    const candidates = [...base, ...carrying, ...own];
    const out = rank({ interests: ['world', 'science'], history: [] }, candidates, {
      ...context(candidates),
      limit: 10,
    });
    const labels = out.map((r) => r.article.categories[0]);
    const firstCarrying = out.findIndex(
      (r) => r.article.categories[0] !== 'science' && r.article.categories.includes('science'),
    );
    // Science's first place goes to an article it labels, though less fresh and popular.
    expect(labels.indexOf('science')).toBeGreaterThanOrEqual(0);
    if (firstCarrying >= 0) expect(labels.indexOf('science')).toBeLessThan(firstCarrying);
    // Once its own articles are used up, one carrying it stands in.
    const onlyCarrying = [...base, ...carrying];
    const fallback = rank({ interests: ['politics', 'science'], history: [] }, onlyCarrying, {
      ...context(onlyCarrying),
      limit: 10,
    });
    expect(fallback.some((r) => r.article.categories.includes('science'))).toBe(true);
  });

  it('still fills the page when one category is all there is', () => {
    const candidates = pool({ politics: 30 });
    const out = rank({ interests: ['politics'], history: [] }, candidates, context(candidates));
    expect(out).toHaveLength(20);
  });
});

describe('rank: contract', () => {
  const candidates = pool({
    politics: 40,
    sports: 20,
    food: 10,
    travel: 10,
    world: 20,
    health: 20,
  });
  const history = [
    ...events('like', candidates.slice(0, 5)),
    ...events('read', candidates.slice(40, 45)),
    ...events('dislike', candidates.slice(60, 62)),
  ];
  const user = { interests: ['sports', 'food', 'travel'], history };

  it('is deterministic: same inputs, same order and scores, whatever the candidate order', () => {
    const ctx = context(candidates);
    const a = rank(user, candidates, ctx);
    const b = rank(user, candidates, ctx);
    const shuffled = [...candidates].sort((x, y) => (x.id < y.id ? 1 : -1));
    const c = rank(user, shuffled, ctx);
    expect(ids(a)).toEqual(ids(b));
    expect(a.map((r) => r.score)).toEqual(b.map((r) => r.score));
    expect(ids(c)).toEqual(ids(a));
  });

  it('gives 1–3 reasons, signals in [0, 1] and strictly decreasing scores', () => {
    const out = rank(user, candidates, { ...context(candidates), limit: 60 });
    expect(out.length).toBe(60);
    for (const r of out) {
      expect(r.reasons.length).toBeGreaterThanOrEqual(1);
      expect(r.reasons.length).toBeLessThanOrEqual(3);
      for (const reason of r.reasons) expect(reason.length).toBeGreaterThan(0);
      for (const k of ['interest', 'content', 'coEngagement', 'popularity', 'freshness']) {
        expect(r.signals[k]).toBeGreaterThanOrEqual(0);
        expect(r.signals[k]).toBeLessThanOrEqual(1);
      }
    }
    for (let i = 1; i < out.length; i++) expect(out[i]!.score).toBeLessThan(out[i - 1]!.score);
  });

  it('works with an empty history, no interests, or nothing to rank', () => {
    expect(
      rank({ interests: ['sports'], history: [] }, candidates, context(candidates)),
    ).toHaveLength(20);
    expect(rank({ interests: [], history: [] }, candidates, context(candidates))).toHaveLength(20);
    expect(rank({ interests: ['sports'], history: [] }, [], context(candidates))).toEqual([]);
    expect(
      rank({ interests: ['sports'], history: [] }, candidates, {
        ...context(candidates),
        limit: 0,
      }),
    ).toEqual([]);
  });
});

describe('coEngagementFor', () => {
  it('scores what readers with overlapping likes also liked, best = 1, with the linking title', () => {
    const mine = new Set(['x', 'y']);
    const others = [
      new Set(['x', 'p']),
      new Set(['x', 'y', 'p', 'q']),
      new Set(['z', 'r']),
      new Set(['y', 'q']),
    ];
    const titles = new Map([
      ['x', 'Title X'],
      ['y', 'Title Y'],
    ]);
    const co = coEngagementFor(mine, others, titles, { minReaders: 1 });
    expect([...co.keys()].sort()).toEqual(['p', 'q']);
    expect(Math.max(...[...co.values()].map((v) => v.score))).toBe(1);
    expect(co.get('p')!.viaTitle).toBe('Title X');
    expect(co.get('q')!.viaTitle).toBe('Title Y');
    expect(coEngagementFor(new Set(), others).size).toBe(0);
  });

  it('needs 3 other readers who liked both before it suggests or names anything', () => {
    const mine = new Set(['x', 'y']);
    const titles = new Map([
      ['x', 'Title X'],
      ['y', 'Title Y'],
    ]);
    // p: 3 readers of x; q: 2 of x and 1 of y (3 readers, but no title backed by 3).
    const others = [
      new Set(['x', 'p', 'q']),
      new Set(['x', 'p', 'q']),
      new Set(['x', 'p']),
      new Set(['y', 'q']),
    ];
    const co = coEngagementFor(mine, others, titles);
    expect([...co.keys()]).toEqual(['p']);
    expect(co.get('p')).toEqual({ score: 1, viaTitle: 'Title X' });
    expect(coEngagementFor(mine, others.slice(0, 2), titles).size).toBe(0);
  });
});

describe('buildCorpusStats', () => {
  it('counts each term once per document', () => {
    const stats = buildCorpusStats([
      {
        title: 'Chef Opens Bakery',
        description: 'The chef and the bakery',
        keywords: ['food', 'bakery'],
      },
      { title: 'Bakery Closes', description: '', keywords: ['business'] },
    ]);
    expect(stats.totalDocuments).toBe(2);
    expect(stats.documentFrequency.get('bakery')).toBe(2);
    expect(stats.documentFrequency.get('chef')).toBe(1);
    expect(stats.documentFrequency.get('the')).toBeUndefined();
  });
});

describe('rank on the bundled corpus', () => {
  let corpus: RankableArticle[] = [];
  let stats: CorpusStats;
  beforeAll(async () => {
    for await (const r of readSeedRecords()) {
      corpus.push({
        id: r.link,
        title: r.title,
        description: r.description,
        keywords: r.keywords,
        categories: r.categories,
        sourceName: r.source_name,
        pubDate: new Date(r.pubDate),
        titleKey: normalizeTitle(r.title),
        likes: corpus.length % 13,
        dislikes: corpus.length % 3,
        saves: corpus.length % 5,
        shares: corpus.length % 4,
        views: (corpus.length * 37) % 700,
      });
    }
    corpus = corpus.sort((a, b) => b.pubDate.getTime() - a.pubDate.getTime());
    stats = buildCorpusStats(corpus);
  });

  it('sports + travel + food reader: ≥ half of the top 20 from them, ≥ 3 categories, 3,000 candidates with 200 events', () => {
    const candidates = corpus.slice(0, 3000);
    const now = candidates[0]!.pubDate;
    const interests = ['sports', 'travel', 'food'];
    const ctx = { now, seed: 1, limit: 20, stats };

    const fresh = rank({ interests, history: [] }, candidates, ctx);
    expect(fresh).toHaveLength(20);
    const fromInterests = fresh.filter((r) =>
      r.article.categories.some((c) => interests.includes(c)),
    );
    expect(fromInterests.length).toBeGreaterThanOrEqual(10);
    expect(categoryShares(fresh).size).toBeGreaterThanOrEqual(3);

    // performance smoke: 200 history events from older articles (no timing assertion)
    const actions: HistoryAction[] = ['read', 'like', 'read', 'save', 'dislike', 'share', 'read'];
    const history: HistoryEvent[] = corpus.slice(3000, 3200).map((a, i) => ({
      article: a,
      action: actions[i % actions.length]!,
      at: new Date(a.pubDate.getTime() + DAY),
    }));
    const withHistory = rank({ interests, history }, candidates, ctx);
    expect(withHistory).toHaveLength(20);
    for (const r of withHistory) expect(r.reasons.length).toBeGreaterThan(0);
    const categories = new Set(CATEGORY_IDS as readonly string[]);
    for (const r of withHistory)
      for (const c of r.article.categories) expect(categories.has(c)).toBe(true);
  });
});

describe('rank: learning from actions and reader controls', () => {
  const interests = ['politics', 'business', 'world'];
  const candidates = pool({ politics: 20, business: 20, world: 20, environment: 20, sports: 20 });
  const environment = candidates.filter((a) => a.categories[0] === 'environment');
  const top10 = (list: RankedArticle[], c: string) =>
    list.slice(0, 10).filter((r) => r.article.categories.includes(c)).length;

  it('two positives make a learned topic: in the rotation, with its own reason', () => {
    const ctx = context(candidates);
    const base = rank({ interests, history: [] }, candidates, ctx);
    const history = [
      ...events('like', environment.slice(0, 1)),
      ...events('save', environment.slice(1, 2)),
    ];
    const after = rank({ interests, history }, candidates, ctx);
    expect(top10(after, 'environment')).toBeGreaterThanOrEqual(3);
    expect(top10(after, 'environment')).toBeGreaterThan(top10(base, 'environment'));
    const learned = after.filter((r) => r.article.categories.includes('environment'));
    // What was learned comes first, named by its source: the liked article's story,
    // else the topic.
    for (const r of learned.slice(0, 3)) {
      expect(r.reasons[0]).toMatch(
        /^(Because you liked or saved 2 Environment stories|Because you (liked|saved) '.+'|More on .+)$/,
      );
    }
    expect(learned.flatMap((r) => r.reasons)).toContain(
      'Because you liked or saved 2 Environment stories',
    );
    // One like alone is not a taste yet.
    const once = rank(
      { interests, history: events('like', environment.slice(0, 1)) },
      candidates,
      ctx,
    );
    expect(once.flatMap((r) => r.reasons).join(' ')).not.toMatch(/Environment stories/);
  });

  it('a removed learned topic stops teaching, until new likes', () => {
    const ctx = context(candidates);
    const history = events('like', environment.slice(0, 3));
    const forgottenTopics = new Map([['environment', NOW]]);
    const after = rank({ interests, history, controls: { forgottenTopics } }, candidates, ctx);
    expect(after.flatMap((r) => r.reasons).join(' ')).not.toMatch(/Environment stories/);
  });

  it('hidden sources and "fewer like this" articles never appear; muted categories sink', () => {
    const ctx = context(candidates, { limit: 40 });
    const base = rank({ interests, history: [] }, candidates, ctx);
    const fewer = base[0]!.article;
    const controls = {
      hiddenSources: new Set(['Herald']),
      fewerArticleIds: new Set([fewer.id]),
      mutedCategories: new Map([['business', 1]]),
    };
    const after = rank({ interests, history: [], controls }, candidates, ctx);
    expect(after.length).toBeGreaterThan(20);
    expect(after.filter((r) => r.article.sourceName === 'Herald')).toEqual([]);
    expect(ids(after)).not.toContain(fewer.id);
    const count = (list: RankedArticle[]) =>
      list.slice(0, 20).filter((r) => r.article.categories.includes('business')).length;
    expect(count(after)).toBeLessThan(count(base));
  });

  it('three dislikes in a category at least halve its share; the rest of a disliked story stays out', () => {
    const ctx = context(candidates);
    const base = rank({ interests, history: [] }, candidates, ctx);
    const world = base.filter((r) => r.article.categories.includes('world')).slice(0, 3);
    const after = rank(
      {
        interests,
        history: events(
          'dislike',
          world.map((r) => r.article),
        ),
      },
      candidates,
      ctx,
    );
    const share = (list: RankedArticle[]) => categoryShares(list.slice(0, 20)).get('world') ?? 0;
    expect(share(after)).toBeLessThanOrEqual(share(base) / 2);

    const story = (title: string, id: string) =>
      article(['politics'], title, { id, storyId: 'zanzibar-vote', keywords: ['politics', title] });
    const disliked = story('Zanzibar referendum called for spring', 'd1');
    const sameStory = story('Opposition splits over the coming vote', 'd2');
    const stats = buildCorpusStats([...candidates, disliked, sameStory]);
    const out = rank(
      { interests, history: events('dislike', [disliked]) },
      [...candidates, sameStory],
      { ...ctx, stats, limit: 200 },
    );
    expect(ids(out)).not.toContain('d2');
    const without = rank({ interests, history: [] }, [...candidates, sameStory], {
      ...ctx,
      stats,
      limit: 200,
    });
    expect(ids(without)).toContain('d2');
  });
});

describe('rank: reads are weak evidence, overruled by the reader', () => {
  const interests = ['politics', 'business', 'world'];
  const story = (title: string, id: string, sourceName: string) =>
    article(['environment'], title, {
      id,
      sourceName,
      keywords: ['environment', 'zanzibar', 'mangrove', 'replanting', title.split(' ')[0]!],
    });
  const read = [
    story('Zanzibar mangrove replanting begins on the coast', 'r1', 'Gazette'),
    story('Volunteers join Zanzibar mangrove replanting', 'r2', 'Gazette'),
    story('Fishers back Zanzibar mangrove replanting plan', 'r3', 'Gazette'),
  ];
  const more = [
    story('Zanzibar mangrove replanting reaches second island', 'c1', 'Wire'),
    story('Schools adopt Zanzibar mangrove replanting days', 'c2', 'Post'),
  ];
  const candidates = [...pool({ politics: 20, business: 20, world: 20, environment: 10 }), ...more];
  const stats = buildCorpusStats([...candidates, ...read]);
  const ctx = { ...context(candidates), stats, limit: 200 };
  const taught = (list: RankedArticle[]) =>
    list.filter((r) => more.some((a) => a.id === r.article.id) && r.signals.subject! > 0).length;

  it('stories opened teach their subject; a dislike, "fewer like this" or a hidden source undoes it', () => {
    const history = events('read', read);
    const analyzer = analyzerFor(stats);
    expect(taught(rank({ interests, history }, candidates, ctx))).toBe(2);
    expect(learnedSubjects(history, analyzer, NOW.getTime(), undefined)).toHaveLength(1);
    const overruled = {
      dislike: { history: [...history, ...events('dislike', read)] },
      fewer: { history, controls: { fewerArticleIds: new Set(read.map((a) => a.id)) } },
      hidden: { history, controls: { hiddenSources: new Set(['Gazette']) } },
    };
    for (const [how, user] of Object.entries(overruled)) {
      const out = rank({ interests, ...user }, candidates, ctx);
      expect([how, taught(out)]).toEqual([how, 0]);
      expect([how, out.flatMap((r) => r.reasons).filter((x) => / you read/.test(x))]).toEqual([
        how,
        [],
      ]);
      const controls = 'controls' in user ? user.controls : undefined;
      const listed = learnedSubjects(
        user.history,
        analyzer,
        NOW.getTime(),
        undefined,
        [],
        controls,
      );
      expect([how, listed]).toEqual([how, []]);
    }
  });

  it('a like teaches what a read teaches, more strongly', () => {
    const strength = (action: HistoryAction) =>
      rank({ interests, history: events(action, read.slice(0, 1)) }, candidates, ctx)
        .filter((r) => more.some((a) => a.id === r.article.id))
        .map((r) => r.signals.subject!)
        .reduce((a, b) => a + b, 0);
    expect(strength('read')).toBeGreaterThan(0);
    expect(strength('like')).toBeGreaterThan(strength('read'));
  });
});

describe('rank: discovery until a subject recurs', () => {
  const interests = ['politics', 'business', 'world'];
  const candidates = pool(
    { politics: 30, business: 30, world: 30, science: 15, health: 15, food: 15, sports: 15 },
    5,
  );
  const outside = (r: RankedArticle) => !r.article.categories.some((c) => interests.includes(c));
  const story = (title: string, id: string) =>
    article(['environment'], title, {
      id,
      keywords: ['environment', 'zanzibar', 'mangrove', 'replanting', title.split(' ')[0]!],
    });
  const read = [
    story('Zanzibar mangrove replanting begins on the coast', 'z1'),
    story('Volunteers join Zanzibar mangrove replanting', 'z2'),
  ];
  const more = story('Zanzibar mangrove replanting reaches second island', 'z3');
  const stats = buildCorpusStats([...candidates, ...read, more]);
  const ctx = { ...context([...candidates, more]), stats };

  it('a reader whose acts recur on nothing gets the newest stories of other sections, 2 in 10', () => {
    const newestOutside = candidates
      .filter((a) => !a.categories.some((c) => interests.includes(c)))
      .sort((a, b) => b.pubDate.getTime() - a.pubDate.getTime())
      .slice(0, 8)
      .map((a) => a.id);
    // A new reader, one liked article, two read articles of different stories.
    for (const history of [
      [],
      events('like', candidates.slice(0, 1)),
      events('read', [candidates[0]!, read[0]!]),
    ]) {
      const out = rank({ interests, history }, candidates, ctx);
      for (const block of [out.slice(0, 10), out.slice(10, 20)]) {
        const found = block.filter(outside);
        expect(found).toHaveLength(2);
        expect(new Set(found.map((r) => r.article.categories[0])).size).toBe(2);
        for (const r of found) {
          expect(newestOutside).toContain(r.article.id);
          expect(r.reasons[0]).toBe(
            `Beyond your topics: the latest in ${categoryTitle(r.article.categories[0]!)}`,
          );
        }
      }
    }
  });

  it('once two stories the reader opened share a subject, the page follows it instead', () => {
    const out = rank({ interests, history: events('read', read) }, [...candidates, more], ctx);
    const top = out.slice(0, 10);
    expect(top.map((r) => r.article.id)).toContain(more.id);
    // Nothing outside the interests but the taught subject.
    expect(top.filter((r) => outside(r) && r.article.id !== more.id)).toEqual([]);
  });
});

describe('rank: stories', () => {
  it('shows one card per story, whatever its reports are titled', () => {
    const candidates = pool({ politics: 10, sports: 10, food: 10 });
    const [a, b] = [candidates[0]!, candidates[1]!];
    a.storyId = 'story-1';
    b.storyId = 'story-1';
    const all = rank({ interests: ['politics', 'sports', 'food'], history: [] }, candidates, {
      ...context(candidates),
      limit: 100,
    });
    expect(ids(all).filter((id) => id === a.id || id === b.id)).toHaveLength(1);
  });

  it('keeps a story the reader met out, but for a later report, which says it is new', () => {
    const candidates = pool({ politics: 10, sports: 10, food: 10 });
    const [read, older, later] = [candidates[0]!, candidates[1]!, candidates[2]!];
    for (const [x, daysAgo] of [
      [older, 3],
      [read, 2],
      [later, 1],
    ] as const) {
      x.storyId = 'story-2';
      x.pubDate = new Date(NOW.getTime() - daysAgo * DAY);
    }
    const out = rank(
      { interests: ['politics', 'sports', 'food'], history: events('read', [read]) },
      candidates,
      { ...context(candidates), limit: 100 },
    );
    const ofStory = out.filter((r) => r.article.storyId === 'story-2');
    expect(ofStory.map((r) => [r.article.id, r.reasons[0]])).toEqual([
      [later.id, 'New since you read this story'],
    ]);
  });
  it('treats "fewer like this" on a report as meeting its story', () => {
    const candidates = pool({ politics: 10, sports: 10, food: 10 });
    const [hidden, older, later] = [candidates[3]!, candidates[4]!, candidates[5]!];
    for (const [x, daysAgo] of [
      [older, 3],
      [hidden, 2],
      [later, 1],
    ] as const) {
      x.storyId = 'story-3';
      x.pubDate = new Date(NOW.getTime() - daysAgo * DAY);
    }
    const out = rank(
      {
        interests: ['politics', 'sports', 'food'],
        history: [],
        controls: { fewerArticleIds: new Set([hidden.id]) },
      },
      candidates,
      { ...context(candidates), limit: 100 },
    );
    const ofStory = out.filter((r) => r.article.storyId === 'story-3');
    expect(ofStory.map((r) => [r.article.id, r.reasons[0]])).toEqual([
      [later.id, 'New since you asked for fewer like this story'],
    ]);
  });
});
