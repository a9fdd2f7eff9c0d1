/**
 * Offline evaluation of the ranker against the baselines on simulated readers
 * over the bundled corpus. See README.md in this folder for the design and
 * every assumption of the simulator.
 *
 * Exposure: each policy runs its OWN simulation of the whole period (its own
 * copy of the world: histories, engagement counters, co-engagement data),
 * with the same readers, the same days and common random numbers for every
 * reader decision. The last `evalDays` days are scored on held-out
 * interactions before the readers act on that day's feed.
 */
import {
  buildCorpusStats,
  coEngagementFor,
  type CorpusStats,
  type HistoryEvent,
  rank,
  type RankableArticle,
} from '../../src/modules/feed/ranker/index.js';
import { readSeedRecords, type SeedRecord } from '../../src/modules/articles/index.js';
import { CANDIDATE_WINDOW_DAYS, STATS_MAX_ARTICLES } from '../../src/modules/feed/feed.settings.js';
import { type BaselineInput, interestsOnly, newest, trending } from './baselines.js';
import type { Scenario } from './black-box.js';
import {
  createDriftingPopulation,
  driftingActive,
  driftingReact,
  driftingUtility,
  LIKE_LINE,
} from './drifting-readers.js';
import { intraListDiversity, Mean, ndcgAt, precisionAt, recallAt } from './metrics.js';
import {
  backgroundEngagement,
  type Counters,
  createPopulation,
  isActive,
  react,
  type SimAction,
  type SimArticle,
  type SimReader,
  staleness,
  staticUtility,
  toSimArticles,
} from './simulator.js';
import {
  createSubjectPopulation,
  onReaderSubject,
  SUBJECT_LIKE_LINE,
  subjectActive,
  subjectReact,
  subjectUtility,
} from './subject-readers.js';

const DAY_MS = 86_400_000;

export interface EvalOptions {
  seed?: number;
  readers?: number;
  /** Simulated days in total (history days + evaluation days). */
  days?: number;
  /** The last `evalDays` days are scored. */
  evalDays?: number;
  /** Candidates of a day: articles published in the `windowDays` before it. */
  windowDays?: number;
  /** Feed length shown to the reader (and scored as top 20). */
  feedSize?: number;
  /**
   * `preferences`: simulator.ts (hidden preferences, stable tastes); `drifting`:
   * drifting-readers.ts (tastes that drift, readers who click mostly outside their interests);
   * `subjects`: subject-readers.ts (tastes that are subjects — term sets — not categories).
   */
  model?: ReaderModelName;
}

export const READER_MODELS = ['preferences', 'drifting', 'subjects'] as const;
export type ReaderModelName = (typeof READER_MODELS)[number];

/** What the simulation loop needs of a reader model; policies never see anything of it. */
export interface ReaderModel {
  readers: Array<{ index: number; interests: string[] }>;
  /** A held-out positive: the reader would like the article on that day. */
  isPositive(reader: number, a: SimArticle, nowMs: number, day: number): boolean;
  isActive(reader: number, day: number): boolean;
  react(reader: number, a: SimArticle, nowMs: number, position: number, day: number): SimAction[];
  /** Whether the article is on one of the reader's subjects (models that have subjects). */
  onSubject?(reader: number, a: SimArticle): boolean;
}

export const DEFAULT_EVAL_OPTIONS: Required<EvalOptions> = {
  seed: 20_220_923,
  readers: 300,
  days: 10,
  evalDays: 2,
  windowDays: 60,
  feedSize: 20,
  model: 'preferences',
};

export interface PolicyMetrics {
  ndcg10: number;
  recall20: number;
  coverage: number;
  diversity: number;
  dislikedOrReadShare: number;
  /** Share of the top 10 on one of the reader's subjects (only for models with subjects). */
  subjectPrecision10?: number;
  /** Share of the reader's declared interests with at least 2 of the top 20. */
  interestCoverage20: number;
}

