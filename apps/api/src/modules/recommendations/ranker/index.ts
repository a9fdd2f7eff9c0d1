/**
 * The recommendation ranker: a pure function from (reader, candidate articles,
 * context) to an ordered, explained list. No database, no clock, no
 * randomness: the same inputs always give the same output (ties are broken by
 * a hash of the article id salted with `context.seed`).
 *
 * Pipeline of `rank`:
 *  1. Exclusion (defence in depth; the caller filters too): every article the
 *     reader already interacted with (disliked, read, liked, saved, shared),
 *     every candidate with the same titleKey as one of those, and every
 *     near-duplicate of a disliked article (same titleKey or title token
 *     Jaccard ≥ 0.6).
 *  2. Five signals per candidate, each in [0, 1] (see `signals`):
 *     interest, content, coEngagement, popularity, freshness.
 *  3. A blend whose weights move from "interests + popularity + freshness"
 *     for a new reader to "content + co-engagement" for a reader with a
 *     history (BLEND_NEW → BLEND_EXPERIENCED, t = n / (n + HISTORY_PIVOT),
 *     n = number of positive history events).
 *  4. Diversity: greedy MMR re-rank (λ = MMR_LAMBDA) with similarity =
 *     shared categories + same source + content cosine, under a cap of 40 %
 *     of the list per category and 50 % per source (relaxed only when no
 *     alternative is left). A reader without positive history gets an
 *     interleaved mix across their declared interests (3 slots of 4 rotate
 *     over the interests, the 4th is free).
 *  5. 1–3 human-readable reasons per item from its strongest signals.
 *
 * See README.md in this folder for the numbers and the reasoning behind them.
 */
import { CATEGORIES } from '@lede/shared';
import {
  articleTerms,
  MIN_TOKENS_FOR_JACCARD,
  NEAR_DUPLICATE_JACCARD,
  nearDuplicateTokens,
  titleTokenList,
} from './text.js';

export { tokenize } from './text.js';

export interface RankableArticle {
  id: string;
  title: string;
  description: string;
  keywords: string[];
  categories: string[];
  sourceName: string;
  pubDate: Date;
  titleKey: string;
  likes: number;
  dislikes: number;
  saves: number;
  shares: number;
  views: number;
}
export type HistoryAction = 'like' | 'dislike' | 'save' | 'share' | 'read';
export interface HistoryEvent {
  article: RankableArticle;
  action: HistoryAction;
  at: Date;
}
export interface RankUser {
  interests: string[];
  history: HistoryEvent[];
}
/** Document frequencies over the article terms (title + description + keyword tokens). */
export interface CorpusStats {
  totalDocuments: number;
  documentFrequency: ReadonlyMap<string, number>;
}
export interface RankContext {
  /** Anchor for recency/freshness (the API passes min(clock, newest article) logic itself). */
  now: Date;
  /** Deterministic tie-breaking. */
  seed: number;
  /** How many to return. */
  limit: number;
  stats: CorpusStats;
  /** candidateId → "readers who liked what you liked also liked this". */
  coEngagement?: ReadonlyMap<string, { score: number; viaTitle?: string }>;
}
export interface RankedArticle {
  article: RankableArticle;
  /** Blended relevance, made strictly decreasing along the returned order (sort by it safely). */
  score: number;
  reasons: string[];
  /** interest, content, coEngagement, popularity, freshness (each in [0, 1]) and relevance. */
  signals: Record<string, number>;
}

// ---------------------------------------------------------------------------
// Tunables (documented in README.md)

/** Profile weight of each action; dislikes push the profile away. */
export const ACTION_WEIGHTS: Readonly<Record<HistoryAction, number>> = {
  like: 1,
  save: 1.5,
  share: 1.2,
  read: 0.5,
  dislike: -1.5,
};

type SignalName = 'interest' | 'content' | 'coEngagement' | 'popularity' | 'freshness';
type Weights = Readonly<Record<SignalName, number>>;

