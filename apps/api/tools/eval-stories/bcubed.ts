/** BCubed precision, recall and F1 (Bagga & Baldwin 1998; Amigó et al. 2009), item-averaged. */
export interface BCubed {
  precision: number;
  recall: number;
  f1: number;
}

/** `predicted[i]` and `gold[i]` are the cluster and the label of item i. */
export function bcubed(predicted: readonly string[], gold: readonly string[]): BCubed {
  if (predicted.length !== gold.length) throw new Error('predicted and gold differ in length');
  const n = predicted.length;
  if (n === 0) return { precision: 0, recall: 0, f1: 0 };
  const both = new Map<string, number>();
  const inPredicted = new Map<string, number>();
  const inGold = new Map<string, number>();
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  for (let i = 0; i < n; i++) {
    bump(both, JSON.stringify([predicted[i], gold[i]]));
    bump(inPredicted, predicted[i]!);
    bump(inGold, gold[i]!);
  }
  let precision = 0;
  let recall = 0;
  for (let i = 0; i < n; i++) {
    const shared = both.get(JSON.stringify([predicted[i], gold[i]]))!;
    precision += shared / inPredicted.get(predicted[i]!)!;
    recall += shared / inGold.get(gold[i]!)!;
  }
  precision /= n;
  recall /= n;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}
