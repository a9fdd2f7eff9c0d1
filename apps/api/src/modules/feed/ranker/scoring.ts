/**
 * Candidate scoring: the five signals of each candidate, each in [0, 1], and the factors by
 * which the reader's dislikes and "fewer like this" push a candidate back.
 */
import { CATEGORIES } from '@lede/shared';
import { engagementOf } from '../../../lib/engagement.js';
import { ageDays, halfLife, learnedValue, type TopicFeedback } from './profile.js';
import {
  DISLIKE_FACTOR,
  FRESH_HALF_LIFE_DAYS,
  FRESH_TAIL_HALF_LIFE_DAYS,
  FRESH_TAIL_SHARE,
  INTEREST_BY_POSITION,
  MUTED_CATEGORY_FACTOR,
  MUTED_KEYWORD_FACTOR,
  POPULARITY_HALF_LIFE_DAYS,
} from './tunables.js';
import type { RankableArticle, ReaderControls, StoryAction } from './types.js';
import type { SubjectMatch } from './subjects.js';
import type { SparseVector } from './vectors.js';

export { engagementOf };

/** One candidate on its way through the pipeline. */
export interface Candidate {
  article: RankableArticle;
  /** A later report of a story the reader already met: what they did with it then. */
  storyGrewSince?: StoryAction;
  vector: SparseVector;
  titleTokens: readonly string[];
  categories: string[];
  hash: number;
  interest: number;
  /** The category the interest signal comes from, and whether it was declared or learned. */
  interestCategory: string | undefined;
  interestLearned: boolean;
  content: number;
  contentRaw: number;
  /** In [0, 1]: how strongly it is on a subject the reader taught (subjects.ts). */
  subject: number;
  subjectMatch: SubjectMatch | undefined;
  /** On a learned subject, or in a learned topic outside the declared interests. */
  learned: boolean;
  /** On a subject the reader turned up (it comes first in the learned share). */
  steeredUp: boolean;
  /** Picked as discovery: the newest of a section the reader said nothing about (diversity.ts). */
  discovery?: boolean;
  coEngagement: number;
  viaTitle: string | undefined;
  popularity: number;
  freshness: number;
  /** ≤ 1: dislikes in its categories and "fewer like this" multiply its relevance by this. */
  pushBack: number;
  relevance: number;
}

const LABEL_TO_ID = new Map<string, string>();
for (const c of CATEGORIES) {
  LABEL_TO_ID.set(c.id, c.id);
  LABEL_TO_ID.set(c.label.toLowerCase(), c.id);
}
export const ID_TO_LABEL: ReadonlyMap<string, string> = new Map(
  CATEGORIES.map((c) => [c.id, c.label]),
);
/** "environment" → "Environment": category labels at the start of a phrase. */
export const categoryTitle = (id: string): string => {
  const label = ID_TO_LABEL.get(id) ?? id;
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/** Declared interests as category ids: exact (case-insensitive) ids or labels, never substrings. */
export function normaliseInterests(interests: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of interests) {
    const key = raw.trim().toLowerCase();
    if (!key) continue;
    const id = LABEL_TO_ID.get(key) ?? key;
    if (!out.includes(id)) out.push(id);
  }
  return out;
}

/**
 * Exponential freshness on article age (half-life 2 days) with a small 30-day tail; `stretch`
 * multiplies both half-lives (a widened candidate pool makes age weigh less).
 */
export function freshnessOf(pubDate: Date, now: Date, stretch = 1): number {
  const age = ageDays(now.getTime(), pubDate);
  if (!Number.isFinite(age)) return 0;
  const s = Number.isFinite(stretch) && stretch > 1 ? stretch : 1;
  return (
    (1 - FRESH_TAIL_SHARE) * halfLife(age, FRESH_HALF_LIFE_DAYS * s) +
    FRESH_TAIL_SHARE * halfLife(age, FRESH_TAIL_HALF_LIFE_DAYS * s)
  );
}

/** Popularity before scaling: log engagement halved every 7 days of age. */
export function rawPopularity(article: RankableArticle, now: number): number {
  const age = ageDays(now, article.pubDate);
  return Number.isFinite(age)
    ? Math.log1p(engagementOf(article)) * halfLife(age, POPULARITY_HALF_LIFE_DAYS)
    : 0;
}

/**
 * Interest: the best declared interest among the article's categories by position (1, 0.8,
 * 0.65), +0.1 per extra match; a learned topic counts with its learned value when higher.
 */
export function interestOf(
  categories: readonly string[],
  declared: ReadonlySet<string>,
  feedback: ReadonlyMap<string, TopicFeedback>,
): { value: number; category: string | undefined; learned: boolean } {
  let value = 0;
  let category: string | undefined;
  let learned = false;
  let matches = 0;
  categories.forEach((c, position) => {
    if (!declared.has(c)) return;
    matches += 1;
    const v = INTEREST_BY_POSITION[Math.min(position, INTEREST_BY_POSITION.length - 1)]!;
    if (v > value) {
      value = v;
      category = c;
    }
  });
  if (matches > 1) value = Math.min(1, value + 0.1 * (matches - 1));
  for (const c of categories) {
    const v = learnedValue(feedback.get(c));
    if (v > value) {
      value = v;
      category = c;
      learned = true;
    }
  }
  return { value, category, learned };
}

/** Product of the push-back factors of the article's categories and muted topic words. */
export function pushBackOf(
  article: RankableArticle,
  categories: readonly string[],
  feedback: ReadonlyMap<string, TopicFeedback>,
  controls: ReaderControls | undefined,
): number {
  let factor = 1;
  for (const c of categories) {
    const f = feedback.get(c);
    if (f && f.pushBack > 0) factor *= Math.pow(DISLIKE_FACTOR, f.pushBack);
    const muted = controls?.mutedCategories?.get(c);
    if (muted) factor *= Math.pow(MUTED_CATEGORY_FACTOR, muted);
  }
  const words = controls?.mutedKeywords;
  if (words && words.size > 0) {
    for (const k of new Set(article.keywords)) {
      const muted = words.get(k);
      if (muted) factor *= Math.pow(MUTED_KEYWORD_FACTOR, muted);
    }
  }
  return factor;
}
