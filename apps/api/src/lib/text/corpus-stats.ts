/**
 * Document frequencies kept incrementally: every article counted adds its features once. The
 * IDF of a feature is read at the time it is needed, so the weights sharpen as the corpus grows.
 */
export class CorpusStats {
  private readonly df = new Map<string, number>();
  total = 0;

  constructor(prior?: { total: number; documentFrequency: Iterable<[string, number]> }) {
    if (!prior) return;
    this.total = prior.total;
    for (const [key, n] of prior.documentFrequency) this.df.set(key, n);
  }

  copy(): CorpusStats {
    return new CorpusStats({ total: this.total, documentFrequency: this.df });
  }

  add(features: Iterable<string>): void {
    this.total += 1;
    for (const key of features) this.df.set(key, (this.df.get(key) ?? 0) + 1);
  }

  documentFrequency(key: string): number {
    return this.df.get(key) ?? 0;
  }

  /** Smoothed IDF, ≥ 1: a feature never seen weighs as much as the rarest one. */
  idf(key: string): number {
    return Math.log((this.total + 1) / ((this.df.get(key) ?? 0) + 1)) + 1;
  }
}