export type PolicyName = 'ranker' | 'newest' | 'trending' | 'interestsOnly';
const BASELINES = ['newest', 'trending', 'interestsOnly'] as const;

export interface EvalResult {
  model: ReaderModelName;
  seed: number;
  readers: number;
  days: number;
  candidatesPerDay: number;
  policies: Record<PolicyName, PolicyMetrics>;
  rankerBeatsAllBaselines: { ndcg10: boolean; recall20: boolean };
  /** Context for reading the numbers (not part of the comparison). */
  setup: {
    evaluationDays: number;
    windowDays: number;
    feedSize: number;
    exposure: 'per-policy';
    scoredFeeds: number;
    meanPositivesPerScoredFeed: number;
  };
  /**
   * The baselines again with already-read and disliked articles removed before
   * taking the top 20 — not what the typical implementation does, but it shows
   * how much of the ranker's lead is more than exclusion.
   */
  historyFilteredBaselines: Record<(typeof BASELINES)[number], PolicyMetrics>;
  rankerBeatsHistoryFilteredBaselines: { ndcg10: boolean; recall20: boolean };
}

export async function loadCorpus(): Promise<SeedRecord[]> {
  const records: SeedRecord[] = [];
  for await (const r of readSeedRecords()) records.push(r);
  return records;
}

interface PolicyInput extends BaselineInput {
  readerIndex: number;
  history: HistoryEvent[];
  readOrDisliked: ReadonlySet<string>;
}
type Policy = (input: PolicyInput) => RankableArticle[];

/** One policy's copy of the simulated world. */
class World {
  readonly increments = new Map<number, Counters>();
  readonly history: HistoryEvent[][];
  /** Article indexes each reader interacted with in any way. */
  readonly interacted: Set<number>[];
  /** Ids each reader read or disliked (what must never be shown again). */
  readonly readOrDisliked: Set<string>[];
  /** Ids each reader liked, saved or shared (co-engagement data). */
  readonly positives: Set<string>[];
  private pendingCounters: Array<[number, keyof Counters]> = [];
  private pendingPositives: Array<[number, string]> = [];
  readonly metrics = {
    ndcg10: new Mean(),
    recall20: new Mean(),
    coverage: new Mean(),
    diversity: new Mean(),
    dislikedOrRead: new Mean(),
    subjectPrecision10: new Mean(),
    interestCoverage20: new Mean(),
  };
  constructor(
    readonly name: string,
    readonly policy: Policy,
    readers: number,
  ) {
    this.history = Array.from({ length: readers }, () => []);
    this.interacted = Array.from({ length: readers }, () => new Set());
    this.readOrDisliked = Array.from({ length: readers }, () => new Set());
    this.positives = Array.from({ length: readers }, () => new Set());
  }
  /** Records a reaction; its effect on public counters and co-engagement waits for the day's end. */
  record(reader: number, article: SimArticle, base: RankableArticle, action: SimAction, at: Date) {
    this.history[reader]!.push({ article: base, action, at });
    this.interacted[reader]!.add(article.index);
    if (action === 'read' || action === 'dislike') this.readOrDisliked[reader]!.add(article.id);
    const counter: keyof Counters =
      action === 'read'
        ? 'views'
        : action === 'like'
          ? 'likes'
          : action === 'save'
            ? 'saves'
            : action === 'share'
              ? 'shares'
              : 'dislikes';
    this.pendingCounters.push([article.index, counter]);
    if (action === 'like' || action === 'save' || action === 'share') {
      this.pendingPositives.push([reader, article.id]);
    }
  }
  endOfDay(): void {
    for (const [index, counter] of this.pendingCounters) {
      let c = this.increments.get(index);
      if (!c) {
        c = { likes: 0, dislikes: 0, saves: 0, shares: 0, views: 0 };
        this.increments.set(index, c);
      }
      c[counter] += 1;
    }
    for (const [reader, id] of this.pendingPositives) this.positives[reader]!.add(id);
    this.pendingCounters = [];
    this.pendingPositives = [];
  }
  candidates(articles: readonly SimArticle[], nowMs: number): RankableArticle[] {
    return articles.map((a) => {
      const bg = backgroundEngagement(a, nowMs);
      const inc = this.increments.get(a.index);
      return {
        ...baseArticle(a),
        likes: bg.likes + (inc?.likes ?? 0),
        dislikes: bg.dislikes + (inc?.dislikes ?? 0),
        saves: bg.saves + (inc?.saves ?? 0),
        shares: bg.shares + (inc?.shares ?? 0),
        views: bg.views + (inc?.views ?? 0),
      };
    });
  }
}

