/**
 * Reader simulator for the offline evaluation. Deliberately separate from the
 * ranker: it owns the hidden preferences and the hidden utility, and nothing
 * in here is ever passed to a policy — policies only see declared interests,
 * the interaction history and public engagement counters.
 *
 * All randomness is seeded: a mulberry32 PRNG for drawing the population and
 * the article popularity, and a stateless hash (`chance`) for per-event
 * decisions, so that the same reader facing the same article at the same
 * position on the same day decides the same way under every policy (common
 * random numbers — the policies differ only by what they show).
 *
 * The assumptions are documented in README.md in this folder.
 */
import { CATEGORY_IDS } from '@lede/shared';
import { normalizeTitle, tokenize } from '../../src/lib/text/index.js';
import type { SeedRecord } from '../../src/modules/articles/index.js';
import { avalanche32, type RankableArticle } from '../../src/modules/feed/ranker/index.js';
import { mulberry32 } from '../random.js';

// ---------------------------------------------------------------------------
// Seeded randomness

/** 32-bit hash of the parts (FNV-1a over their text, murmur3 finaliser). */
export function hashParts(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = String(part);
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0x1f;
    h = Math.imul(h, 0x01000193);
  }
  return avalanche32(h);
}

/** A uniform number in [0, 1) fixed by the parts (stateless). */
export function chance(...parts: Array<string | number>): number {
  return hashParts(...parts) / 4294967296;
}