/** Blend for a reader without positive history. */
export const BLEND_NEW: Weights = {
  interest: 0.5,
  content: 0,
  coEngagement: 0,
  popularity: 0.2,
  freshness: 0.3,
};
/** Blend the weights converge to as the history grows. */
export const BLEND_EXPERIENCED: Weights = {
  interest: 0.2,
  content: 0.45,
  coEngagement: 0.1,
  popularity: 0.1,
  freshness: 0.15,
};
/** n positive history events → t = n / (n + HISTORY_PIVOT) of the way to BLEND_EXPERIENCED. */
export const HISTORY_PIVOT = 6;

const DAY_MS = 86_400_000;
/** History events lose half their profile weight every 14 days. */
const HISTORY_HALF_LIFE_DAYS = 14;
/** Freshness: half-life 2 days, plus a small 30-day tail so old items keep an order but never dominate. */
const FRESH_HALF_LIFE_DAYS = 2;
const FRESH_TAIL_HALF_LIFE_DAYS = 30;
const FRESH_TAIL_SHARE = 0.1;
/** Popularity: log engagement, halved every 7 days of article age. */
const POPULARITY_HALF_LIFE_DAYS = 7;

/**
 * The content vector is a TF-IDF text vector (unit length) plus a category
 * channel (article.categories as pseudo-terms) of length CATEGORY_CHANNEL,
 * renormalised. The channel lets the profile learn which sections a reader
 * actually reads, not only which words.
 */
const CATEGORY_CHANNEL = 0.5;
/** Interest signal by position of the matched category (categories are best first). */
const INTEREST_BY_POSITION = [1, 0.8, 0.65] as const;

export const MMR_LAMBDA = 0.7;
/** Pairwise similarity used by MMR: weights of shared categories, same source, content cosine. */
const SIM_CATEGORY = 0.35;
const SIM_SOURCE = 0.15;
const SIM_CONTENT = 0.5;
export const CATEGORY_CAP_SHARE = 0.4;
export const SOURCE_CAP_SHARE = 0.5;

// ---------------------------------------------------------------------------
// Public helpers

