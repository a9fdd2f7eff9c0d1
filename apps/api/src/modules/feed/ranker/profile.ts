/**
 * What the ranker learns from the reader's history: the content profile (a weighted sum of
 * the vectors of what they liked, saved, shared, read and disliked) and, per category, the
 * topic feedback that makes likes bring a topic in and dislikes push one back.
 */
import {
  ACTION_WEIGHTS,
  DAY_MS,
  EXPLICIT_EVIDENCE,
  HISTORY_HALF_LIFE_DAYS,
  LEARNED_BASE,
  LEARNED_MAX,
  LEARNED_MIN_POSITIVES,
  LEARNED_PER_POSITIVE,
  TOPIC_SECONDARY_EVIDENCE,
  TOPIC_STRENGTH_PIVOT,
} from './tunables.js';
import type { HistoryAction, HistoryEvent, ReaderControls } from './types.js';
import { type Analyzer, normalisedCategories, type SparseVector } from './vectors.js';

export const POSITIVE_ACTIONS = ['like', 'save', 'share', 'read'] as const;
export type PositiveAction = (typeof POSITIVE_ACTIONS)[number];

export function ageDays(now: number, date: Date): number {
  const t = date.getTime();
  if (!Number.isFinite(t)) return Number.POSITIVE_INFINITY;
  return Math.max(0, (now - t) / DAY_MS);
}

export function halfLife(age: number, days: number): number {
  return Math.pow(2, -age / days);
}

/** Global term id → profile slot (−1: not a profile term). Reused across calls; reset after each. */
let profileSlots = new Int32Array(0);

export interface ContentProfile {
  /** Number of positive history events (like, save, share, read). */
  positiveEvents: number;
  /**
   * Evidence for the blend: a read counts 1, a like, save or share EXPLICIT_EVIDENCE (the
   * reader said so, rather than only opened it).
   */
  evidence: number;
  /** Cosine between a vector and the whole profile, clamped at 0. */
  similarity(vector: SparseVector): number;
  /** Dot product of a vector with each positive action's part of the profile (POSITIVE_ACTIONS order). */
  actionDots(vector: SparseVector): Float64Array;
  /** Frees the shared slot table: call once the rank call is done with the profile. */
  release(): void;
}

/**
 * Σ over history of action weight × recency decay (half-life 14 days) × article vector. The
 * profile is a dense array over the history's terms only.
 */
export function buildContentProfile(
  allHistory: readonly HistoryEvent[],
  analyzer: Analyzer,
  now: number,
  forgotten?: ReadonlyMap<string, Date>,
): ContentProfile {
  const history = forgotten?.size
    ? allHistory.filter((e) => !isForgotten(e, forgotten))
    : allHistory;
  const historyVectors = new Map<string, SparseVector>();
  for (const event of history) {
    const a = event.article;
    if (!historyVectors.has(a.id)) historyVectors.set(a.id, analyzer.analyse(a).vector);
  }
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
  const slots = profileSlots;
  const profileSize = profileTerms.length;
  const perAction = POSITIVE_ACTIONS.map(() => new Float64Array(profileSize));
  const disliked = new Float64Array(profileSize);
  let positiveEvents = 0;
  let evidence = 0;
  for (const event of history) {
    const vector = historyVectors.get(event.article.id)!;
    const decay = halfLife(ageDays(now, event.at), HISTORY_HALF_LIFE_DAYS);
    const weight = ACTION_WEIGHTS[event.action] * decay;
    if (!(Number.isFinite(weight) && weight !== 0)) continue;
    const target =
      event.action === 'dislike' ? disliked : perAction[POSITIVE_ACTIONS.indexOf(event.action)]!;
    if (event.action !== 'dislike') {
      positiveEvents += 1;
      evidence += event.action === 'read' ? 1 : EXPLICIT_EVIDENCE;
    }
    for (let k = 0; k < vector.ids.length; k++) {
      target[slots[vector.ids[k]!]!]! += weight * vector.weights[k]!;
    }
  }
  const profile = new Float64Array(profileSize);
  let norm = 0;
  for (let t = 0; t < profileSize; t++) {
    let v = disliked[t]!;
    for (const p of perAction) v += p[t]!;
    profile[t] = v;
    norm += v * v;
  }
  norm = Math.sqrt(norm);

  return {
    positiveEvents,
    evidence,
    similarity(vector) {
      if (norm === 0) return 0;
      let d = 0;
      for (let k = 0; k < vector.ids.length; k++) {
        const id = vector.ids[k]!;
        const slot = id < slots.length ? slots[id]! : -1;
        if (slot >= 0) d += vector.weights[k]! * profile[slot]!;
      }
      return Math.max(0, d / norm);
    },
    actionDots(vector) {
      const out = new Float64Array(POSITIVE_ACTIONS.length);
      for (let k = 0; k < vector.ids.length; k++) {
        const id = vector.ids[k]!;
        const slot = id < slots.length ? slots[id]! : -1;
        if (slot < 0) continue;
        for (let p = 0; p < perAction.length; p++)
          out[p]! += vector.weights[k]! * perAction[p]![slot]!;
      }
      return out;
    },
    release() {
      for (const id of profileTerms) profileSlots[id] = -1;
    },
  };
}