/** Standard normal draw (Box–Muller) from a uniform source. */
export function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function pickWeighted<T>(items: readonly T[], weights: readonly number[], random: () => number): T {
  const total = weights.reduce((s, w) => s + w, 0);
  let x = random() * total;
  for (let i = 0; i < items.length; i++) {
    x -= weights[i]!;
    if (x < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

// ---------------------------------------------------------------------------
// Articles

const DAY_MS = 86_400_000;

/** How old the article is at `nowMs`, in days (0 before it is published). */
export const ageDays = (a: SimArticle, nowMs: number) => Math.max(0, (nowMs - a.pubMs) / DAY_MS);

/**
 * A reader model's utility: `taste` plus what every model adds, a pull to the recent (a quarter
 * at publication, halving every 3 days) and ±0.1 of noise (`noise`: the model's own uniform
 * draw in [0, 1)).
 */
export function withRecencyAndNoise(
  taste: number,
  a: SimArticle,
  nowMs: number,
  noise: number,
): number {
  return taste + 0.25 * Math.pow(2, -ageDays(a, nowMs) / 3) + (noise - 0.5) * 0.2;
}

/** An article of the simulation: what the ranker reads of it, less the counters it is given each day. */
export interface SimArticle extends Omit<
  RankableArticle,
  'likes' | 'dislikes' | 'saves' | 'shares' | 'views' | 'terms' | 'termWeights'
> {
  /** Its stored salient terms and their weights (the seed's `terms`, `term_weights`). */
  storedTerms?: readonly string[];
  storedTermWeights?: readonly number[];
  index: number;
  pubMs: number;
  /** Latent popularity (log-normal, mean ≈ 1.6): how much the outside world engages with it. */
  latentPopularity: number;
  /** Percentile of latentPopularity among all articles, in [0, 1]. */
  popularityPercentile: number;
  /** Keyword and title terms, for topic matching. */
  terms: ReadonlySet<string>;
}

export function toSimArticles(records: readonly SeedRecord[], seed: number): SimArticle[] {
  const random = mulberry32(hashParts(seed, 'popularity'));
  const articles: SimArticle[] = records.map((r, index) => {
    const terms = new Set<string>(r.keywords.slice(r.categories.length));
    for (const t of tokenize(r.title)) if (t.length >= 3) terms.add(t);
    return {
      index,
      id: r.link,
      title: r.title,
      description: r.description,
      keywords: r.keywords,
      categories: [...r.categories],
      sourceName: r.source_name,
      pubDate: new Date(r.pubDate),
      pubMs: Date.parse(r.pubDate),
      titleKey: normalizeTitle(r.title),
      storedTerms: r.terms,
      storedTermWeights: r.term_weights,
      latentPopularity: Math.exp(0.9 * gaussian(random)),
      popularityPercentile: 0,
      terms,
    };
  });
  const byPopularity = [...articles].sort(
    (a, b) => a.latentPopularity - b.latentPopularity || a.index - b.index,
  );
  byPopularity.forEach((a, i) => {
    a.popularityPercentile = byPopularity.length > 1 ? i / (byPopularity.length - 1) : 0.5;
  });
  return articles;
}

export interface Counters {
  likes: number;
  dislikes: number;
  saves: number;
  shares: number;
  views: number;
}

/**
 * Engagement from the world outside the simulated readers at time `nowMs`:
 * views grow with age towards 300 × latent popularity (most of it within the
 * first 2–3 days); likes, saves and shares are shares of views that grow with
 * popularity, dislikes shrink with it.
 */
export function backgroundEngagement(a: SimArticle, nowMs: number): Counters {
  const age = ageDays(a, nowMs);
  const views = Math.round(300 * a.latentPopularity * (1 - Math.exp(-age / 1.5)));
  const quality = 0.5 + a.popularityPercentile;
  return {
    views,
    likes: Math.round(views * 0.05 * quality),
    saves: Math.round(views * 0.012 * quality),
    shares: Math.round(views * 0.006 * quality),
    dislikes: Math.round(views * 0.01 * (2 - quality)),
  };
}

// ---------------------------------------------------------------------------
// Readers

export interface HiddenPreferences {
  /** Affinity per category id (0..1), concentrated on `topCategories`. */
  categoryWeights: Readonly<Record<string, number>>;
  topCategories: string[];
  /** A few favourite topic terms from the corpus keywords of the top categories. */
  favouriteTerms: string[];
  /** −1 (niche lover) … +1 (mainstream): how much latent popularity adds to utility. */
  popularityTaste: number;
  /** Probability of opening the app on a given day. */
  activity: number;
  /** Utility above which an article is one the reader would like (set from the horizon). */
  threshold: number;
}

export interface SimReader {
  id: string;
  index: number;
  /** Declared interests: what a policy may see. */
  interests: string[];
  /** Never shown to a policy. */
  hidden: HiddenPreferences;
}

const POSITION_AFFINITY = [1, 0.7, 0.5] as const;
/** Utility of an article with no category at all (a weak, generic appeal). */
const UNCATEGORISED_AFFINITY = 0.1;
const TOPIC_WEIGHT = 0.35;
const POPULARITY_WEIGHT = 0.3;
const NOISE_SD = 0.15;
/** News goes stale: utility loses up to STALENESS_WEIGHT with age (half of it after 10 days). */
const STALENESS_WEIGHT = 0.3;
const STALENESS_HALF_LIFE_DAYS = 10;
/** Share of the horizon's articles a reader would like when they are fresh. */
const POSITIVE_SHARE = 0.2;

/**
 * Time-independent part of the hidden utility: category affinity (the best of
 * the article's categories, discounted by position) + topic-term match +
 * popularity taste + a fixed per-(reader, article) noise.
 */
export function staticUtility(reader: SimReader, a: SimArticle, seed: number): number {
  const h = reader.hidden;
  let affinity = a.categories.length === 0 ? UNCATEGORISED_AFFINITY : 0;
  a.categories.forEach((c, i) => {
    const w = (h.categoryWeights[c] ?? 0) * POSITION_AFFINITY[Math.min(i, 2)]!;
    if (w > affinity) affinity = w;
  });
  let matches = 0;
  for (const t of h.favouriteTerms) if (a.terms.has(t)) matches += 1;
  const topic = TOPIC_WEIGHT * Math.min(2, matches);
  const popularity = POPULARITY_WEIGHT * h.popularityTaste * (2 * a.popularityPercentile - 1);
  const u1 = chance(seed, 'noise-u', reader.index, a.index) || 1e-12;
  const u2 = chance(seed, 'noise-v', reader.index, a.index);
  const noise = NOISE_SD * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  return affinity + topic + popularity + noise;
}

export function staleness(a: SimArticle, nowMs: number): number {
  const age = ageDays(a, nowMs);
  return STALENESS_WEIGHT * (1 - Math.pow(2, -age / STALENESS_HALF_LIFE_DAYS));
}

export interface PopulationOptions {
  seed: number;
  readers: number;
  /** Articles the simulation can show (their categories and terms shape the tastes). */
  horizon: readonly SimArticle[];
}

/**
 * Draws the readers: 2–4 top categories (more common categories are likelier
 * tops, ∝ count^0.6, so niche readers exist but most readers' tastes are
 * served by the corpus), weights 1 and U(0.45, 0.9) on the other tops and
 * U(0, 0.15) elsewhere; 2–5 favourite terms drawn by frequency from the
 * keywords of the top categories; popularity taste U(−1, 1); activity
 * U(0.6, 0.95). Declared interests: the top categories (padded to 3 with the
 * next best), then noise — 35 % of readers have one declared interest
 * replaced by a random category, 25 % miss one of their real top categories.
 */
export function createPopulation(options: PopulationOptions): SimReader[] {
  const random = mulberry32(hashParts(options.seed, 'population'));
  const categoryCount = new Map<string, number>();
  const termsByCategory = new Map<string, Map<string, number>>();
  for (const a of options.horizon) {
    for (const c of a.categories) {
      categoryCount.set(c, (categoryCount.get(c) ?? 0) + 1);
      let terms = termsByCategory.get(c);
      if (!terms) termsByCategory.set(c, (terms = new Map()));
      for (const k of a.keywords.slice(a.categories.length)) {
        if (k.length >= 4) terms.set(k, (terms.get(k) ?? 0) + 1);
      }
    }
  }
  const eligible = CATEGORY_IDS.filter((c) => (categoryCount.get(c) ?? 0) >= 5);
  const eligibleWeights = eligible.map((c) => Math.pow(categoryCount.get(c) ?? 0, 0.6));

  const readers: SimReader[] = [];
  for (let index = 0; index < options.readers; index++) {
    const topCount = pickWeighted([2, 3, 4], [0.3, 0.45, 0.25], random);
    const top: string[] = [];
    while (top.length < Math.min(topCount, eligible.length)) {
      const c = pickWeighted(eligible, eligibleWeights, random);
      if (!top.includes(c)) top.push(c);
    }
    const categoryWeights: Record<string, number> = {};
    for (const c of CATEGORY_IDS) categoryWeights[c] = 0.15 * random();
    top.forEach((c, i) => {
      categoryWeights[c] = i === 0 ? 1 : 0.45 + 0.45 * random();
    });
    top.sort((a, b) => (categoryWeights[b] ?? 0) - (categoryWeights[a] ?? 0));

    const favouriteTerms: string[] = [];
    const termTarget = 2 + Math.floor(random() * 4);
    for (let attempt = 0; attempt < 40 && favouriteTerms.length < termTarget; attempt++) {
      const c = top[attempt % top.length]!;
      const pool = [...(termsByCategory.get(c) ?? new Map<string, number>())].filter(
        ([, n]) => n >= 3,
      );
      if (pool.length === 0) continue;
      const term = pickWeighted(
        pool.map(([t]) => t),
        pool.map(([, n]) => n),
        random,
      );
      if (!favouriteTerms.includes(term)) favouriteTerms.push(term);
    }

    const byWeight = [...CATEGORY_IDS].sort(
      (a, b) => (categoryWeights[b] ?? 0) - (categoryWeights[a] ?? 0),
    );
    const declared = [...top];
    for (const c of byWeight) {
      if (declared.length >= 3) break;
      if (!declared.includes(c)) declared.push(c);
    }
    const randomOther = (): string => {
      const others = CATEGORY_IDS.filter((c) => !declared.includes(c));
      return others[Math.floor(random() * others.length)]!;
    };
    if (random() < 0.35) {
      // one declared interest is wrong
      const at = 1 + Math.floor(random() * (declared.length - 1));
      declared[at] = randomOther();
    }
    if (random() < 0.25) {
      // one real top category is missing from the declared interests
      const missing = top.slice(1).filter((c) => declared.includes(c));
      if (missing.length > 0) {
        const drop = missing[Math.floor(random() * missing.length)]!;
        declared[declared.indexOf(drop)] = randomOther();
      }
    }

    readers.push({
      id: `reader-${index}`,
      index,
      interests: declared,
      hidden: {
        categoryWeights,
        topCategories: top,
        favouriteTerms,
        popularityTaste: -0.6 + 1.6 * random(),
        activity: 0.6 + 0.35 * random(),
        threshold: 0,
      },
    });
  }
  for (const reader of readers) {
    const utilities = options.horizon
      .map((a) => staticUtility(reader, a, options.seed))
      .sort((a, b) => a - b);
    const at = Math.floor((1 - POSITIVE_SHARE) * (utilities.length - 1));
    reader.hidden.threshold = utilities[at] ?? 0;
  }
  return readers;
}

// ---------------------------------------------------------------------------
// Behaviour

export type SimAction = 'read' | 'like' | 'save' | 'share' | 'dislike';

/** Probability that the reader looks at the item at `position` (0-based) of the feed. */
export function examineProbability(position: number): number {
  return Math.pow(0.9, position);
}

/**
 * What the reader does with an article shown at `position` on `day`:
 * examines it with position bias; opens it (→ read) with a probability that
 * rises steeply with utility − threshold; after reading, likes (and sometimes
 * saves or shares) what is above the threshold, dislikes what is well below;
 * an examined, unopened article far below the threshold is sometimes
 * dismissed with a dislike.
 */
export function react(
  seed: number,
  reader: SimReader,
  a: SimArticle,
  utility: number,
  position: number,
  day: number,
): SimAction[] {
  const key = [seed, reader.index, a.index, day] as const;
  if (chance(...key, 'examine') >= examineProbability(position)) return [];
  const margin = utility - reader.hidden.threshold;
  const open = 0.03 + 0.9 / (1 + Math.exp(-margin / 0.08));
  if (chance(...key, 'open') >= open) {
    return margin < -0.45 && chance(...key, 'dismiss') < 0.15 ? ['dislike'] : [];
  }
  const actions: SimAction[] = ['read'];
  if (margin > 0) {
    const strong = margin > 0.15;
    if (chance(...key, 'like') < (strong ? 0.55 : 0.3)) actions.push('like');
    if (chance(...key, 'save') < (strong ? 0.15 : 0.05)) actions.push('save');
    if (chance(...key, 'share') < (strong ? 0.08 : 0.02)) actions.push('share');
  } else if (margin < -0.3 && chance(...key, 'dislike') < 0.4) {
    actions.push('dislike');
  }
  return actions;
}

export function isActive(seed: number, reader: SimReader, day: number): boolean {
  return chance(seed, 'active', reader.index, day) < reader.hidden.activity;
}