const baseCache = new WeakMap<SimArticle, RankableArticle>();
/** The public view of an article (no hidden popularity), counters at zero. */
function baseArticle(a: SimArticle): RankableArticle {
  let base = baseCache.get(a);
  if (!base) {
    base = {
      id: a.id,
      title: a.title,
      description: a.description,
      keywords: a.keywords,
      categories: a.categories,
      sourceName: a.sourceName,
      pubDate: a.pubDate,
      titleKey: a.titleKey,
      terms: a.storedTerms,
      termWeights: a.storedTermWeights,
      likes: 0,
      dislikes: 0,
      saves: 0,
      shares: 0,
      views: 0,
    };
    baseCache.set(a, base);
  }
  return base;
}

function rankerPolicy(
  statsOf: (now: Date) => CorpusStats,
  world: () => World,
  titles: ReadonlyMap<string, string>,
): Policy {
  return (input) => {
    const w = world();
    const mine = w.positives[input.readerIndex]!;
    const others = w.positives.filter((_, i) => i !== input.readerIndex);
    const coEngagement = coEngagementFor(mine, others, titles);
    return rank(
      { interests: [...input.interests], history: input.history },
      [...input.candidates],
      {
        now: input.now,
        seed: input.seed,
        limit: input.limit,
        stats: statsOf(input.now),
        coEngagement,
      },
    ).map((r) => r.article);
  };
}

function withoutHistory(policy: (input: BaselineInput) => RankableArticle[]): Policy {
  return (input) =>
    policy({
      ...input,
      candidates: input.candidates.filter((a) => !input.readOrDisliked.has(a.id)),
    });
}

