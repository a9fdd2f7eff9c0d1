/**
 * Steering (issue 18): the reader turns a subject or a category up, down or off. Subjects are
 * named by their features (subject-features.ts: distinctive terms and `@` + named entities), so
 * a steering stays meaningful however the history grows: a candidate is on a steered subject
 * when it carries at least min(SUBJECT_MIN_SHARED, features) of them. This file also lists the
 * subjects the feed learned, for the profile page: story clusters of what the reader acted on.
 */
import { ageDays, halfLife, isForgotten, overruledReads } from './profile.js';
import {
  ACTION_WEIGHTS,
  HISTORY_HALF_LIFE_DAYS,
  SUBJECT_FULL_EVIDENCE,
  SUBJECT_KEY_FEATURES,
  SUBJECT_MIN_SHARED,
  SUBJECTS_SHOWN,
} from './tunables.js';
import type {
  HistoryAction,
  HistoryEvent,
  ReaderControls,
  SteeredSubject,
  Steering,
} from './types.js';
import type { Analysis, Analyzer } from './vectors.js';

/** A subject key: its features, sorted, joined by `|` (what the API hands out and takes back). */
export const subjectKey = (features: readonly string[]): string =>
  [...new Set(features)].sort().join('|');
export const subjectFeatures = (key: string): string[] => key.split('|').filter(Boolean);

/** "@climate change" → "climate change"; a term as it is. */
export function featureLabel(feature: string): string {
  return feature.startsWith('@') ? feature.slice(1) : feature;
}

const STRENGTH: Record<Steering, number> = { off: 3, down: 2, up: 1 };

/**
 * The steering of an analysed article's subjects: `off` before `down` before `up` when it is
 * on several. Feature ids are looked up lazily in the analyzer's vocabulary: an article carrying
 * a feature was analysed, so its term has an id by then.
 */
export function subjectSteering(
  steered: readonly SteeredSubject[] | undefined,
  analyzer: Analyzer,
): (analysis: Analysis) => Steering | undefined {
  if (!steered || steered.length === 0) return () => undefined;
  return (analysis) => {
    let out: Steering | undefined;
    for (const subject of steered) {
      if (out && STRENGTH[out] >= STRENGTH[subject.state]) continue;
      const need = Math.min(SUBJECT_MIN_SHARED, subject.features.length);
      let shared = 0;
      for (const feature of subject.features) {
        const id = analyzer.vocab.get(feature);
        if (id === undefined) continue;
        if (carries(analysis, id)) shared += 1;
        if (shared >= need) break;
      }
      if (need > 0 && shared >= need) out = subject.state;
    }
    return out;
  };
}

function carries(analysis: Analysis, id: number): boolean {
  const terms = analysis.subjectTerms;
  // sorted ascending: binary search
  let lo = 0;
  let hi = terms.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = terms[mid]!;
    if (v === id) return true;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  for (const e of analysis.entities) if (e.id === id) return true;
  return false;
}

type Teaching = Exclude<HistoryAction, 'dislike'>;
const ACTION_RANK: Record<Teaching, number> = { save: 4, share: 3, like: 2, read: 1 };

/** One subject the feed learned, as the profile page lists it. */
export interface LearnedSubject {
  key: string;
  /** Its features, names first, as shown ("Joe Biden", "election"). */
  terms: string[];
  /** In [0, 1]: evidence / SUBJECT_FULL_EVIDENCE, at most 1. */
  weight: number;
  /** The articles it comes from, strongest first, with what the reader did. */
  sources: Array<{ id: string; title: string; action: Teaching }>;
  /** The steering it carries, if a steered subject is this one. */
  steering: Steering | undefined;
}

/**
 * The story clusters of the reader's likes, saves, shares and reads (two articles sharing at
 * least SUBJECT_MIN_SHARED features are in one cluster), strongest first. A single article only
 * read is not a subject, and a read the reader overruled (`overruledReads`) counts for nothing.
 * A cluster that shares min(2, n) features with a steered subject takes its key and steering
 * (so a steering keeps its subject however the cluster grows); steered subjects no cluster
 * carries are listed too (weight 0, no sources), so they can be undone.
 */
