/**
 * Subjects: what the reader's likes, saves, shares and reads teach about what stories are
 * about, not only their category. Each such article lends its subject features (distinctive
 * terms and named entities, subject-features.ts) with its action weight × recency; a
 * candidate that shares at least SUBJECT_MIN_SHARED features with one of those articles is in
 * its story cluster: on a subject the reader taught (so is a candidate of the same story). What
 * several of those articles share is a subject too: a candidate carrying two features each of
 * them carried by two or more ("climate" and "emissions"), or a name or phrase that
 * SHARED_SUBJECT_MIN_SOURCES of them carry, is on it and says so by its words. A single shared
 * word never makes a subject, nor a reason (no "More on star").
 */
import { ageDays, halfLife, isForgotten } from './profile.js';
import {
  ACTION_WEIGHTS,
  ENTITY_FEATURE_WEIGHT,
  HISTORY_HALF_LIFE_DAYS,
  SHARED_SUBJECT_MIN_SOURCES,
  SUBJECT_MIN_SHARED,
  SUBJECT_SATURATION,
} from './tunables.js';
import type { HistoryAction, HistoryEvent, RankableArticle } from './types.js';
import { expandedFeatures, isPhrase, writtenLabel } from './subject-words.js';
import type { Analysis, Analyzer } from './vectors.js';

type TeachingAction = Exclude<HistoryAction, 'dislike'>;

/** One article the reader engaged with positively, as a source of subjects. */
export interface SubjectSource {
  article: RankableArticle;
  /** The strongest thing they did with it (for the reason's verb). */
  action: TeachingAction;
  /** Σ action weight × recency over their events on it. */
  weight: number;
}

export interface SubjectMatch {
  /** In [0, 1]: the weight of the shared features over SUBJECT_SATURATION. */
  strength: number;
  /** The taught article sharing the most features with the candidate. */
  source: SubjectSource;
  /** A named entity shared with two or more taught articles and the candidate ("Puerto Rico"). */
  label: string | undefined;
}

export interface SubjectProfile {
  /**
   * Evidence for the learned share of the page: Σ action weight × recency over the positive
   * events (likes, saves, shares, reads) of what was not forgotten.
   */
  evidence: number;
  /**
   * Whether the reader's acts recur on a subject: two of the articles they taught share at
   * least SUBJECT_MIN_SHARED features (one story cluster), or SHARED_SUBJECT_MIN_SOURCES of them
   * carry one. A single act says what caught the eye (often just fresh news), not what they follow.
   */
  recurring: boolean;
  match(analysis: Analysis): SubjectMatch | undefined;
}

const ACTION_RANK: Record<TeachingAction, number> = { save: 4, share: 3, like: 2, read: 1 };