/**
 * The `forgottenTopics` key of a reset ("Reset interests"): every like, save, share
 * and read from before it no longer teaches the feed anything.
 */
export const RESET_ALL_TOPICS = '*';

/**
 * A like, save, share or read of a removed learned topic, from before its removal (or from
 * before a reset of every topic): it no longer teaches the profile anything (dislikes always
 * count).
 */
export function isForgotten(event: HistoryEvent, forgotten: ReadonlyMap<string, Date>): boolean {
  if (event.action === 'dislike') return false;
  const all = forgotten.get(RESET_ALL_TOPICS);
  if (all && event.at.getTime() <= all.getTime()) return true;
  for (const c of normalisedCategories(event.article.categories)) {
    const since = forgotten.get(c);
    if (since && event.at.getTime() <= since.getTime()) return true;
  }
  return false;
}

/**
 * Reads that teach nothing: of an article the reader disliked or asked "Fewer like this" of,
 * or from a source they hid. Likes, saves and shares are the reader's own word and stay.
 */
export function overruledReads(
  history: readonly HistoryEvent[],
  controls?: Pick<ReaderControls, 'fewerArticleIds' | 'hiddenSources'>,
): (e: HistoryEvent) => boolean {
  const disliked = new Set<string>();
  for (const e of history) if (e.action === 'dislike') disliked.add(e.article.id);
  const fewer = controls?.fewerArticleIds;
  const hidden = controls?.hiddenSources;
  if (disliked.size === 0 && !fewer?.size && !hidden?.size) return () => false;
  return (e) =>
    e.action === 'read' &&
    (disliked.has(e.article.id) ||
      (fewer?.has(e.article.id) ?? false) ||
      (hidden?.has(e.article.sourceName) ?? false));
}

/** What the reader's actions say about one category. */
export interface TopicFeedback {
  category: string;
  /** Likes, saves and shares of its articles (after any removal of the learned topic). */
  positives: number;
  /** Which of like/save/share those were (for the reason's wording). */
  actions: Set<Exclude<HistoryAction, 'dislike' | 'read'>>;
  /**
   * Of those articles, how many the reader liked, saved and shared (an article liked and saved
   * counts for both): what the profile says ("saved 26 times").
   */
  actionCounts: Record<Exclude<HistoryAction, 'dislike' | 'read'>, number>;
  /** Recency-weighted dislikes minus recency-weighted likes/saves/shares, at least 0. */
  pushBack: number;
  /**
   * Recency-weighted evidence of the reader's likes, saves, shares and reads of it (each
   * article once, with its strongest act; fully for its own category, TOPIC_SECONDARY_EVIDENCE
   * for the others): what strengthens a chosen topic (topicStrength).
   */
  evidence: number;
}

/** An article's own category is its first. */
const isOwnCategory = (categories: readonly string[], category: string) =>
  categories[0] === category;

/**
 * Whether a removed topic or a reset (`forgotten`: category → when; RESET_ALL_TOPICS → all)
 * dates after the event: then it no longer teaches that category.
 */