export function learnedSubjects(
  history: readonly HistoryEvent[],
  analyzer: Analyzer,
  now: number,
  forgotten: ReadonlyMap<string, Date> | undefined,
  steered: readonly SteeredSubject[] = [],
  controls?: Pick<ReaderControls, 'fewerArticleIds' | 'hiddenSources'>,
): LearnedSubject[] {
  interface Source {
    id: string;
    title: string;
    action: Teaching;
    weight: number;
    analysis: Analysis;
  }
  const byArticle = new Map<string, Source>();
  const overruled = overruledReads(history, controls);
  for (const event of history) {
    if (event.action === 'dislike' || overruled(event)) continue;
    if (forgotten?.size && isForgotten(event, forgotten)) continue;
    const weight =
      ACTION_WEIGHTS[event.action] * halfLife(ageDays(now, event.at), HISTORY_HALF_LIFE_DAYS);
    if (!(Number.isFinite(weight) && weight > 0)) continue;
    const found = byArticle.get(event.article.id);
    if (found) {
      found.weight += weight;
      if (ACTION_RANK[event.action] > ACTION_RANK[found.action]) found.action = event.action;
      continue;
    }
    byArticle.set(event.article.id, {
      id: event.article.id,
      title: event.article.title,
      action: event.action,
      weight,
      analysis: analyzer.analyse(event.article),
    });
  }
  const sources = [...byArticle.values()];
  const featuresOf = sources.map(
    (s) => new Set<number>([...s.analysis.subjectTerms, ...s.analysis.entities.map((e) => e.id)]),
  );

  // Union-find over articles sharing enough features.
  const parent = sources.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (let i = 0; i < sources.length; i++) {
    for (let j = i + 1; j < sources.length; j++) {
      let shared = 0;
      for (const f of featuresOf[j]!) if (featuresOf[i]!.has(f)) shared += 1;
      if (shared >= SUBJECT_MIN_SHARED) parent[find(j)] = find(i);
    }
  }
  const clusters = new Map<number, number[]>();
  sources.forEach((_, i) => {
    const root = find(i);
    const list = clusters.get(root);
    if (list) list.push(i);
    else clusters.set(root, [i]);
  });

  // Names of the feature ids involved (the vocabulary maps names to ids).
  const wanted = new Set<number>();
  for (const f of featuresOf) for (const id of f) wanted.add(id);
  const names = new Map<number, string>();
  for (const [term, id] of analyzer.vocab) {
    if (wanted.has(id)) names.set(id, term);
    if (names.size === wanted.size) break;
  }
  const entityLabels = new Map<number, string>();
  for (const s of sources) {
    for (const e of s.analysis.entities)
      if (!entityLabels.has(e.id)) entityLabels.set(e.id, e.label);
  }

  const out: Array<LearnedSubject & { evidence: number }> = [];
  for (const members of clusters.values()) {
    const list = members.map((i) => sources[i]!);
    if (list.length === 1 && list[0]!.action === 'read') continue;
    const score = new Map<number, { support: number; weight: number }>();
    members.forEach((i) => {
      for (const id of featuresOf[i]!) {
        const s = score.get(id) ?? { support: 0, weight: 0 };
        s.support += 1;
        s.weight += sources[i]!.weight;
        score.set(id, s);
      }
    });
    const order = [...score]
      .filter(([id]) => names.has(id))
      .sort(
        ([a, x], [b, y]) =>
          y.support - x.support ||
          Number(names.get(b)!.startsWith('@')) - Number(names.get(a)!.startsWith('@')) ||
          y.weight - x.weight ||
          (names.get(a)! < names.get(b)! ? -1 : 1),
      )
      .map(([id]) => id);
    const ranked = coveringKey(
      order,
      members.map((i) => featuresOf[i]!),
      (id) => score.get(id)!.support,
    );
    if (ranked.length === 0) continue;
    const all = new Set([...score.keys()].map((id) => names.get(id)).filter(Boolean) as string[]);
    const match = steered.find((s) => {
      const need = Math.min(SUBJECT_MIN_SHARED, s.features.length);
      return need > 0 && s.features.filter((f) => all.has(f)).length >= need;
    });
    const evidence = list.reduce((sum, s) => sum + s.weight, 0);
    out.push({
      key: match?.key ?? subjectKey(ranked.map((id) => names.get(id)!)),
      terms: [
        ...new Set(
          shownFeatures(ranked, score, names, list.length).map(
            (id) => entityLabels.get(id) ?? names.get(id)!,
          ),
        ),
      ].filter(
        // "biden" says nothing beside "President Joe Biden".
        (t, _, all) =>
          t.includes(' ') || !all.some((o) => o !== t && o.toLowerCase().split(' ').includes(t)),
      ),
      weight: Math.min(1, evidence / SUBJECT_FULL_EVIDENCE),
      evidence,
      sources: list
        .sort((a, b) => b.weight - a.weight || (a.id < b.id ? -1 : 1))
        .map((s) => ({ id: s.id, title: s.title, action: s.action })),
      steering: match?.state,
    });
  }
  out.sort((a, b) => b.evidence - a.evidence || (a.key < b.key ? -1 : 1));
  const shown: LearnedSubject[] = out
    .slice(0, SUBJECTS_SHOWN)
    .map(({ evidence: _evidence, ...s }) => s);
  for (const s of steered) {
    if (shown.some((x) => x.key === s.key)) continue;
    shown.push({
      key: s.key,
      terms: s.features.map(featureLabel),
      weight: 0,
      sources: [],
      steering: s.state,
    });
  }
  return shown;
}

/**
 * The features a cluster is shown by: what two or more of its stories share; a single story's
 * names and phrases (`@`). Its key keeps all its ranked features, so steering matches as widely.
 */
function shownFeatures(
  ranked: readonly number[],
  score: ReadonlyMap<number, { support: number }>,
  names: ReadonlyMap<number, string>,
  size: number,
): number[] {
  const shown = ranked.filter((id) =>
    size > 1 ? score.get(id)!.support >= 2 : names.get(id)!.startsWith('@'),
  );
  return shown.length > 0 ? shown : ranked.slice(0, 3);
}

/**
 * A cluster's key: its SUBJECT_KEY_FEATURES best features, plus what it takes for every member
 * to carry min(SUBJECT_MIN_SHARED, its features) of them (shared features first), so that a
 * steering on the key reaches every story the cluster was made of, not only its core.
 */
function coveringKey(
  order: readonly number[],
  members: ReadonlyArray<ReadonlySet<number>>,
  support: (id: number) => number,
): number[] {
  const key = order.slice(0, SUBJECT_KEY_FEATURES);
  for (const features of members) {
    const need = Math.min(SUBJECT_MIN_SHARED, features.size);
    let have = key.filter((id) => features.has(id)).length;
    for (const id of order) {
      if (have >= need) break;
      if (features.has(id) && !key.includes(id) && support(id) >= 2) {
        key.push(id);
        have += 1;
      }
    }
  }
  return key;
}
