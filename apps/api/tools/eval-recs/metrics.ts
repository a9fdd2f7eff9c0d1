/**
 * Ranking metrics for the offline evaluation (binary relevance).
 */

/** nDCG@k with binary gains: DCG of the list over the DCG of a perfect list. */
export function ndcgAt(
  k: number,
  ranked: readonly string[],
  positives: ReadonlySet<string>,
): number {
  if (positives.size === 0) return 0;
  let dcg = 0;
  const n = Math.min(k, ranked.length);
  for (let i = 0; i < n; i++) if (positives.has(ranked[i]!)) dcg += 1 / Math.log2(i + 2);
  let ideal = 0;
  for (let i = 0; i < Math.min(k, positives.size); i++) ideal += 1 / Math.log2(i + 2);
  return dcg / ideal;
}

/**
 * recall@k, normalised by what a list of k can hold: hits / min(k, |positives|),
 * so a perfect list scores 1 even when the reader would like more than k items.
 */
export function recallAt(
  k: number,
  ranked: readonly string[],
  positives: ReadonlySet<string>,
): number {
  if (positives.size === 0) return 0;
  let hits = 0;
  const n = Math.min(k, ranked.length);
  for (let i = 0; i < n; i++) if (positives.has(ranked[i]!)) hits += 1;
  return hits / Math.min(k, positives.size);
}

/** precision@k: share of the first k places (k, even when the list is shorter) that are hits. */
export function precisionAt(
  k: number,
  ranked: readonly string[],
  hits: ReadonlySet<string>,
): number {
  let n = 0;
  for (let i = 0; i < Math.min(k, ranked.length); i++) if (hits.has(ranked[i]!)) n += 1;
  return n / k;
}

/**
 * Intra-list diversity: mean over all pairs of 1 − Jaccard(categories)
 * (an article without categories counts as the single category "(none)").
 * 0 for lists shorter than 2.
 */
export function intraListDiversity(categoryLists: ReadonlyArray<readonly string[]>): number {
  const sets = categoryLists.map((c) => new Set(c.length > 0 ? c : ['(none)']));
  let total = 0;
  let pairs = 0;
  for (let i = 0; i < sets.length; i++) {
    for (let j = i + 1; j < sets.length; j++) {
      const a = sets[i]!;
      const b = sets[j]!;
      let shared = 0;
      for (const x of a) if (b.has(x)) shared += 1;
      total += 1 - shared / (a.size + b.size - shared);
      pairs += 1;
    }
  }
  return pairs > 0 ? total / pairs : 0;
}

/** Streaming mean. */
export class Mean {
  private sum = 0;
  private n = 0;
  add(value: number): void {
    this.sum += value;
    this.n += 1;
  }
  get count(): number {
    return this.n;
  }
  get value(): number {
    return this.n > 0 ? this.sum / this.n : 0;
  }
}
