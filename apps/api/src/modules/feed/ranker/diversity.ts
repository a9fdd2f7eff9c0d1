/**
 * Diversity: a greedy MMR re-rank under category and source caps, composing each block of
 * PAGE_BLOCK items from the reader's declared interests (rotating through them), what they
 * taught the feed (learned subjects and topics) and the best of the rest.
 */
import { nearDuplicateTokens } from './text.js';
import {
  CAP_WINDOW,
  CATEGORY_CAP_SHARE,
  MMR_LAMBDA,
  PAGE_BLOCK,
  SIM_CATEGORY,
  SIM_CONTENT,
  SIM_SOURCE,
  SOURCE_CAP_SHARE,
} from './tunables.js';
import type { Candidate } from './scoring.js';
import { dot } from './vectors.js';

export interface DiversifyOptions {
  limit: number;
  maxRelevance: number;
  /**
   * Declared interests (category ids), in turn order; one turned up appears several times and
   * gets that many parts of the declared share.
   */
  declared: string[];
  /** Shares of each block owed to the declared interests and to learned candidates. */
  declaredShare: number;
  learnedShare: number;
  /** Each declared interest's own floor per block (within the declared share). */
  interestFloorShare: number;
  /**
   * Discovery, per block: candidates outside the declared interests, what was learned and what
   * was pushed back, newest first (freshness in place of relevance), MMR-spread across stories.
   */
  discoveryShare?: number;
  /** Declared interests whose own floor has faded (the reader never acts on them). */
  skippedInterests?: ReadonlySet<string>;
}

/**
 * Greedy MMR over `kept` (sorted by relevance, best first) under category and
 * source caps. Exact, but lazy: a candidate's max-similarity to the selected
 * items is only brought up to date when it is inspected, and the scan stops
 * as soon as λ·relevance (an upper bound of the MMR value) cannot beat the
 * best value found. Returns indices into `kept`.
 */