export function buildSubjectProfile(
  history: readonly HistoryEvent[],
  analyzer: Analyzer,
  now: number,
  forgotten?: ReadonlyMap<string, Date>,
): SubjectProfile {
  const byArticle = new Map<string, SubjectSource>();
  let evidence = 0;
  for (const event of history) {
    if (event.action === 'dislike') continue;
    if (forgotten?.size && isForgotten(event, forgotten)) continue;
    const weight =
      ACTION_WEIGHTS[event.action] * halfLife(ageDays(now, event.at), HISTORY_HALF_LIFE_DAYS);
    if (!(Number.isFinite(weight) && weight > 0)) continue;
    evidence += weight;
    const source = byArticle.get(event.article.id);
    if (!source) {
      byArticle.set(event.article.id, { article: event.article, action: event.action, weight });
      continue;
    }
    source.weight += weight;
    if (ACTION_RANK[event.action] > ACTION_RANK[source.action]) source.action = event.action;
  }

  const sources = [...byArticle.values()];
  /** Feature id → the sources carrying it; and each feature's weight over all of them. */
  const carriers = new Map<number, number[]>();
  const featureWeight = new Map<number, number>();
  const entityLabel = new Map<number, string>();
  const add = (id: number, k: number, weight: number) => {
    const list = carriers.get(id);
    if (list) list.push(k);
    else carriers.set(id, [k]);
    featureWeight.set(id, (featureWeight.get(id) ?? 0) + weight);
  };
  sources.forEach((source, k) => {
    const analysis = analyzer.analyse(source.article);
    for (const id of analysis.subjectTerms) add(id, k, source.weight);
    for (const { id, label } of analysis.entities) {
      add(id, k, source.weight * ENTITY_FEATURE_WEIGHT);
      if (!entityLabel.has(id)) entityLabel.set(id, label);
    }
  });

  // What several taught articles share, counting the words and inner phrases of their names
  // and phrases ("climate" in "climate change" and "climate bill"; subject-words.ts).
  const expandedOf = sources.map((source) =>
    expandedFeatures(analyzer.analyse(source.article), analyzer),
  );
  const wordSupport = new Map<string, { support: number; weight: number; carriers: number[] }>();
  expandedOf.forEach((features, k) => {
    for (const f of features) {
      const x = wordSupport.get(f);
      if (x) {
        x.support += 1;
        x.weight += sources[k]!.weight;
        x.carriers.push(k);
      } else wordSupport.set(f, { support: 1, weight: sources[k]!.weight, carriers: [k] });
    }
  });
  for (const [f, x] of wordSupport) if (x.support < 2) wordSupport.delete(f);
  /** Most shared first, a name or phrase before a word, then the heavier. */
  const better = (a: string, b: string): boolean => {
    const x = wordSupport.get(a)!;
    const y = wordSupport.get(b)!;
    return (
      (y.support - x.support ||
        Number(isPhrase(b)) - Number(isPhrase(a)) ||
        y.weight - x.weight ||
        (a < b ? -1 : 1)) < 0
    );
  };
  const labels = new Map<string, string>();
  const labelOf = (f: string): string => {
    let label = labels.get(f);
    if (label === undefined) {
      const stories = wordSupport
        .get(f)!
        .carriers.map((k) => analyzer.analyse(sources[k]!.article));
      labels.set(f, (label = writtenLabel(f, stories)));
    }
    return label;
  };
  /**
   * What the candidate shares with two or more taught articles: the features carried by two or
   * more of them, a word inside a phrase it holds counting once with the phrase.
   */
  const sharedUnits = (analysis: Analysis): string[] => {
    if (wordSupport.size === 0) return [];
    const on: string[] = [];
    for (const f of expandedFeatures(analysis, analyzer)) if (wordSupport.has(f)) on.push(f);
    const phrases = on.filter(isPhrase);
    return on.filter(
      (f) =>
        // an inner phrase or a word of a shared phrase is the same evidence
        !phrases.some(
          (p) => p !== f && ` ${p.slice(1)} `.includes(` ${isPhrase(f) ? f.slice(1) : f} `),
        ),
    );
  };
  /** "More on climate": the most shared feature of the candidate's, as the stories write it. */
  const labelFor = (units: readonly string[]): string | undefined => {
    if (units.length === 0) return undefined;
    return labelOf(units.reduce((a, b) => (better(b, a) ? b : a)));
  };
  /**
   * The subject several taught stories share that the candidate carries, if any: two of their
   * shared features ("climate" and "emissions"), or one that SHARED_SUBJECT_MIN_SOURCES of them
   * carry. Never one word two stories happen to share.
   */
  const sharedSubject = (analysis: Analysis): SubjectMatch | undefined => {
    const units = sharedUnits(analysis);
    if (units.length === 0) return undefined;
    const best = units.reduce((a, b) => (better(b, a) ? b : a));
    if (units.length < 2 && wordSupport.get(best)!.support < SHARED_SUBJECT_MIN_SOURCES)
      return undefined;
    const weight = units.reduce((sum, f) => sum + wordSupport.get(f)!.weight, 0);
    const source = wordSupport
      .get(best)!
      .carriers.reduce((a, k) => (sources[k]!.weight > sources[a]!.weight ? k : a));
    return {
      strength: Math.min(1, weight / SUBJECT_SATURATION),
      source: sources[source]!,
      label: labelOf(best),
    };
  };
  /** A taught article of the candidate's own story, the strongest. */
  const sameStory = (analysis: Analysis): SubjectSource | undefined => {
    if (!analysis.storyId) return undefined;
    let best: SubjectSource | undefined;
    for (const source of sources)
      if (source.article.storyId === analysis.storyId && (!best || source.weight > best.weight))
        best = source;
    return best;
  };

  const recurring =
    [...wordSupport.values()].some((x) => x.support >= SHARED_SUBJECT_MIN_SOURCES) ||
    twoSourcesShare(carriers, entityLabel, sources.length);

  const shared = new Float64Array(sources.length);
  const touched: number[] = [];
  /** Adds a feature the candidate carries to the counts of the sources carrying it; its weight. */
  const visit = (id: number, featureShare: number): number => {
    const list = carriers.get(id);
    if (!list) return 0;
    for (const k of list) {
      if (shared[k] === 0) touched.push(k);
      shared[k]! += featureShare;
    }
    return featureWeight.get(id)!;
  };
  return {
    evidence,
    recurring,
    match(analysis) {
      if (sources.length === 0) return undefined;
      let weight = 0;
      for (const id of analysis.subjectTerms) weight += visit(id, 1);
      for (const { id } of analysis.entities) weight += visit(id, ENTITY_FEATURE_WEIGHT);
      const label = labelFor(sharedUnits(analysis));
      const story = sameStory(analysis);
      if (touched.length === 0) {
        return story
          ? { strength: Math.min(1, story.weight / SUBJECT_SATURATION), source: story, label }
          : sharedSubject(analysis);
      }
      let best = -1;
      for (const k of touched) {
        if (shared[k]! < SUBJECT_MIN_SHARED) continue;
        if (
          best < 0 ||
          shared[k]! > shared[best]! ||
          (shared[k] === shared[best] && sources[k]!.weight > sources[best]!.weight)
        ) {
          best = k;
        }
      }
      for (const k of touched) shared[k] = 0;
      touched.length = 0;
      if (best < 0 && story) {
        const strength = Math.min(1, Math.max(weight, story.weight) / SUBJECT_SATURATION);
        return { strength, source: story, label };
      }
      if (best < 0) return sharedSubject(analysis);
      return { strength: Math.min(1, weight / SUBJECT_SATURATION), source: sources[best]!, label };
    },
  };
}

/** Whether two sources share SUBJECT_MIN_SHARED features (an entity counting its weight). */
function twoSourcesShare(
  carriers: ReadonlyMap<number, number[]>,
  entities: ReadonlyMap<number, string>,
  sourceCount: number,
): boolean {
  const pairs = new Map<number, number>();
  for (const [id, list] of carriers) {
    if (list.length < 2) continue;
    const share = entities.has(id) ? ENTITY_FEATURE_WEIGHT : 1;
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        if (list[i] === list[j]) continue;
        const key = Math.min(list[i]!, list[j]!) * sourceCount + Math.max(list[i]!, list[j]!);
        const n = (pairs.get(key) ?? 0) + share;
        if (n >= SUBJECT_MIN_SHARED) return true;
        pairs.set(key, n);
      }
    }
  }
  return false;
}
