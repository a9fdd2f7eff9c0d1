/** "Readers who liked what you liked also liked this": item-to-item co-engagement. */

/**
 * Other readers who must have liked both i and j before "readers who liked i also liked j"
 * counts: below that, one or two accounts, possibly the author's own, would decide
 * what the reader is shown and the reason would claim a crowd that is not there.
 */
export const CO_ENGAGEMENT_MIN_READERS = 3;

/**
 * Item-to-item co-engagement: for every article j liked by other readers who
 * also liked something the user liked, score(j) = Σ_i co(i, j) / √(n_i · n_j)
 * over the user's positives i (co = readers who liked both, n = readers who
 * liked it), counting only the pairs with co(i, j) ≥ `minReaders`, so every
 * article returned and every title named has at least that many distinct other
 * readers behind it. Scores are scaled so the best is 1. `viaTitle` names the
 * user's article that contributes most (when `titles` knows it). Articles the
 * user already likes are not returned. Each set of `otherReaders` is one reader.
 */
export function coEngagementFor(
  userPositiveIds: ReadonlySet<string>,
  otherReaders: Iterable<ReadonlySet<string>>,
  titles?: ReadonlyMap<string, string>,
  { minReaders = CO_ENGAGEMENT_MIN_READERS } = {},
): Map<string, { score: number; viaTitle?: string }> {
  const out = new Map<string, { score: number; viaTitle?: string }>();
  if (userPositiveIds.size === 0) return out;
  const readers = [...otherReaders];
  const likedBy = new Map<string, number>();
  for (const r of readers) for (const id of r) likedBy.set(id, (likedBy.get(id) ?? 0) + 1);
  const co = new Map<string, Map<string, number>>();
  for (const r of readers) {
    const overlap: string[] = [];
    if (r.size <= userPositiveIds.size) {
      for (const id of r) if (userPositiveIds.has(id)) overlap.push(id);
    } else {
      for (const id of userPositiveIds) if (r.has(id)) overlap.push(id);
    }
    if (overlap.length === 0) continue;
    for (const j of r) {
      if (userPositiveIds.has(j)) continue;
      let row = co.get(j);
      if (!row) co.set(j, (row = new Map()));
      for (const i of overlap) row.set(i, (row.get(i) ?? 0) + 1);
    }
  }
  let max = 0;
  const raw: Array<[string, number, string]> = [];
  for (const [j, row] of co) {
    const nj = likedBy.get(j) ?? 1;
    let total = 0;
    let best = '';
    let bestValue = -1;
    for (const [i, c] of row) {
      if (c < minReaders) continue;
      const v = c / Math.sqrt((likedBy.get(i) ?? 1) * nj);
      total += v;
      if (v > bestValue || (v === bestValue && i < best)) {
        bestValue = v;
        best = i;
      }
    }
    if (bestValue < 0) continue;
    raw.push([j, total, best]);
    if (total > max) max = total;
  }
  for (const [j, total, via] of raw) {
    const viaTitle = titles?.get(via);
    out.set(j, viaTitle === undefined ? { score: total / max } : { score: total / max, viaTitle });
  }
  return out;
}