function round(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

function summary(world: World): PolicyMetrics {
  const m = world.metrics;
  return {
    ndcg10: round(m.ndcg10.value),
    recall20: round(m.recall20.value),
    coverage: round(m.coverage.value),
    diversity: round(m.diversity.value),
    dislikedOrReadShare: round(m.dislikedOrRead.value),
    interestCoverage20: round(m.interestCoverage20.value),
    ...(m.subjectPrecision10.count > 0 && {
      subjectPrecision10: round(m.subjectPrecision10.value),
    }),
  };
}

/**
 * The ranker's IDF statistics as the service builds them (corpus-stats-cache.ts): the newest
 * STATS_MAX_ARTICLES of the CANDIDATE_WINDOW_DAYS before the newest article published by
 * `now`. One object per day, kept: the ranker caches article vectors per statistics object.
 */
function windowStats(articles: readonly SimArticle[]): (now: Date) => CorpusStats {
  const byDay = new Map<number, CorpusStats>();
  return (now) => {
    const nowMs = now.getTime();
    let stats = byDay.get(nowMs);
    if (!stats) {
      const published = articles.filter((a) => a.pubMs <= nowMs);
      const anchor = Math.max(...published.map((a) => a.pubMs));
      const since = anchor - CANDIDATE_WINDOW_DAYS * DAY_MS;
      stats = buildCorpusStats(
        published
          .filter((a) => a.pubMs > since)
          .sort((a, b) => b.pubMs - a.pubMs || a.index - b.index)
          .slice(0, STATS_MAX_ARTICLES),
      );
      byDay.set(nowMs, stats);
    }
    return stats;
  };
}

/** Day d's "now" is 18:00 UTC; the last simulated day is the newest article's day. */
function timeline(articles: SimArticle[], o: Required<EvalOptions>) {
  const newestMs = Math.max(...articles.map((a) => a.pubMs));
  const lastNow = Math.floor(newestMs / DAY_MS) * DAY_MS + 18 * 3_600_000;
  const nows = Array.from({ length: o.days }, (_, d) => lastNow - (o.days - 1 - d) * DAY_MS);
  const windowMs = o.windowDays * DAY_MS;
  const horizon = articles.filter((a) => a.pubMs <= lastNow && a.pubMs > nows[0]! - windowMs);
  return { nows, windowMs, horizon };
}

/**
 * Black-box scenarios from a reader model's population (the first `count` readers): their
 * declared interests, and the topic outside them they take to — model 1: their first hidden top
 * category not declared (else the horizon's most common undeclared category); model 2: the
 * category they drift to or really read.
 */
export function blackBoxScenarios(
  records: readonly SeedRecord[],
  count: number,
  options: EvalOptions = {},
): Scenario[] {
  const o = { ...DEFAULT_EVAL_OPTIONS, ...options };
  const { horizon } = timeline(toSimArticles(records, o.seed), o);
  const frequency = new Map<string, number>();
  for (const a of horizon)
    for (const c of a.categories) frequency.set(c, (frequency.get(c) ?? 0) + 1);
  const byFrequency = [...frequency].sort((a, b) => b[1] - a[1]).map(([c]) => c);
  if (o.model === 'drifting') {
    return createDriftingPopulation(o.seed, count, horizon).map((r) => ({
      interests: r.interests,
      likedTopic: r.newTopics[0]!,
    }));
  }
  if (o.model === 'subjects') {
    // The undeclared category most of the reader's subject articles are in.
    return createSubjectPopulation(o.seed, count, horizon).map((r) => {
      const counts = new Map<string, number>();
      for (const a of horizon) {
        if (!onReaderSubject(r, a)) continue;
        for (const c of a.categories)
          if (!r.interests.includes(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
      }
      const best = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))[0]?.[0];
      return {
        interests: r.interests,
        likedTopic: best ?? byFrequency.find((c) => !r.interests.includes(c))!,
      };
    });
  }
  return createPopulation({ seed: o.seed, readers: count, horizon }).map((r) => ({
    interests: r.interests,
    likedTopic:
      r.hidden.topCategories.find((c) => !r.interests.includes(c)) ??
      byFrequency.find((c) => !r.interests.includes(c))!,
  }));
}

/** Model 1 (simulator.ts): hidden category, topic and popularity preferences that stay put. */
function preferencesModel(seed: number, count: number, horizon: SimArticle[]): ReaderModel {
  const readers: SimReader[] = createPopulation({ seed, readers: count, horizon });
  const horizonPosition = new Map(horizon.map((a, i) => [a.index, i]));
  const utility = new Float64Array(readers.length * horizon.length);
  readers.forEach((r) =>
    horizon.forEach((a, i) => {
      utility[r.index * horizon.length + i] = staticUtility(r, a, seed);
    }),
  );
  const utilityOf = (r: SimReader, a: SimArticle, nowMs: number) =>
    utility[r.index * horizon.length + horizonPosition.get(a.index)!]! - staleness(a, nowMs);
  return {
    readers,
    isPositive: (i, a, nowMs) => utilityOf(readers[i]!, a, nowMs) > readers[i]!.hidden.threshold,
    isActive: (i, day) => isActive(seed, readers[i]!, day),
    react: (i, a, nowMs, position, day) =>
      react(seed, readers[i]!, a, utilityOf(readers[i]!, a, nowMs), position, day),
    // Its favourite terms are its subjects.
    onSubject: (i, a) => readers[i]!.hidden.favouriteTerms.some((t) => a.terms.has(t)),
  };
}

/** Model 3 (subject-readers.ts): tastes that are subjects (term sets), not categories. */
function subjectsModel(seed: number, count: number, horizon: SimArticle[]): ReaderModel {
  const readers = createSubjectPopulation(seed, count, horizon);
  const u = (i: number, a: SimArticle, nowMs: number) =>
    subjectUtility(seed, readers[i]!, a, nowMs);
  return {
    readers,
    isPositive: (i, a, nowMs) => u(i, a, nowMs) > SUBJECT_LIKE_LINE,
    isActive: (i, day) => subjectActive(seed, readers[i]!, day),
    react: (i, a, nowMs, position, day) =>
      subjectReact(seed, readers[i]!, a, u(i, a, nowMs), position, day),
    onSubject: (i, a) => onReaderSubject(readers[i]!, a),
  };
}

/** Model 2 (drifting-readers.ts): drifting tastes and readers who click outside their interests. */
function driftingModel(
  seed: number,
  count: number,
  horizon: SimArticle[],
  days: number,
): ReaderModel {
  const readers = createDriftingPopulation(seed, count, horizon);
  const u = (i: number, a: SimArticle, nowMs: number, day: number) =>
    driftingUtility(seed, readers[i]!, a, nowMs, day, days);
  return {
    readers,
    isPositive: (i, a, nowMs, day) => u(i, a, nowMs, day) > LIKE_LINE,
    isActive: (i, day) => driftingActive(seed, readers[i]!, day),
    react: (i, a, nowMs, position, day) =>
      driftingReact(seed, readers[i]!, a, u(i, a, nowMs, day), position, day),
  };
}

/** Runs the whole simulation on the given corpus records. Deterministic for the same inputs. */
export function runEvaluation(
  records: readonly SeedRecord[],
  options: EvalOptions = {},
): EvalResult {
  const o = { ...DEFAULT_EVAL_OPTIONS, ...options };
  const evalDays = Math.min(o.evalDays, o.days);
  const articles = toSimArticles(records, o.seed);
  const wholeCorpus = process.env.X_WHOLE_STATS ? buildCorpusStats(records) : undefined;
  const statsOf = wholeCorpus ? () => wholeCorpus : windowStats(articles);
  const titles = new Map(articles.map((a) => [a.id, a.title]));

  // Day d's "now" is 18:00 UTC; the last simulated day is the newest article's day.
  const { nows, windowMs, horizon } = timeline(articles, o);

  const model =
    o.model === 'drifting'
      ? driftingModel(o.seed, o.readers, horizon, o.days)
      : o.model === 'subjects'
        ? subjectsModel(o.seed, o.readers, horizon)
        : preferencesModel(o.seed, o.readers, horizon);
  const readers = model.readers;
  const dayOf = (nowMs: number) => nows.indexOf(nowMs);

  const worlds: World[] = [];
  const rankerWorld: World = new World(
    'ranker',
    rankerPolicy(statsOf, () => rankerWorld, titles),
    readers.length,
  );
  worlds.push(rankerWorld);
  worlds.push(new World('newest', newest, readers.length));
  worlds.push(new World('trending', trending, readers.length));
  worlds.push(new World('interestsOnly', interestsOnly, readers.length));
  worlds.push(new World('newestFiltered', withoutHistory(newest), readers.length));
  worlds.push(new World('trendingFiltered', withoutHistory(trending), readers.length));
  worlds.push(new World('interestsOnlyFiltered', withoutHistory(interestsOnly), readers.length));

  let candidateTotal = 0;
  let scoredFeeds = 0;
  const positivesPerFeed = new Mean();
  for (let day = 0; day < o.days; day++) {
    const nowMs = nows[day]!;
    const now = new Date(nowMs);
    const scored = day >= o.days - evalDays;
    const pool = horizon.filter((a) => a.pubMs <= nowMs && a.pubMs > nowMs - windowMs);
    candidateTotal += pool.length;
    const byId = new Map(pool.map((a) => [a.id, a]));

    for (const world of worlds) {
      const candidates = world.candidates(pool, nowMs);
      const shownToAnyone = new Set<string>();
      for (const reader of readers) {
        const feed = world.policy({
          readerIndex: reader.index,
          interests: reader.interests,
          history: world.history[reader.index]!,
          readOrDisliked: world.readOrDisliked[reader.index]!,
          candidates,
          now,
          seed: o.seed,
          limit: o.feedSize,
        });
        if (scored) {
          const seen = world.interacted[reader.index]!;
          const positives = new Set<string>();
          for (const a of pool) {
            if (!seen.has(a.index) && model.isPositive(reader.index, a, nowMs, dayOf(nowMs))) {
              positives.add(a.id);
            }
          }
          const ids = feed.map((a) => a.id);
          for (const id of ids) shownToAnyone.add(id);
          const m = world.metrics;
          m.diversity.add(intraListDiversity(feed.map((a) => a.categories)));
          const avoid = world.readOrDisliked[reader.index]!;
          m.dislikedOrRead.add(ids.some((id) => avoid.has(id)) ? 1 : 0);
          if (reader.interests.length > 0) {
            const top = feed.slice(0, 20);
            const present = reader.interests.filter(
              (c) => top.filter((a) => a.categories.includes(c)).length >= 2,
            ).length;
            m.interestCoverage20.add(present / reader.interests.length);
          }
          if (model.onSubject) {
            const onSubject = feed.filter((a) => {
              const sim = byId.get(a.id);
              return sim !== undefined && model.onSubject!(reader.index, sim);
            });
            m.subjectPrecision10.add(precisionAt(10, ids, new Set(onSubject.map((a) => a.id))));
          }
          if (positives.size > 0) {
            m.ndcg10.add(ndcgAt(10, ids, positives));
            m.recall20.add(recallAt(20, ids, positives));
            if (world === rankerWorld) {
              scoredFeeds += 1;
              positivesPerFeed.add(positives.size);
            }
          }
        }
        if (!model.isActive(reader.index, day)) continue;
        feed.forEach((shown, position) => {
          const a = byId.get(shown.id);
          if (!a) return;
          if (world.readOrDisliked[reader.index]!.has(a.id)) return; // already dealt with
          const actions = model.react(reader.index, a, nowMs, position, day);
          const at = new Date(nowMs + (position + 1) * 60_000);
          for (const action of actions) world.record(reader.index, a, baseArticle(a), action, at);
        });
      }
      if (scored)
        world.metrics.coverage.add(pool.length > 0 ? shownToAnyone.size / pool.length : 0);
      world.endOfDay();
    }
  }

  const byName = new Map(worlds.map((w) => [w.name, summary(w)]));
  const get = (name: string) => byName.get(name)!;
  const policies: Record<PolicyName, PolicyMetrics> = {
    ranker: get('ranker'),
    newest: get('newest'),
    trending: get('trending'),
    interestsOnly: get('interestsOnly'),
  };
  const filtered = {
    newest: get('newestFiltered'),
    trending: get('trendingFiltered'),
    interestsOnly: get('interestsOnlyFiltered'),
  };
  const beats = (others: PolicyMetrics[], key: 'ndcg10' | 'recall20') =>
    others.every((m) => policies.ranker[key] > m[key]);
  const baselineMetrics = BASELINES.map((b) => policies[b]);
  const filteredMetrics = BASELINES.map((b) => filtered[b]);
  return {
    model: o.model,
    seed: o.seed,
    readers: readers.length,
    days: o.days,
    candidatesPerDay: Math.round(candidateTotal / o.days),
    policies,
    rankerBeatsAllBaselines: {
      ndcg10: beats(baselineMetrics, 'ndcg10'),
      recall20: beats(baselineMetrics, 'recall20'),
    },
    setup: {
      evaluationDays: evalDays,
      windowDays: o.windowDays,
      feedSize: o.feedSize,
      exposure: 'per-policy',
      scoredFeeds,
      meanPositivesPerScoredFeed: round(positivesPerFeed.value),
    },
    historyFilteredBaselines: filtered,
    rankerBeatsHistoryFilteredBaselines: {
      ndcg10: beats(filteredMetrics, 'ndcg10'),
      recall20: beats(filteredMetrics, 'recall20'),
    },
  };
}
