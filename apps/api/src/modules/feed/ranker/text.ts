import { contentWords, stem, STOPWORDS } from '../../../lib/text/index.js';

/**
 * Text handling for the ranker: term counts of an article and title near-duplicate detection,
 * on the words of the one tokenizer (lib/text). Pure and deterministic.
 */

/** The ranker's terms of a text: the content words of the one tokenizer (lib/text). */
export const tokenize = contentWords;

/** `tokenize` for a keyword: already-lowercase single words take a fast path. */
const SIMPLE_TOKEN = /^[a-z]{2,}$/;
function tokenizeKeyword(keyword: string): string[] {
  if (!SIMPLE_TOKEN.test(keyword)) return contentWords(keyword);
  return STOPWORDS.has(keyword) ? [] : [stem(keyword)];
}

/** Weight of a title token relative to a description token. */
export const TITLE_TERM_WEIGHT = 2;

/**
 * Raw term frequencies of an article: title tokens count TITLE_TERM_WEIGHT,
 * description tokens and keyword tokens 1 each. The key set is what
 * `buildCorpusStats` counts as the article's terms. Also returns the distinct
 * title tokens (for near-duplicate detection) so the title is tokenised once.
 */
export function articleTerms(a: {
  title: string;
  description: string;
  keywords: readonly string[];
}): { counts: Map<string, number>; titleTokens: string[] } {
  const counts = new Map<string, number>();
  const add = (tokens: string[], weight: number) => {
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + weight);
  };
  const title = tokenize(a.title);
  add(title, TITLE_TERM_WEIGHT);
  add(tokenize(a.description), 1);
  for (const k of a.keywords) add(tokenizeKeyword(k), 1);
  return { counts, titleTokens: distinctSorted(title) };
}

function distinctSorted(tokens: readonly string[]): string[] {
  return [...new Set(tokens)].sort();
}

/** Distinct title tokens (stopwords dropped), sorted — the unit of title Jaccard. */
export function titleTokenList(title: string): string[] {
  return distinctSorted(tokenize(title));
}

/** Jaccard similarity of two distinct, sorted token lists (0 when either is empty). */
export function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return shared / (a.length + b.length - shared);
}

/** Title Jaccard at or above which two articles are the same story. */
export const NEAR_DUPLICATE_JACCARD = 0.6;
/** Titles with fewer distinct tokens than this only match on an identical titleKey. */
export const MIN_TOKENS_FOR_JACCARD = 3;

/** Near-duplicate test on precomputed title token sets (see `isNearDuplicate`). */
export function nearDuplicateTokens(
  aKey: string,
  aTokens: readonly string[],
  bKey: string,
  bTokens: readonly string[],
): boolean {
  if (aKey !== '' && aKey === bKey) return true;
  if (aTokens.length < MIN_TOKENS_FOR_JACCARD || bTokens.length < MIN_TOKENS_FOR_JACCARD) {
    return false;
  }
  return jaccard(aTokens, bTokens) >= NEAR_DUPLICATE_JACCARD;
}