export function diversify(kept: Candidate[], options: DiversifyOptions): number[] {
  const n = kept.length;
  const size = Math.min(options.limit, n);
  // The caps hold in every CAP_WINDOW items (what a reader sees at once), not only over the list.
  const window = Math.min(CAP_WINDOW, size);
  const categoryCap = Math.max(1, Math.floor(CATEGORY_CAP_SHARE * window + 1e-9));
  const sourceCap = Math.max(1, Math.floor(SOURCE_CAP_SHARE * window + 1e-9));
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
    // One card per story.
    if (a.article.storyId && a.article.storyId === b.article.storyId) return -1;
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
  const scan = (level: number, eligible: ((c: Candidate) => boolean) | undefined): number => {
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      if (removed[i]) continue;
      const c = kept[i]!;
      const rel = c.relevance * relScale;
      if (MMR_LAMBDA * rel < bestValue) break;
      if (eligible && !eligible(c)) continue;
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
  /** Best pick among the eligible, relaxing the source cap; -1 when there is none. */
  const scanOwed = (eligible: (c: Candidate) => boolean): number => {
    for (let level = 0; level < 2; level++) {
      const pick = scan(level, eligible);
      if (pick >= 0) return pick;
    }
    return -1;
  };

  // Each declared interest has a floor of its own (interestFloorShare per part, within the
  // declared share), so a popular one picked on its merits does not take another's place; the
  // rest of the declared share goes to the interests in turn, as a group.
  const parts = new Map<string, number>();
  for (const category of options.declared) parts.set(category, (parts.get(category) ?? 0) + 1);
  const interests = [...parts.keys()];
  const partShare = Math.min(
    options.interestFloorShare,
    options.declaredShare / Math.max(1, options.declared.length),
  );
  /** Each interest's own floor per slot, and how it is picked; computed once for the page. */
  const floors = interests.map((category) => ({
    category,
    share: options.skippedInterests?.has(category) ? 0 : parts.get(category)! * partShare,
    pick: () => pickInterest(category),
  }));
  const interestCount = new Map(interests.map((c) => [c, 0]));
  const declared = new Set(interests);
  /** Carries a declared interest, primary or not (discovery looks beyond these). */
  const isDeclared = (c: Candidate) => c.categories.some((cat) => declared.has(cat));
  // Candidates only leave the pool and counts only grow: a bucket that came up empty stays so.
  const drained = new Set<string>();
  // An interest is the label a reader sees: its floor, turns and share are filled and counted
  // by the articles whose primary category (their card's label) it is; one merely carrying it
  // (a World News article with a secondary Science) fills a turn, and counts, only once no
  // primary candidate of it is left.
  const primaryDrained = new Set<string>();
  const countsFor = (c: Candidate, category: string): boolean =>
    c.categories[0] === category ||
    (primaryDrained.has(category) && c.categories.includes(category));
  /** Counts for the declared share: its label is an interest (or stands in for one). */
  const countsDeclared = (c: Candidate) => {
    for (const cat of c.categories) if (declared.has(cat) && countsFor(c, cat)) return true;
    return false;
  };
  const pickInterest = (category: string): number => {
    if (drained.has(category)) return -1;
    if (!primaryDrained.has(category)) {
      const pick = scanOwed((c) => c.categories[0] === category);
      if (pick >= 0) return pick;
      primaryDrained.add(category);
    }
    const pick = scanOwed((c) => c.categories.includes(category));
    if (pick < 0) drained.add(category);
    return pick;
  };
  let rotation = 0;
  const pickDeclared = (): number => {
    const topics = options.declared;
    for (let k = 0; k < topics.length; k++) {
      const category = topics[(rotation + k) % topics.length]!;
      const pick = pickInterest(category);
      if (pick >= 0) {
        rotation = (rotation + k + 1) % topics.length;
        return pick;
      }
    }
    return -1;
  };
  /** A taught subject before a learned topic: the story the reader liked, then its section. */
  const learnedKinds: Array<[string, (c: Candidate) => boolean]> = [
    ['#up', (c) => c.steeredUp],
    ['#subject', (c) => c.subjectMatch !== undefined],
    ['#learned', (c) => c.learned],
  ];
  const pickLearned = (): number => {
    for (const [kind, eligible] of learnedKinds) {
      if (drained.has(kind)) continue;
      const pick = scanOwed(eligible);
      if (pick >= 0) return pick;
      drained.add(kind);
    }
    return -1;
  };

  // Discovery: for a reader whose subject is not known yet, the newest stories of sections
  // they said nothing about (not declared, taught or pushed back), spread by the same MMR;
  // scanned newest first, with the same bound.
  const discoveryShare = options.discoveryShare ?? 0;
  const isDiscovery = (c: Candidate) =>
    c.categories.length > 0 && !isDeclared(c) && !c.learned && c.pushBack >= 1;
  const byFreshness =
    discoveryShare > 0
      ? kept
          .map((c, i) => ({ i, value: c.freshness, hash: c.hash }))
          .filter(({ i }) => isDiscovery(kept[i]!))
          .sort((a, b) => b.value - a.value || a.hash - b.hash)
      : [];
  const pickDiscovery = (): number => {
    for (let level = 0; level < 2; level++) {
      let best = -1;
      let bestValue = Number.NEGATIVE_INFINITY;
      for (const { i, value: fresh } of byFreshness) {
        if (removed[i]) continue;
        if (MMR_LAMBDA * fresh < bestValue) break;
        if (MMR_LAMBDA * fresh - (1 - MMR_LAMBDA) * maxSim[i]! < bestValue) continue;
        if (!capsOk(i, level)) continue;
        if (!refresh(i)) continue;
        const value = MMR_LAMBDA * fresh - (1 - MMR_LAMBDA) * maxSim[i]!;
        if (value > bestValue || (value === bestValue && kept[i]!.hash < kept[best]!.hash)) {
          bestValue = value;
          best = i;
        }
      }
      if (best >= 0) return best;
    }
    return -1;
  };

  /** The best of everything; while discovering, another section before one pushed back. */
  const pickFree = (): number => {
    let pick = -1;
    for (let level = 0; level < 4 && pick < 0; level++) pick = scan(level, undefined);
    const c = pick >= 0 ? kept[pick]! : undefined;
    if (discoveryShare > 0 && c && c.pushBack < 1 && !isDeclared(c)) {
      const other = pickDiscovery();
      if (other >= 0) return other;
    }
    return pick;
  };

  let declaredCount = 0;
  let learnedCount = 0;
  let discoveryCount = 0;
  for (let slot = 0; slot < size; slot++) {
    const inBlock = slot % PAGE_BLOCK;
    if (inBlock === 0) {
      declaredCount = learnedCount = discoveryCount = 0;
      for (const c of interests) interestCount.set(c, 0);
    }
    if (slot % window === 0) {
      categoryCount.fill(0);
      sourceCount.fill(0);
    }
    // What each bucket is owed by the end of this slot, pro rata over the block; the most
    // behind picks first (ties: each interest's floor, in turn order, then the group, then
    // what was learned).
    const owed = floors.map(({ category, share, pick }) => ({
      pick,
      due: share * (inBlock + 1) - interestCount.get(category)!,
    }));
    owed.push(
      { pick: pickDeclared, due: options.declaredShare * (inBlock + 1) - declaredCount },
      { pick: pickLearned, due: options.learnedShare * (inBlock + 1) - learnedCount },
      { pick: pickDiscovery, due: discoveryShare * (inBlock + 1) - discoveryCount },
    );
    owed.sort((a, b) => b.due - a.due);
    let pick = -1;
    for (const bucket of owed) if (pick < 0 && bucket.due > 1e-9) pick = bucket.pick();
    if (pick < 0) pick = pickFree();
    if (pick < 0) break;
    selected.push(pick);
    removed[pick] = 1;
    const c = kept[pick]!;
    if (countsDeclared(c)) declaredCount += 1;
    for (const category of c.categories) {
      const count = interestCount.get(category);
      if (count !== undefined && countsFor(c, category)) interestCount.set(category, count + 1);
    }
    // A learned topic's article picked on its merits does not use up the taught subject's share.
    if (c.steeredUp || c.subjectMatch || (c.learned && drained.has('#subject'))) learnedCount += 1;
    if (discoveryShare > 0 && isDiscovery(c)) {
      discoveryCount += 1;
      c.discovery = true;
    }
    for (const cat of categoriesOf[pick]!) categoryCount[cat]! += 1;
    sourceCount[sourceOf[pick]!]! += 1;
  }
  return selected;
}
