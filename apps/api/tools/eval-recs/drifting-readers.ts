/**
 * The second reader model, written apart from simulator.ts and sharing none of its
 * utility or behaviour code, so that the evaluation can disagree with the first model.
 *
 * Two kinds of readers, half each:
 *  - **drifters** declare what they read at the start; over the run their taste moves
 *    linearly to one or two other categories (at the last day the old interests are faint);
 *  - **outsiders** declare three categories but mostly read two others (their declared ones
 *    weigh a quarter of their real tastes): "clicks mostly outside the declared interests".
 *
 * Utility on day d: taste(categories, d) + 0.25 · 2^(−age / 3 days) + noise (uniform ±0.1, fixed
 * per reader and article). Taste of an article: its first category fully, later ones × 0.7,
 * 0.05 without category. An article is a held-out positive when utility > LIKE_LINE.
 *
 * Behaviour, per feed position p (0-based): looks at it with probability 1 / (1 + p / 4)
 * (a flatter position bias than model 1's 0.9^p); opens it with probability 0.75 above the line,
 * 0.04 below; after opening likes with 0.5 (above LIKE_LINE + 0.2: 0.7), saves with 0.1;
 * a looked-at article below 0.15 is disliked with probability 0.25. Active 80 % of days.
 */
import { CATEGORY_IDS } from '@lede/shared';
import { withRecencyAndNoise, type SimAction, type SimArticle } from './simulator.js';

export const LIKE_LINE = 0.6;

export interface DriftingReader {
  index: number;
  kind: 'drifter' | 'outsider';
  interests: string[];
  /** Category → weight at the start and at the end of the run. */
  start: ReadonlyMap<string, number>;
  end: ReadonlyMap<string, number>;
  /** The categories the reader moves to (drifter) or really reads (outsider). */
  newTopics: string[];
}

/** FNV-1a over the parts, xorshift-mixed: a uniform number in [0, 1). */
function unit(...parts: Array<string | number>): number {
  let h = 2166136261;
  for (const ch of parts.join('/')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619) >>> 0;
  }
  h ^= h << 13;
  h >>>= 0;
  h ^= h >>> 17;
  h ^= h << 5;
  return (h >>> 0) / 4294967296;
}

/** Categories drawn without replacement, ∝ their article counts in the horizon. */
function draw(
  seed: string,
  counts: ReadonlyMap<string, number>,
  n: number,
  not: string[],
): string[] {
  const out: string[] = [];
  for (let k = 0; out.length < n && k < 50; k++) {
    const pool = [...counts].filter(([c, w]) => w >= 8 && !out.includes(c) && !not.includes(c));
    if (pool.length === 0) break;
    const total = pool.reduce((s, [, w]) => s + w, 0);
    let x = unit(seed, k) * total;
    for (const [c, w] of pool) {
      x -= w;
      if (x < 0) {
        out.push(c);
        break;
      }
    }
  }
  return out;
}

export function createDriftingPopulation(
  seed: number,
  count: number,
  horizon: readonly SimArticle[],
): DriftingReader[] {
  const counts = new Map<string, number>(CATEGORY_IDS.map((c) => [c, 0]));
  for (const a of horizon) for (const c of a.categories) counts.set(c, (counts.get(c) ?? 0) + 1);
  return Array.from({ length: count }, (_, index) => {
    const kind = index % 2 === 0 ? 'drifter' : 'outsider';
    const interests = draw(`${seed}/declared/${index}`, counts, 3, []);
    const newTopics = draw(
      `${seed}/new/${index}`,
      counts,
      kind === 'drifter' ? 1 + (index % 4 === 0 ? 1 : 0) : 2,
      interests,
    );
    const start = new Map<string, number>();
    const end = new Map<string, number>();
    if (kind === 'drifter') {
      interests.forEach((c, i) => {
        start.set(c, [1, 0.8, 0.6][i]!);
        end.set(c, 0.15);
      });
      newTopics.forEach((c, i) => end.set(c, i === 0 ? 1 : 0.8));
    } else {
      interests.forEach((c) => {
        start.set(c, 0.25);
        end.set(c, 0.25);
      });
      newTopics.forEach((c, i) => {
        start.set(c, i === 0 ? 1 : 0.8);
        end.set(c, i === 0 ? 1 : 0.8);
      });
    }
    return { index, kind, interests, start, end, newTopics };
  });
}

/** How far the run is, 0 on the first day, 1 on the last. */
const progress = (day: number, days: number) => (days > 1 ? day / (days - 1) : 1);

export function driftingUtility(
  seed: number,
  r: DriftingReader,
  a: SimArticle,
  nowMs: number,
  day: number,
  days: number,
): number {
  const f = progress(day, days);
  let taste = a.categories.length === 0 ? 0.05 : 0;
  a.categories.forEach((c, i) => {
    const w = ((1 - f) * (r.start.get(c) ?? 0) + f * (r.end.get(c) ?? 0)) * (i === 0 ? 1 : 0.7);
    if (w > taste) taste = w;
  });
  return withRecencyAndNoise(taste, a, nowMs, unit(seed, 'noise', r.index, a.index));
}

export function driftingReact(
  seed: number,
  r: DriftingReader,
  a: SimArticle,
  utility: number,
  position: number,
  day: number,
): SimAction[] {
  const u = (what: string) => unit(seed, what, r.index, a.index, day);
  if (u('look') >= 1 / (1 + position / 4)) return [];
  const above = utility > LIKE_LINE;
  if (u('open') >= (above ? 0.75 : 0.04)) {
    return utility < 0.15 && u('dislike') < 0.25 ? ['dislike'] : [];
  }
  const actions: SimAction[] = ['read'];
  if (above && u('like') < (utility > LIKE_LINE + 0.2 ? 0.7 : 0.5)) actions.push('like');
  if (above && u('save') < 0.1) actions.push('save');
  if (!above && utility < 0.15 && u('dislike') < 0.25) actions.push('dislike');
  return actions;
}

export const driftingActive = (seed: number, r: DriftingReader, day: number) =>
  unit(seed, 'active', r.index, day) < 0.8;
