import { createHash } from 'node:crypto';
import type { CorpusStats } from '../../src/lib/text/index.js';
import type { ClusteringOptions } from '../../src/modules/stories/index.js';
import type { BCubed } from './bcubed.js';
import { replay, type LabelledHeadline } from './run.js';

/**
 * Out-of-fold scores: the stories split into folds by a hash of their label; for each fold the
 * options are chosen on the other folds and scored on this one. Every replay holds the whole
 * stream (a fold's headlines meet the others' as they would live); an item is scored against
 * its whole cluster, so a held-out report merged into a tuning story costs precision.
 */

/** The fold of a story: a hash of its label. */
export function foldOf(story: string, folds: number): number {
  return createHash('sha256').update(story).digest().readUInt32BE(0) % folds;
}

/** BCubed averaged over the items `scored[i]` marks, each against all items. */
export function bcubedOn(
  predicted: readonly string[],
  gold: readonly string[],
  scored: (i: number) => boolean,
): BCubed {
  const both = new Map<string, number>();
  const inPredicted = new Map<string, number>();
  const inGold = new Map<string, number>();
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  predicted.forEach((p, i) => {
    bump(both, `${p}\u0000${gold[i]}`);
    bump(inPredicted, p);
    bump(inGold, gold[i]!);
  });
  let precision = 0;
  let recall = 0;
  let n = 0;
  predicted.forEach((p, i) => {
    if (!scored(i)) return;
    const shared = both.get(`${p}\u0000${gold[i]}`)!;
    precision += shared / inPredicted.get(p)!;
    recall += shared / inGold.get(gold[i]!)!;
    n += 1;
  });
  if (n === 0) return { precision: 0, recall: 0, f1: 0 };
  precision /= n;
  recall /= n;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

export const FOLDS = 4;

/** The options tried on the tuning folds: the thresholds around the defaults. */
export const TUNING_GRID: readonly Partial<ClusteringOptions>[] = [0.05, 0.1, 0.15].flatMap(
  (joinThreshold) =>
    [0.25, 0.3, 0.35].flatMap((mergeThreshold) =>
      [0.35, 0.5].map((strongScore) => ({ joinThreshold, mergeThreshold, strongScore })),
    ),
);

/** The choice on the tuning folds: best F1 at precision ≥ this, else the most precise. */
export const TUNE_MIN_PRECISION = 0.92;

export interface FoldResult {
  fold: number;
  headlines: number;
  chosen: Partial<ClusteringOptions>;
  tuning: BCubed;
  heldOut: BCubed;
}

export function outOfFold(
  rows: readonly LabelledHeadline[],
  grid: readonly Partial<ClusteringOptions>[],
  stats: CorpusStats,
  folds = FOLDS,
): { folds: FoldResult[]; pooled: BCubed } {
  const gold = rows.map((r) => r.story);
  const fold = rows.map((r) => foldOf(r.story, folds));
  const runs = grid.map((options) => replay(rows, options, stats).clusters);
  const results: FoldResult[] = [];
  const chosenRun: number[] = [];
  for (let f = 0; f < folds; f++) {
    const tuning = runs.map((clusters) => bcubedOn(clusters, gold, (i) => fold[i] !== f));
    const precise = tuning.flatMap((t, g) => (t.precision >= TUNE_MIN_PRECISION ? [g] : []));
    const best = precise.length
      ? precise.reduce((a, b) => (tuning[b]!.f1 > tuning[a]!.f1 ? b : a))
      : tuning.reduce((a, t, g) => (t.precision > tuning[a]!.precision ? g : a), 0);
    chosenRun[f] = best;
    results.push({
      fold: f,
      headlines: fold.filter((x) => x === f).length,
      chosen: grid[best]!,
      tuning: tuning[best]!,
      heldOut: bcubedOn(runs[best]!, gold, (i) => fold[i] === f),
    });
  }
  // Pooled: each item scored in the run its fold chose, weighed by item.
  let precision = 0;
  let recall = 0;
  for (const r of results) {
    precision += r.heldOut.precision * r.headlines;
    recall += r.heldOut.recall * r.headlines;
  }
  precision /= rows.length;
  recall /= rows.length;
  const f1 = (2 * precision * recall) / (precision + recall);
  return { folds: results, pooled: { precision, recall, f1 } };
}
