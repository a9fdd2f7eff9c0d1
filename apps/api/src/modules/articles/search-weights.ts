/**
 * How much each term of a search weighs, how much of it an article must match, and which terms
 * an article has to hold at least one of to get there (the candidates the statement reads).
 * Pure: the document frequencies come from search.repository.ts.
 */
import type { ParsedSearch } from './search-query.js';

/** Up to this many terms, every one must match (`covid vaccine`, `c++`): no weights are read. */
export const ALL_TERMS_UP_TO = 2;

/**
 * The share of a search's weight an article must match, by its number of terms: two of three,
 * half of four, and from five terms (a question) 30 %: enough that one common word never
 * qualifies an article, as a question's words are rarely all in one headline.
 */
export function requiredShare(terms: number): number {
  if (terms <= ALL_TERMS_UP_TO) return 1;
  if (terms === 3) return 0.6;
  if (terms === 4) return 0.5;
  return 0.3;
}

/**
 * And at least this share of the best match's weight: the articles matching most of a question,
 * not those matching a third of it when one matches three quarters.
 */
export const SHARE_OF_BEST = 0.4;

/** Two terms typed one after the other, found side by side, add this share of their weight. */
export const PAIR_BONUS = 0.25;

/**
 * Rarity: BM25's inverse document frequency, ln(1 + (N − df + 0.5) / (df + 0.5)), always above
 * zero; a term no article holds weighs nothing (a typo never makes a question unanswerable).
 */
export function inverseDocumentFrequency(documentFrequency: number, articles: number): number {
  if (documentFrequency <= 0) return 0;
  const n = Math.max(articles, documentFrequency);
  return Math.log(1 + (n - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

export interface SearchWeights {
  /** Per term (ParsedSearch.terms order). */
  weights: number[];
  /** Their sum. */
  total: number;
  /** The least matched weight an article is shown with. */
  needed: number;
  /**
   * `all`: every term must match, and the candidates are the articles matching all of them.
   * `any`: the candidates are the articles matching one of `candidateTerms` (indices), the terms
   * without which `needed` cannot be reached.
   */
  mode: 'all' | 'any';
  candidateTerms: number[];
}

/**
 * A short search's weights, read without frequencies: every term required, equal weights; null
 * for a longer one. When a term has alternatives that a text query and the words cannot both
 * require at once ("c++ or java"), the candidates are those matching any term, all then required.
 */
export function weightsWithoutFrequencies(search: ParsedSearch): SearchWeights | null {
  if (search.terms.length > ALL_TERMS_UP_TO) return null;
  const weights = search.terms.map(() => 1);
  const together = search.terms.every(
    (term) => term.alternatives.length === 1 || term.alternatives.every((alt) => alt.tsQuery),
  );
  return {
    weights,
    total: weights.length,
    // Float sums: a hair below the total.
    needed: weights.length - 1e-9,
    mode: together ? 'all' : 'any',
    candidateTerms: weights.map((_, i) => i),
  };
}

/**
 * The weights of a longer search from its terms' document frequencies; null when no article
 * holds any of its terms. The commonest terms whose weights together stay below `needed` cannot
 * qualify an article alone, so a candidate holds at least one of the others (the rarer ones):
 * reading only those keeps a long question as cheap as its rare words.
 */
export function weighedTerms(
  documentFrequencies: readonly number[],
  articles: number,
): SearchWeights | null {
  const weights = documentFrequencies.map((df) => inverseDocumentFrequency(df, articles));
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) return null;
  const needed = total * requiredShare(weights.length) - 1e-9;
  const byWeight = weights.map((w, i) => ({ w, i })).sort((a, b) => a.w - b.w || a.i - b.i);
  let left = 0;
  const candidateTerms: number[] = [];
  for (const { w, i } of byWeight) {
    if (w <= 0) continue;
    if (left + w < needed) left += w;
    else candidateTerms.push(i);
  }
  return {
    weights,
    total,
    needed,
    mode: 'any',
    candidateTerms: candidateTerms.sort((a, b) => a - b),
  };
}