/** Document frequencies of the article terms (the same tokens `rank` vectorises). */
export function buildCorpusStats(
  articles: Iterable<Pick<RankableArticle, 'keywords' | 'title' | 'description'>>,
): CorpusStats {
  const df = new Map<string, number>();
  let total = 0;
  for (const a of articles) {
    total += 1;
    for (const term of articleTerms(a).counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  }
  return { totalDocuments: total, documentFrequency: df };
}

/**
 * Item-to-item co-engagement: for every article j liked by other readers who
 * also liked something the user liked, score(j) = Σ_i co(i, j) / √(n_i · n_j)
 * over the user's positives i (co = readers who liked both, n = readers who
 * liked it). Scores are scaled so the best is 1. `viaTitle` names the user's
 * article that contributes most (when `titles` knows it). Articles the user
 * already likes are not returned.
 */
export function coEngagementFor(
  userPositiveIds: ReadonlySet<string>,
  otherReaders: Iterable<ReadonlySet<string>>,
  titles?: ReadonlyMap<string, string>,
): Map<string, { score: number; viaTitle?: string }> {
  const out = new Map<string, { score: number; viaTitle?: string }>();
  if (userPositiveIds.size === 0) return out;
  const readers = [...otherReaders];
  const likedBy = new Map<string, number>();
  for (const r of readers) for (const id of r) likedBy.set(id, (likedBy.get(id) ?? 0) + 1);
  const co = new Map<string, Map<string, number>>();
  for (const r of readers) {
    const overlap: string[] = [];
    if (r.size <= userPositiveIds.size) {
      for (const id of r) if (userPositiveIds.has(id)) overlap.push(id);
    } else {
      for (const id of userPositiveIds) if (r.has(id)) overlap.push(id);
    }
    if (overlap.length === 0) continue;
    for (const j of r) {
      if (userPositiveIds.has(j)) continue;
      let row = co.get(j);
      if (!row) co.set(j, (row = new Map()));
      for (const i of overlap) row.set(i, (row.get(i) ?? 0) + 1);
    }
  }
  let max = 0;
  const raw: Array<[string, number, string]> = [];
  for (const [j, row] of co) {
    const nj = likedBy.get(j) ?? 1;
    let total = 0;
    let best = '';
    let bestValue = -1;
    for (const [i, c] of row) {
      const v = c / Math.sqrt((likedBy.get(i) ?? 1) * nj);
      total += v;
      if (v > bestValue || (v === bestValue && i < best)) {
        bestValue = v;
        best = i;
      }
    }
    raw.push([j, total, best]);
    if (total > max) max = total;
  }
  for (const [j, total, via] of raw) {
    const viaTitle = titles?.get(via);
    out.set(j, viaTitle === undefined ? { score: total / max } : { score: total / max, viaTitle });
  }
  return out;
}

/**
 * Same story: identical (non-empty) titleKey, or title token Jaccard ≥ 0.6
 * when both titles have at least 3 distinct non-stopword tokens.
 */
export function isNearDuplicate(
  a: Pick<RankableArticle, 'titleKey' | 'title'>,
  b: Pick<RankableArticle, 'titleKey' | 'title'>,
): boolean {
  return nearDuplicateTokens(
    a.titleKey,
    titleTokenList(a.title),
    b.titleKey,
    titleTokenList(b.title),
  );
}

// ---------------------------------------------------------------------------
// Internals

/** 32-bit hash of `text` salted with `seed` (FNV-1a + murmur3 finaliser). */
export function seededHash(seed: number, text: string): number {
  let h = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  h = Math.imul(h ^ (seed >>> 16), 0x01000193) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

interface SparseVector {
  ids: Int32Array;
  weights: Float64Array;
}

interface Analysis {
  title: string;
  description: string;
  keywords: readonly string[];
  categories: readonly string[];
  vector: SparseVector;
  titleTokens: readonly string[];
}

/** Above this many cached articles, the cache (and its vocabulary) is reset before the next call. */
const ANALYSIS_CACHE_LIMIT = 150_000;

/**
 * Turns articles into unit-length sparse vectors (ids sorted ascending) under
 * the IDF of one CorpusStats object. One Analyzer per stats object (WeakMap),
 * caching each article's vector by id — validated against its title,
 * description, keywords and categories — so repeated calls with the same
 * stats (the API refreshing feeds) skip tokenisation. Treat a CorpusStats as
 * immutable: build a new one when the corpus changes.
 */
class Analyzer {
  vocab = new Map<string, number>();
  cache = new Map<string, Analysis>();
  private readonly n: number;
  constructor(private readonly stats: CorpusStats) {
    this.n = Math.max(0, stats.totalDocuments);
  }
  /** Called at the start of a rank call only (ids must stay stable within a call). */
  maybeReset(): void {
    if (this.cache.size > ANALYSIS_CACHE_LIMIT) {
      this.cache = new Map();
      this.vocab = new Map();
    }
  }
  private id(term: string): number {
    let id = this.vocab.get(term);
    if (id === undefined) {
      id = this.vocab.size;
      this.vocab.set(term, id);
    }
    return id;
  }
  private idf(term: string): number {
    const df = this.stats.documentFrequency.get(term) ?? 0;
    return Math.max(0.1, Math.log((this.n + 1) / (df + 1)) + 1);
  }
  analyse(a: RankableArticle): Analysis {
    const hit = this.cache.get(a.id);
    if (
      hit &&
      hit.title === a.title &&
      hit.description === a.description &&
      sameStrings(hit.keywords, a.keywords) &&
      sameStrings(hit.categories, a.categories)
    ) {
      return hit;
    }
    const { counts, titleTokens } = articleTerms(a);
    const pairs: Array<[number, number]> = [];
    let norm = 0;
    for (const [term, tf] of counts) {
      const w = (1 + Math.log(tf)) * this.idf(term);
      pairs.push([this.id(term), w]);
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    const cats = normalisedCategories(a.categories);
    let total = 0;
    if (norm > 0) {
      for (const p of pairs) p[1] /= norm;
      total = 1;
    }
    if (cats.length > 0) {
      const w = CATEGORY_CHANNEL / Math.sqrt(cats.length);
      for (const c of cats) pairs.push([this.id(`#${c}`), w]);
      total += CATEGORY_CHANNEL * CATEGORY_CHANNEL;
    }
    pairs.sort((x, y) => x[0] - y[0]);
    const scale = total > 0 ? 1 / Math.sqrt(total) : 0;
    // one buffer for both arrays (weights first, for alignment): less per-article overhead
    const buffer = new ArrayBuffer(pairs.length * 12);
    const weights = new Float64Array(buffer, 0, pairs.length);
    const ids = new Int32Array(buffer, pairs.length * 8, pairs.length);
    pairs.forEach(([id, w], k) => {
      ids[k] = id;
      weights[k] = w * scale;
    });
    const analysis: Analysis = {
      title: a.title,
      description: a.description,
      keywords: [...a.keywords],
      categories: [...a.categories],
      vector: { ids, weights },
      titleTokens,
    };
    this.cache.set(a.id, analysis);
    return analysis;
  }
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const analyzers = new WeakMap<CorpusStats, Analyzer>();
function analyzerFor(stats: CorpusStats): Analyzer {
  let analyzer = analyzers.get(stats);
  if (!analyzer) analyzers.set(stats, (analyzer = new Analyzer(stats)));
  analyzer.maybeReset();
  return analyzer;
}

/** Global term id → profile slot (−1: not a profile term). Reused across calls; reset after each. */
let profileSlots = new Int32Array(0);

function dot(a: SparseVector, b: SparseVector): number {
  let i = 0;
  let j = 0;
  let sum = 0;
  const ai = a.ids;
  const bi = b.ids;
  while (i < ai.length && j < bi.length) {
    const x = ai[i]!;
    const y = bi[j]!;
    if (x === y) {
      sum += a.weights[i]! * b.weights[j]!;
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return sum;
}

function normalisedCategories(categories: readonly string[]): string[] {
  const out: string[] = [];
  for (const c of categories) {
    const id = c.trim().toLowerCase();
    if (id && !out.includes(id)) out.push(id);
  }
  return out;
}

const LABEL_TO_ID = new Map<string, string>();
for (const c of CATEGORIES) {
  LABEL_TO_ID.set(c.id, c.id);
  LABEL_TO_ID.set(c.label.toLowerCase(), c.id);
}
const ID_TO_LABEL = new Map<string, string>(CATEGORIES.map((c) => [c.id, c.label]));

/** Declared interests as category ids: exact (case-insensitive) ids or labels, never substrings. */
function normaliseInterests(interests: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of interests) {
    const key = raw.trim().toLowerCase();
    if (!key) continue;
    const id = LABEL_TO_ID.get(key) ?? key;
    if (!out.includes(id)) out.push(id);
  }
  return out;
}

function ageDays(now: number, date: Date): number {
  const t = date.getTime();
  if (!Number.isFinite(t)) return Number.POSITIVE_INFINITY;
  return Math.max(0, (now - t) / DAY_MS);
}

function halfLife(age: number, days: number): number {
  return Math.pow(2, -age / days);
}

/** Exponential freshness on article age (half-life 2 days) with a small 30-day tail. */
export function freshnessOf(pubDate: Date, now: Date): number {
  const age = ageDays(now.getTime(), pubDate);
  if (!Number.isFinite(age)) return 0;
  return (
    (1 - FRESH_TAIL_SHARE) * halfLife(age, FRESH_HALF_LIFE_DAYS) +
    FRESH_TAIL_SHARE * halfLife(age, FRESH_TAIL_HALF_LIFE_DAYS)
  );
}

/** Engagement score used by popularity: likes + 2·saves + 3·shares + 0.2·views − dislikes (≥ 0). */
export function engagementOf(
  a: Pick<RankableArticle, 'likes' | 'saves' | 'shares' | 'views' | 'dislikes'>,
): number {
  const e = a.likes + 2 * a.saves + 3 * a.shares + 0.2 * a.views - a.dislikes;
  return Number.isFinite(e) && e > 0 ? e : 0;
}

function truncate(text: string, max: number): string {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t.length <= max) return t;
  return `${t.slice(0, max - 1).trimEnd()}…`;
}

const ACTION_PHRASE: Record<Exclude<HistoryAction, 'dislike'>, string> = {
  save: 'Similar to an article you saved',
  share: 'Similar to an article you shared',
  like: 'Similar to an article you liked',
  read: 'Similar to an article you read',
};
const POSITIVE_ACTIONS = ['like', 'save', 'share', 'read'] as const;

interface Candidate {
  article: RankableArticle;
  vector: SparseVector;
  titleTokens: readonly string[];
  categories: string[];
  hash: number;
  interest: number;
  interestCategory: string | undefined;
  content: number;
  contentRaw: number;
  coEngagement: number;
  viaTitle: string | undefined;
  popularity: number;
  freshness: number;
  relevance: number;
}

// ---------------------------------------------------------------------------
// rank

export function rank(
  user: RankUser,
  candidates: RankableArticle[],
  context: RankContext,
): RankedArticle[] {
  const limit = Math.max(0, Math.floor(context.limit));
  if (limit === 0 || candidates.length === 0) return [];
  const now = context.now.getTime();
  const seed = context.seed | 0;
  const analyzer = analyzerFor(context.stats);
  const interests = normaliseInterests(user.interests);
  const interestSet = new Set(interests);

  // -- 1. history: exclusions and the content profile --------------------------------------
  const seenIds = new Set<string>();
  const seenKeys = new Set<string>();
  const dislikedTitles: Array<{ key: string; tokens: readonly string[] }> = [];
  const historyVectors = new Map<string, SparseVector>();
  for (const event of user.history) {
    const a = event.article;
    seenIds.add(a.id);
    if (a.titleKey) seenKeys.add(a.titleKey);
    if (event.action === 'dislike') {
      dislikedTitles.push({ key: a.titleKey, tokens: titleTokenList(a.title) });
    }
    if (!historyVectors.has(a.id)) historyVectors.set(a.id, analyzer.analyse(a).vector);
  }
  // Profile terms get dense slots 0..profileSize-1 (via profileSlots, indexed by global term id).
  const profileTerms: number[] = [];
  for (const vector of historyVectors.values()) {
    for (const id of vector.ids) {
      if (id >= profileSlots.length) {
        const grown = new Int32Array(Math.max(id + 1, profileSlots.length * 2, 1024)).fill(-1);
        grown.set(profileSlots);
        profileSlots = grown;
      }
      if (profileSlots[id] === -1) {
        profileSlots[id] = profileTerms.length;
        profileTerms.push(id);
      }
    }
  }
  try {
    const slots = profileSlots;
    const profileSize = profileTerms.length;
    const perAction = POSITIVE_ACTIONS.map(() => new Float64Array(profileSize));
    const disliked = new Float64Array(profileSize);
    let positiveEvents = 0;
    for (const event of user.history) {
      const vector = historyVectors.get(event.article.id)!;
      const decay = halfLife(ageDays(now, event.at), HISTORY_HALF_LIFE_DAYS);
      const weight = ACTION_WEIGHTS[event.action] * decay;
      if (!(Number.isFinite(weight) && weight !== 0)) continue;
      const target =
        event.action === 'dislike' ? disliked : perAction[POSITIVE_ACTIONS.indexOf(event.action)]!;
      if (event.action !== 'dislike') positiveEvents += 1;
      for (let k = 0; k < vector.ids.length; k++) {
        target[slots[vector.ids[k]!]!]! += weight * vector.weights[k]!;
      }
    }
    const profile = new Float64Array(profileSize);
    let profileNorm = 0;
    for (let t = 0; t < profileSize; t++) {
      let v = disliked[t]!;
      for (const p of perAction) v += p[t]!;
      profile[t] = v;
      profileNorm += v * v;
    }
    profileNorm = Math.sqrt(profileNorm);

    // Inverted index over disliked title tokens: shared-token counts give the exact Jaccard
    // without an all-pairs set comparison.
    const dislikedByToken = new Map<string, number[]>();
    dislikedTitles.forEach((d, k) => {
      for (const t of d.tokens) {
        const list = dislikedByToken.get(t);
        if (list) list.push(k);
        else dislikedByToken.set(t, [k]);
      }
    });
    const dislikedKeys = new Set(dislikedTitles.map((d) => d.key).filter(Boolean));
    const sharedCount = new Int32Array(dislikedTitles.length);
    const touched: number[] = [];
    const isDislikedDuplicate = (key: string, tokens: readonly string[]): boolean => {
      if (key && dislikedKeys.has(key)) return true;
      if (dislikedTitles.length === 0 || tokens.length < MIN_TOKENS_FOR_JACCARD) return false;
      for (const t of tokens) {
        const list = dislikedByToken.get(t);
        if (!list) continue;
        for (const k of list) if (sharedCount[k]!++ === 0) touched.push(k);
      }
      let duplicate = false;
      for (const k of touched) {
        const other = dislikedTitles[k]!.tokens.length;
        const shared = sharedCount[k]!;
        sharedCount[k] = 0;
        if (
          other >= MIN_TOKENS_FOR_JACCARD &&
          shared / (tokens.length + other - shared) >= NEAR_DUPLICATE_JACCARD
        ) {
          duplicate = true;
        }
      }
      touched.length = 0;
      return duplicate;
    };

    // -- 2. signals ----------------------------------------------------------------------------
    const kept: Candidate[] = [];
    const keptIds = new Set<string>();
    let maxContent = 0;
    let maxPopularity = 0;
    let maxCo = 0;
    for (const article of candidates) {
      if (seenIds.has(article.id) || keptIds.has(article.id)) continue;
      if (article.titleKey && seenKeys.has(article.titleKey)) continue;
      const { vector, titleTokens } = analyzer.analyse(article);
      if (isDislikedDuplicate(article.titleKey, titleTokens)) continue;
      keptIds.add(article.id);

      const categories = normalisedCategories(article.categories);
      let interest = 0;
      let interestCategory: string | undefined;
      let matches = 0;
      categories.forEach((c, position) => {
        if (!interestSet.has(c)) return;
        matches += 1;
        const v = INTEREST_BY_POSITION[Math.min(position, INTEREST_BY_POSITION.length - 1)]!;
        if (v > interest) {
          interest = v;
          interestCategory = c;
        }
      });
      if (matches > 1) interest = Math.min(1, interest + 0.1 * (matches - 1));

      let contentRaw = 0;
      if (profileNorm > 0) {
        let d = 0;
        for (let k = 0; k < vector.ids.length; k++) {
          const id = vector.ids[k]!;
          const slot = id < slots.length ? slots[id]! : -1;
          if (slot < 0) continue;
          d += vector.weights[k]! * profile[slot]!;
        }
        contentRaw = Math.max(0, d / profileNorm);
      }
      if (contentRaw > maxContent) maxContent = contentRaw;

      const co = context.coEngagement?.get(article.id);
      const coScore = co && Number.isFinite(co.score) && co.score > 0 ? co.score : 0;
      if (coScore > maxCo) maxCo = coScore;

      const age = ageDays(now, article.pubDate);
      const popularity = Number.isFinite(age)
        ? Math.log1p(engagementOf(article)) * halfLife(age, POPULARITY_HALF_LIFE_DAYS)
        : 0;
      if (popularity > maxPopularity) maxPopularity = popularity;

      kept.push({
        article,
        vector,
        titleTokens,
        categories,
        hash: seededHash(seed, article.id),
        interest,
        interestCategory,
        content: 0,
        contentRaw,
        coEngagement: coScore,
        viaTitle: co?.viaTitle,
        popularity,
        freshness: freshnessOf(article.pubDate, context.now),
        relevance: 0,
      });
    }
    if (kept.length === 0) return [];

    // -- 3. blend --------------------------------------------------------------------------------
    const t = positiveEvents / (positiveEvents + HISTORY_PIVOT);
    const weights = {} as Record<SignalName, number>;
    for (const k of Object.keys(BLEND_NEW) as SignalName[]) {
      weights[k] = (1 - t) * BLEND_NEW[k] + t * BLEND_EXPERIENCED[k];
    }
    let maxRelevance = 0;
    for (const c of kept) {
      c.content = maxContent > 0 ? c.contentRaw / maxContent : 0;
      c.coEngagement = maxCo > 0 ? Math.min(1, c.coEngagement / maxCo) : 0;
      c.popularity = maxPopularity > 0 ? c.popularity / maxPopularity : 0;
      c.relevance =
        weights.interest * c.interest +
        weights.content * c.content +
        weights.coEngagement * c.coEngagement +
        weights.popularity * c.popularity +
        weights.freshness * c.freshness;
      if (c.relevance > maxRelevance) maxRelevance = c.relevance;
    }
    kept.sort((a, b) => b.relevance - a.relevance || a.hash - b.hash);

    // -- 4. diversity ----------------------------------------------------------------------------
    const order = diversify(kept, {
      limit,
      maxRelevance,
      interleave: positiveEvents === 0 ? interests : [],
    });

    /** Weighted similarity of a vector to each positive action's part of the profile. */
    const actionDots = (vector: SparseVector): Float64Array => {
      const out = new Float64Array(POSITIVE_ACTIONS.length);
      for (let k = 0; k < vector.ids.length; k++) {
        const id = vector.ids[k]!;
        const slot = id < slots.length ? slots[id]! : -1;
        if (slot < 0) continue;
        for (let p = 0; p < perAction.length; p++)
          out[p]! += vector.weights[k]! * perAction[p]![slot]!;
      }
      return out;
    };

    // -- 5. output -------------------------------------------------------------------------------
    const out: RankedArticle[] = [];
    let previous = Number.POSITIVE_INFINITY;
    for (const index of order) {
      const c = kept[index]!;
      const score = Math.min(c.relevance, previous - 1e-6);
      previous = score;
      out.push({
        article: c.article,
        score,
        reasons: reasonsFor(c, weights, actionDots(c.vector)),
        signals: {
          interest: c.interest,
          content: c.content,
          coEngagement: c.coEngagement,
          popularity: c.popularity,
          freshness: c.freshness,
          relevance: c.relevance,
        },
      });
    }
    return out;
  } finally {
    for (const id of profileTerms) profileSlots[id] = -1;
  }
}

interface DiversifyOptions {
  limit: number;
  maxRelevance: number;
  /** Declared interests to rotate through (new readers); empty → plain MMR. */
  interleave: string[];
}

/**
 * Greedy MMR over `kept` (sorted by relevance, best first) under category and
 * source caps. Exact, but lazy: a candidate's max-similarity to the selected
 * items is only brought up to date when it is inspected, and the scan stops
 * as soon as λ·relevance (an upper bound of the MMR value) cannot beat the
 * best value found. Returns indices into `kept`.
 */
function diversify(kept: Candidate[], options: DiversifyOptions): number[] {
  const n = kept.length;
  const size = Math.min(options.limit, n);
  const categoryCap = Math.max(1, Math.floor(CATEGORY_CAP_SHARE * size + 1e-9));
  const sourceCap = Math.max(1, Math.floor(SOURCE_CAP_SHARE * size + 1e-9));
  const relScale = options.maxRelevance > 0 ? 1 / options.maxRelevance : 1;
  const maxSim = new Float64Array(n);
  const compared = new Int32Array(n);
  const removed = new Uint8Array(n);
  const selected: number[] = [];
  // Categories and sources as small integers, for the caps and the similarity.
  const categoryIndex = new Map<string, number>();
  const sourceIndex = new Map<string, number>();
  const categoriesOf: number[][] = [];
  const sourceOf = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = kept[i]!;
    categoriesOf.push(
      c.categories.map((cat) => {
        let k = categoryIndex.get(cat);
        if (k === undefined) categoryIndex.set(cat, (k = categoryIndex.size));
        return k;
      }),
    );
    let k = sourceIndex.get(c.article.sourceName);
    if (k === undefined) sourceIndex.set(c.article.sourceName, (k = sourceIndex.size));
    sourceOf[i] = k;
  }
  const categoryCount = new Int32Array(categoryIndex.size);
  const sourceCount = new Int32Array(sourceIndex.size);

  /** Pairwise similarity; -1 when j is a near-duplicate of i (same story). */
  const similarity = (i: number, j: number): number => {
    const a = kept[i]!;
    const b = kept[j]!;
    const content = dot(a.vector, b.vector);
    if (a.article.titleKey !== '' && a.article.titleKey === b.article.titleKey) return -1;
    // Near-duplicate titles always share most of their (double-weighted) title terms.
    if (
      content >= 0.55 &&
      nearDuplicateTokens(a.article.titleKey, a.titleTokens, b.article.titleKey, b.titleTokens)
    ) {
      return -1;
    }
    const ca = categoriesOf[i]!;
    const cb = categoriesOf[j]!;
    let shared = 0;
    for (const c of ca) if (cb.includes(c)) shared += 1;
    const union = ca.length + cb.length - shared;
    const cat = union > 0 ? shared / union : 0;
    const source = sourceOf[i] === sourceOf[j] ? 1 : 0;
    return SIM_CATEGORY * cat + SIM_SOURCE * source + SIM_CONTENT * content;
  };
  const refresh = (i: number): boolean => {
    for (let k = compared[i]!; k < selected.length; k++) {
      const sim = similarity(i, selected[k]!);
      if (sim < 0) {
        removed[i] = 1;
        return false;
      }
      if (sim > maxSim[i]!) maxSim[i] = sim;
    }
    compared[i] = selected.length;
    return true;
  };
  // level 0: both caps, 1: category cap only, 2: source cap only, 3: none.
  const capsOk = (i: number, level: number): boolean => {
    if (level === 0 || level === 1) {
      for (const cat of categoriesOf[i]!) if (categoryCount[cat]! >= categoryCap) return false;
    }
    if (level === 0 || level === 2) {
      if (sourceCount[sourceOf[i]!]! >= sourceCap) return false;
    }
    return true;
  };
  const scan = (level: number, category: string | undefined): number => {
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      if (removed[i]) continue;
      const c = kept[i]!;
      const rel = c.relevance * relScale;
      if (MMR_LAMBDA * rel < bestValue) break;
      if (category !== undefined && !c.categories.includes(category)) continue;
      // maxSim only grows, so the value with the similarity known so far is an upper bound.
      if (MMR_LAMBDA * rel - (1 - MMR_LAMBDA) * maxSim[i]! < bestValue) continue;
      if (!capsOk(i, level)) continue;
      if (!refresh(i)) continue;
      const value = MMR_LAMBDA * rel - (1 - MMR_LAMBDA) * maxSim[i]!;
      if (value > bestValue || (value === bestValue && c.hash < kept[best]!.hash)) {
        bestValue = value;
        best = i;
      }
    }
    return best;
  };

  let rotation = 0;
  for (let slot = 0; slot < size; slot++) {
    let pick = -1;
    if (options.interleave.length > 0 && slot % 4 !== 3) {
      for (let k = 0; k < options.interleave.length && pick < 0; k++) {
        const category = options.interleave[(rotation + k) % options.interleave.length]!;
        for (let level = 0; level < 2 && pick < 0; level++) pick = scan(level, category);
        if (pick >= 0) rotation = (rotation + k + 1) % options.interleave.length;
      }
    }
    for (let level = 0; level < 4 && pick < 0; level++) pick = scan(level, undefined);
    if (pick < 0) break;
    selected.push(pick);
    removed[pick] = 1;
    for (const cat of categoriesOf[pick]!) categoryCount[cat]! += 1;
    sourceCount[sourceOf[pick]!]! += 1;
  }
  return selected;
}

function reasonsFor(
  c: Candidate,
  weights: Record<SignalName, number>,
  actionDots: Float64Array,
): string[] {
  const options: Array<{ text: string; strength: number }> = [];
  if (c.interest > 0 && c.interestCategory) {
    const label = ID_TO_LABEL.get(c.interestCategory) ?? c.interestCategory;
    options.push({ text: `Because you like ${label}`, strength: weights.interest * c.interest });
  }
  if (c.content >= 0.2 && c.contentRaw >= 0.03) {
    let best = -1;
    for (let p = 0; p < POSITIVE_ACTIONS.length; p++) {
      if (actionDots[p]! > 0 && (best < 0 || actionDots[p]! > actionDots[best]!)) best = p;
    }
    if (best >= 0) {
      options.push({
        text: ACTION_PHRASE[POSITIVE_ACTIONS[best]!],
        strength: weights.content * c.content,
      });
    }
  }
  if (c.coEngagement >= 0.1) {
    options.push({
      text: c.viaTitle
        ? `Readers who liked "${truncate(c.viaTitle, 60)}" also liked this`
        : 'Readers with similar taste liked this',
      strength: weights.coEngagement * c.coEngagement,
    });
  }
  if (c.popularity >= 0.5) {
    options.push({ text: 'Popular today', strength: weights.popularity * c.popularity });
  }
  if (c.freshness >= 0.5) {
    options.push({ text: 'Fresh news', strength: weights.freshness * c.freshness });
  }
  options.sort((a, b) => b.strength - a.strength);
  const reasons = options.slice(0, 3).map((o) => o.text);
  return reasons.length > 0 ? reasons : ['Something different for you'];
}
