/** The nearest-rank quantile `q` (0–1] of values sorted ascending; NaN when there are none. */
export function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
