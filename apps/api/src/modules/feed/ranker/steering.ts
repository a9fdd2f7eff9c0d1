/**
 * Steering: the reader turns a subject or a category up, down or off. Subjects are
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
import { expandedFeatures, isPhrase, normalFeature, writtenLabel } from './subject-words.js';
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
  const wanted = steered.map((s) => ({
    ...s,
    normal: [...new Set(s.features.map(normalFeature))],
  }));
  return (analysis) => {
    let out: Steering | undefined;
    const features = expandedFeatures(analysis, analyzer);
    for (const subject of wanted) {
      if (out && STRENGTH[out] >= STRENGTH[subject.state]) continue;
      if (carriesSubject(features, subject.normal)) out = subject.state;
    }
    return out;
  };
}

/**
 * Whether an article's features (`expandedFeatures`) put it on a subject of these (normalised)
 * features: min(SUBJECT_MIN_SHARED, n) of them, a word inside one of its phrases counting.
 */
function carriesSubject(features: ReadonlySet<string>, subject: readonly string[]): boolean {
  const need = Math.min(SUBJECT_MIN_SHARED, subject.length);
  if (need === 0) return false;
  let shared = 0;
  for (const f of subject) if (features.has(f) && ++shared >= need) return true;
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
 * The subjects of the reader's likes, saves, shares and reads: what two or more of those stories
 * share. Each story carries its subject features with the words and inner phrases of
 * its names and phrases (`expandedFeatures`: "climate" from "climate change"); a feature carried
 * by two or more stories seeds a subject, the most shared first (a name or phrase before a word
 * at equal count, then the heavier), and takes the stories carrying it that no subject took yet;
 * a seed left with fewer than two stories makes none. So the stories of one theme join in one
 * subject, a story shares nothing with the others is no subject, and each subject is shown by the
 * features two or more of its stories carry, as their descriptions write them. A read the reader
 * overruled (`overruledReads`) counts for nothing, and a subject of reads only is none.
 * A subject sharing min(2, n) features with a steered subject takes its key and steering (so a
 * steering keeps its subject however the history grows); steered subjects no subject carries are
 * listed too (weight 0, no sources), so they can be undone.
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
    features: ReadonlySet<string>;
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
    const analysis = analyzer.analyse(event.article);
    byArticle.set(event.article.id, {
      id: event.article.id,
      title: event.article.title,
      action: event.action,
      weight,
      analysis,
      features: expandedFeatures(analysis, analyzer),
    });
  }
  // Strongest first: a seed's stories, and its features' order, are decided the same way each time.
  const sources = [...byArticle.values()].sort(
    (a, b) => b.weight - a.weight || (a.id < b.id ? -1 : 1),
  );

  /** How many of `members` carry each feature, and their weight. */
  const scoreOf = (members: readonly Source[]) => {
    const score = new Map<string, { support: number; weight: number }>();
    for (const s of members) {
      for (const f of s.features) {
        const x = score.get(f) ?? { support: 0, weight: 0 };
        x.support += 1;
        x.weight += s.weight;
        score.set(f, x);
      }
    }
    return score;
  };
  const byShare =
    (score: ReadonlyMap<string, { support: number; weight: number }>) =>
    (a: string, b: string): number => {
      const x = score.get(a)!;
      const y = score.get(b)!;
      return (
        y.support - x.support ||
        Number(isPhrase(b)) - Number(isPhrase(a)) ||
        y.weight - x.weight ||
        (a < b ? -1 : 1)
      );
    };

  const all = scoreOf(sources);
  const seeds = [...all.keys()].filter((f) => all.get(f)!.support >= 2).sort(byShare(all));
  const taken = new Set<Source>();
  const out: Array<LearnedSubject & { evidence: number }> = [];
  for (const seed of seeds) {
    const members = sources.filter((s) => !taken.has(s) && s.features.has(seed));
    if (members.length < 2) continue;
    if (members.every((s) => s.action === 'read') && members.length < 3) continue;
    for (const s of members) taken.add(s);
    const score = scoreOf(members);
    const order = [...score.keys()].sort(byShare(score));
    const sharedFeatures = order.filter((f) => score.get(f)!.support >= 2);
    // A word says nothing beside a phrase holding it that as many stories carry ("biden" beside
    // "joe biden"); "climate", carried by more stories than "climate change", stays.
    const shown = sharedFeatures
      .filter(
        (f) =>
          isPhrase(f) ||
          !sharedFeatures.some(
            (p) =>
              isPhrase(p) &&
              p.slice(1).split(' ').map(stemWord).includes(f) &&
              score.get(p)!.support >= score.get(f)!.support,
          ),
      )
      .filter(
        // An inner phrase of a shown phrase as many stories carry is the same evidence.
        (f, _, list) =>
          !isPhrase(f) ||
          !list.some(
            (p) =>
              p !== f &&
              isPhrase(p) &&
              ` ${p.slice(1)} `.includes(` ${f.slice(1)} `) &&
              score.get(p)!.support >= score.get(f)!.support,
          ),
      )
      .slice(0, SUBJECT_KEY_FEATURES);
    const ranked = coveringKey(
      shown,
      order,
      members.map((s) => s.features),
      (f) => score.get(f)!.support,
    );
    const carried = new Set(score.keys());
    const match = steered.find((s) => {
      const need = Math.min(SUBJECT_MIN_SHARED, s.features.length);
      return (
        need > 0 &&
        [...new Set(s.features.map(normalFeature))].filter((f) => carried.has(f)).length >= need
      );
    });
    const evidence = members.reduce((sum, s) => sum + s.weight, 0);
    const stories = members.map((s) => s.analysis);
    out.push({
      key: match?.key ?? subjectKey(ranked),
      terms: [...new Set(shown.map((f) => writtenLabel(f, stories)))],
      weight: Math.min(1, evidence / SUBJECT_FULL_EVIDENCE),
      evidence,
      sources: members.map((s) => ({ id: s.id, title: s.title, action: s.action })),
      steering: match?.state,
    });
  }
  out.sort((a, b) => b.evidence - a.evidence || (a.key < b.key ? -1 : 1));
  const listed: LearnedSubject[] = out
    .slice(0, SUBJECTS_SHOWN)
    .map(({ evidence: _evidence, ...s }) => s);
  for (const s of steered) {
    if (listed.some((x) => x.key === s.key)) continue;
    listed.push({
      key: s.key,
      terms: s.features.map(featureLabel),
      weight: 0,
      sources: [],
      steering: s.state,
    });
  }
  return listed;
}

const stemWord = (word: string): string => normalFeature(word);

/**
 * A subject's key: the features it is shown by, plus what it takes for every story it was made
 * of to carry min(SUBJECT_MIN_SHARED, its features) of them (shared features first, then the
 * story's own, phrases first), so that a steering on the key reaches every one of its stories.
 */
function coveringKey(
  shown: readonly string[],
  order: readonly string[],
  members: ReadonlyArray<ReadonlySet<string>>,
  support: (f: string) => number,
): string[] {
  const key = [...shown];
  for (const features of members) {
    const need = Math.min(SUBJECT_MIN_SHARED, features.size);
    let have = key.filter((f) => features.has(f)).length;
    for (const pass of [2, 1]) {
      for (const f of order) {
        if (have >= need) break;
        if (features.has(f) && !key.includes(f) && support(f) >= pass) {
          key.push(f);
          have += 1;
        }
      }
    }
  }
  return key;
}
