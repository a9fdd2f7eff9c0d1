import { tokenize } from '../../src/lib/text/index.js';

/**
 * The plain baseline: single-pass TF-IDF clustering of headlines. Each headline's words
 * (English function words dropped) are weighed by TF-IDF with document frequencies counted so
 * far, fixed and normalised on arrival; it joins the cluster whose centroid it is most
 * cosine-similar to, when that is at least `threshold`, or starts one.
 */
const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  `a an and are as at be been but by for from has have he her his i in is it its of on or our she
  that the their they this to was we were will with you your not no`.split(/\s+/),
);

export function baselineClusters(titles: readonly string[], threshold: number): string[] {
  const df = new Map<string, number>();
  const centroids: Array<Map<string, number>> = [];
  const postings = new Map<string, number[]>();
  const out: string[] = [];
  titles.forEach((title, i) => {
    const tf = new Map<string, number>();
    for (const w of tokenize(title)) if (!FUNCTION_WORDS.has(w)) tf.set(w, (tf.get(w) ?? 0) + 1);
    for (const w of tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
    const vector = new Map<string, number>();
    for (const [w, n] of tf) vector.set(w, n * (Math.log((i + 2) / (df.get(w)! + 1)) + 1));
    const norm = Math.hypot(...vector.values()) || 1;
    for (const [w, x] of vector) vector.set(w, x / norm);

    const dots = new Map<number, number>();
    for (const [w, x] of vector)
      for (const c of postings.get(w) ?? [])
        dots.set(c, (dots.get(c) ?? 0) + x * centroids[c]!.get(w)!);
    let best = -1;
    let bestScore = 0;
    for (const [c, dot] of dots) {
      const score = dot / Math.hypot(...centroids[c]!.values());
      if (score > bestScore || (score === bestScore && c < best)) [best, bestScore] = [c, score];
    }
    if (best < 0 || bestScore < threshold) {
      best = centroids.length;
      centroids.push(new Map());
    }
    const centroid = centroids[best]!;
    for (const [w, x] of vector) {
      if (!centroid.has(w)) postings.set(w, [...(postings.get(w) ?? []), best]);
      centroid.set(w, (centroid.get(w) ?? 0) + x);
    }
    out.push(String(best));
  });
  return out;
}