function forgottenFor(
  forgotten: ReadonlyMap<string, Date> | undefined,
  category: string,
  at: Date,
): boolean {
  if (!forgotten?.size) return false;
  const t = at.getTime();
  const since = forgotten.get(category);
  if (since && t <= since.getTime()) return true;
  const all = forgotten.get(RESET_ALL_TOPICS);
  return all !== undefined && t <= all.getTime();
}

/**
 * Per-category feedback from the history. An article counts for each of its categories.
 * Events before a topic's removal (`forgotten`) do not teach it again.
 */
export function topicFeedback(
  history: readonly HistoryEvent[],
  now: number,
  forgotten?: ReadonlyMap<string, Date>,
): Map<string, TopicFeedback> {
  const out = new Map<string, TopicFeedback>();
  const balance = new Map<string, number>();
  const seen = new Set<string>();
  // Evidence: each article once per category, with the strongest of its acts.
  const strongest = new Map<string, number>();
  const feedbackOf = (category: string) => {
    let f = out.get(category);
    if (!f) {
      f = {
        category,
        positives: 0,
        actions: new Set(),
        actionCounts: { like: 0, save: 0, share: 0 },
        pushBack: 0,
        evidence: 0,
      };
      out.set(category, f);
    }
    return f;
  };
  for (const event of history) {
    const decay = halfLife(ageDays(now, event.at), HISTORY_HALF_LIFE_DAYS);
    const categories = normalisedCategories(event.article.categories);
    if (event.action !== 'dislike') {
      const weight = ACTION_WEIGHTS[event.action] * decay;
      if (Number.isFinite(weight) && weight > 0) {
        for (const category of categories) {
          if (forgottenFor(forgotten, category, event.at)) continue;
          const share = isOwnCategory(categories, category) ? 1 : TOPIC_SECONDARY_EVIDENCE;
          const key = `${category}|${event.article.id}`;
          const before = strongest.get(key) ?? 0;
          if (weight * share <= before) continue;
          strongest.set(key, weight * share);
          feedbackOf(category).evidence += weight * share - before;
        }
      }
    }
    if (event.action === 'read') continue;
    // Each article counts once as a positive and once as a dislike, whatever the actions.
    const key = `${event.action === 'dislike' ? 'd' : 'p'}|${event.article.id}`;
    const first = !seen.has(key);
    seen.add(key);
    const act = `${event.action}|${event.article.id}`;
    const firstOfAct = !seen.has(act);
    seen.add(act);
    for (const category of categories) {
      const f = feedbackOf(category);
      if (event.action === 'dislike') {
        if (first) balance.set(category, (balance.get(category) ?? 0) + decay);
        continue;
      }
      if (first) balance.set(category, (balance.get(category) ?? 0) - decay);
      if (forgottenFor(forgotten, category, event.at)) continue;
      f.actions.add(event.action);
      if (firstOfAct) f.actionCounts[event.action] += 1;
      if (first) f.positives += 1;
    }
  }
  for (const [category, b] of balance) out.get(category)!.pushBack = Math.max(0, b);
  return out;
}

/**
 * How strongly the reader's own acts back a topic, in [0, 1): evidence E / (E +
 * TOPIC_STRENGTH_PIVOT), saturating; 0 while the topic is pushed back.
 */
export function topicStrength(f: TopicFeedback | undefined): number {
  if (!f || f.pushBack > 0 || !(f.evidence > 0)) return 0;
  return f.evidence / (f.evidence + TOPIC_STRENGTH_PIVOT);
}

/** Interest value of a category learned from the reader's actions (0 when not learned). */
export function learnedValue(f: TopicFeedback | undefined): number {
  if (!f || f.positives < LEARNED_MIN_POSITIVES || f.pushBack > 0) return 0;
  return Math.min(LEARNED_MAX, LEARNED_BASE + LEARNED_PER_POSITIVE * f.positives);
}

/** Learned topics, strongest first (ties alphabetically). */
export function learnedTopics(feedback: ReadonlyMap<string, TopicFeedback>): TopicFeedback[] {
  return [...feedback.values()]
    .filter((f) => learnedValue(f) > 0)
    .sort((a, b) => b.positives - a.positives || (a.category < b.category ? -1 : 1));
}
