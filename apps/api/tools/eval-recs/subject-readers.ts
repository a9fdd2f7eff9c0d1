/**
 * The third reader model: readers whose tastes are subjects, not categories.
 * Written apart from simulator.ts and drifting-readers.ts (it shares only the article list).
 *
 * A **subject** is a story or theme of the horizon named by its words: a seed term used by
 * SUBJECT_MIN_ARTICLES to SUBJECT_MAX_ARTICLES articles (a word the corpus keeps as a keyword,
 * never a category word), with the two such terms that most often come with it. An article is on the subject when it carries the seed,
 * or both companions ("fiona" + {"hurricane", "puerto"}; "ukraine" + {"russia", "war"}).
 *
 * Each reader follows 2 or 3 subjects (weights 1, 0.8, 0.6), drawn ∝ articles^0.6, and
 * declares three categories: the most common category of their first subject's articles
 * when the index is even (half the readers declare where their subject lives), then random
 * ones ∝ category size. Categories themselves matter little: a declared category adds 0.3.
 *
 * Utility = best subject weight among those the article is on + 0.3 if it is in a declared
 * category + 0.25 · 2^(−age / 3 days) + uniform noise ±0.1; a positive is utility > LIKE_LINE.
 * Behaviour per position p (0-based): looks with probability 0.88^p; opens 70 % of what is
 * above the line and 5 % of the rest; likes 55 % of what it opens above the line, saves 12 %;
 * dislikes 20 % of what it looks at below 0.1. Active 75 % of days.
 */
import { CATEGORY_IDS } from '@lede/shared';
import { withRecencyAndNoise, type SimAction, type SimArticle } from './simulator.js';

export const SUBJECT_LIKE_LINE = 0.6;
const SUBJECT_MIN_ARTICLES = 5;
const SUBJECT_MAX_ARTICLES = 40;
const DECLARED_BONUS = 0.3;
const CATEGORY_WORDS: ReadonlySet<string> = new Set(CATEGORY_IDS);

export interface Subject {
  seed: string;
  companions: [string, string];
}

export interface SubjectReader {
  index: number;
  interests: string[];
  subjects: Subject[];
  weights: number[];
}

/** FNV-1a with a final avalanche: a uniform number in [0, 1) fixed by the parts. */
function unit(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39) >>> 0;
  return ((h ^ (h >>> 15)) >>> 0) / 4294967296;
}

function drawWeighted<T>(items: ReadonlyArray<[T, number]>, x: number): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let left = x * total;
  for (const [item, w] of items) {
    left -= w;
    if (left < 0) return item;
  }
  return items[items.length - 1]![0];
}

export function isOnSubject(s: Subject, a: SimArticle): boolean {
  return a.terms.has(s.seed) || (a.terms.has(s.companions[0]) && a.terms.has(s.companions[1]));
}

/** The horizon's subjects, each with its articles, in a fixed order. */
export function horizonSubjects(
  horizon: readonly SimArticle[],
): Array<{ subject: Subject; articles: SimArticle[] }> {
  // A subject is named by words the corpus keeps as keywords: title tokens such as "after" or
  // "this" are function words, not subjects.
  const keywords = new Set<string>();
  for (const a of horizon) for (const k of a.keywords) keywords.add(k);
  const subjectWord = (t: string) => t.length >= 4 && !CATEGORY_WORDS.has(t) && keywords.has(t);
  const byTerm = new Map<string, SimArticle[]>();
  for (const a of horizon) {
    for (const t of a.terms) {
      if (!subjectWord(t)) continue;
      const list = byTerm.get(t);
      if (list) list.push(a);
      else byTerm.set(t, [a]);
    }
  }
  const out: Array<{ subject: Subject; articles: SimArticle[] }> = [];
  for (const [seed, articles] of [...byTerm].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (articles.length < SUBJECT_MIN_ARTICLES || articles.length > SUBJECT_MAX_ARTICLES) continue;
    const together = new Map<string, number>();
    for (const a of articles)
      for (const t of a.terms)
        if (t !== seed && subjectWord(t)) together.set(t, (together.get(t) ?? 0) + 1);
    const companions = [...together]
      .filter(([, n]) => n >= 3)
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
      .slice(0, 2)
      .map(([t]) => t);
    if (companions.length < 2) continue; // a word, not a story
    const subject = { seed, companions: companions as [string, string] };
    out.push({ subject, articles: horizon.filter((a) => isOnSubject(subject, a)) });
  }
  return out;
}

export function createSubjectPopulation(
  seed: number,
  count: number,
  horizon: readonly SimArticle[],
): SubjectReader[] {
  const subjects = horizonSubjects(horizon);
  const categorySize = new Map<string, number>();
  for (const a of horizon)
    for (const c of a.categories) categorySize.set(c, (categorySize.get(c) ?? 0) + 1);
  const categories = [...categorySize].filter(([, n]) => n >= 8);
  return Array.from({ length: count }, (_, index) => {
    const n = 2 + (unit(seed, 'subjects', index) < 0.5 ? 1 : 0);
    const mine: typeof subjects = [];
    for (let k = 0; mine.length < n && k < 40; k++) {
      const pick = drawWeighted(
        subjects.map((s) => [s, Math.pow(s.articles.length, 0.6)] as [typeof s, number]),
        unit(seed, 'subject', index, k),
      );
      if (!mine.includes(pick)) mine.push(pick);
    }
    const interests: string[] = [];
    if (index % 2 === 0) {
      const home = new Map<string, number>();
      for (const a of mine[0]!.articles)
        if (a.categories[0]) home.set(a.categories[0], (home.get(a.categories[0]) ?? 0) + 1);
      const best = [...home].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))[0];
      if (best) interests.push(best[0]);
    }
    for (let k = 0; interests.length < 3 && k < 60; k++) {
      const c = drawWeighted(categories, unit(seed, 'declared', index, k));
      if (!interests.includes(c)) interests.push(c);
    }
    return {
      index,
      interests,
      subjects: mine.map((s) => s.subject),
      weights: [1, 0.8, 0.6].slice(0, mine.length),
    };
  });
}

export function subjectUtility(
  seed: number,
  r: SubjectReader,
  a: SimArticle,
  nowMs: number,
): number {
  let taste = 0;
  r.subjects.forEach((s, i) => {
    if (r.weights[i]! > taste && isOnSubject(s, a)) taste = r.weights[i]!;
  });
  if (a.categories.some((c) => r.interests.includes(c))) taste += DECLARED_BONUS;
  return withRecencyAndNoise(taste, a, nowMs, unit(seed, 'noise', r.index, a.index));
}

export function subjectReact(
  seed: number,
  r: SubjectReader,
  a: SimArticle,
  utility: number,
  position: number,
  day: number,
): SimAction[] {
  const u = (what: string) => unit(seed, what, r.index, a.index, day);
  if (u('look') >= Math.pow(0.88, position)) return [];
  const above = utility > SUBJECT_LIKE_LINE;
  const low = utility < 0.1;
  if (u('open') >= (above ? 0.7 : 0.05)) return low && u('dislike') < 0.2 ? ['dislike'] : [];
  const actions: SimAction[] = ['read'];
  if (above && u('like') < 0.55) actions.push('like');
  if (above && u('save') < 0.12) actions.push('save');
  if (low && u('dislike') < 0.2) actions.push('dislike');
  return actions;
}

export const subjectActive = (seed: number, r: SubjectReader, day: number) =>
  unit(seed, 'active', r.index, day) < 0.75;

export const onReaderSubject = (r: SubjectReader, a: SimArticle) =>
  r.subjects.some((s) => isOnSubject(s, a));
