import { normalizeText, STOPWORDS } from './tokens.js';
import { CATEGORY_IDS } from '@lede/shared';
import { findPhrases, type Phrase, type PhraseKind } from './phrases.js';

/**
 * Keyword extraction and title normalisation for news items. Pure and
 * deterministic.
 */

const CATEGORY_WORDS: ReadonlySet<string> = new Set(CATEGORY_IDS);

/** Weight of a title occurrence relative to a description occurrence. */
export const TITLE_WEIGHT = 3;
/** Names and multi-word phrases say more about a story than a single noun. */
const KIND_WEIGHT: Record<PhraseKind, number> = { name: 1.6, phrase: 1.3, word: 1 };
/** A key in more than this share of a corpus of at least MIN_CORPUS items names no subject. */
const MAX_DF_SHARE = 0.08;
const MIN_CORPUS = 200;

/** How often keys occur across a corpus: the weight that makes a phrase salient. */
export interface PhraseCorpus {
  /** Items counted. */
  total: number;
  /** Other items carrying the key among their keywords or phrases. */
  documentFrequency(key: string): number;
}

/** How many of a set of items carry each phrase key. */
export interface PhraseCounts {
  total: number;
  counts: ReadonlyMap<string, number>;
}

export function countPhrases(
  items: Iterable<{ title: string; description: string }>,
): PhraseCounts {
  const counts = new Map<string, number>();
  let total = 0;
  for (const item of items) {
    total += 1;
    for (const p of findPhrases(item.title, item.description))
      counts.set(p.key, (counts.get(p.key) ?? 0) + 1);
  }
  return { total, counts };
}

/**
 * The statistics for extracting the keywords of `batch`'s own items (each item's own occurrence
 * left out of the counts it is asked about), on top of `stored` ones (other items) if given.
 */
export function batchCorpus(batch: PhraseCounts, stored?: PhraseCounts): PhraseCorpus {
  return {
    total: batch.total + (stored?.total ?? 0),
    documentFrequency: (key) =>
      Math.max(0, (batch.counts.get(key) ?? 0) - 1) + (stored?.counts.get(key) ?? 0),
  };
}

/** The phrase statistics of a batch of items, for extracting those same items' keywords. */
export const phraseCorpusOf = (items: Iterable<{ title: string; description: string }>) =>
  batchCorpus(countPhrases(items));

/** A salient term of an item: a name, noun phrase or noun, and how much it says about it. */
export interface SalientTerm {
  key: string;
  kind: PhraseKind;
  weight: number;
  /** A single word read as a proper noun: an entity, not a common noun. */
  proper?: boolean;
}

/**
 * The salient phrases of an item (phrases.ts: names, noun phrases, single nouns), heaviest
 * first. Weight = (3 × title occurrences + description occurrences) × kind weight × IDF in
 * `corpus` (1 without one). In a corpus of 200 or more, keys in more than 8 % of it are left
 * out, as are title-only phrases no other item uses; so are stopwords and category words. Ties
 * keep the order of first appearance.
 */
export function salientTerms(
  title: string,
  description: string,
  corpus?: PhraseCorpus,
): SalientTerm[] {
  const known = corpus !== undefined && corpus.total >= MIN_CORPUS;
  const idf = (p: Phrase): number => {
    if (!corpus || corpus.total <= 0) return 1;
    const df = corpus.documentFrequency(p.key);
    if (known && df > MAX_DF_SHARE * corpus.total) return 0;
    // A title-only phrase no other item uses is more likely a mis-tagged verb ("fuels launches").
    if (known && df === 0 && p.description === 0 && p.key.includes(' ')) return 0;
    return Math.log((corpus.total + 1) / (df + 1)) + 1;
  };
  return findPhrases(title, description)
    .filter((p) => !CATEGORY_WORDS.has(p.key) && (p.kind !== 'word' || !STOPWORDS.has(p.key)))
    .map((p, order) => ({
      key: p.key,
      kind: p.kind,
      proper: p.proper === true,
      order,
      weight: (TITLE_WEIGHT * p.title + p.description) * KIND_WEIGHT[p.kind] * idf(p),
    }))
    .filter((p) => p.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map(({ key, kind, weight, proper }) => ({ key, kind, weight, ...(proper ? { proper } : {}) }));
}

/**
 * Keywords of an item: its category ids first (always all of them, even past `max`), then
 * its most salient phrases (`salientTerms`) up to `max` in total. A single word inside a
 * chosen phrase is not repeated ("fiona" beside "hurricane fiona").
 */
export function extractKeywords(
  title: string,
  description: string,
  categories: readonly string[],
  max = 8,
  corpus?: PhraseCorpus,
): string[] {
  const out: string[] = [];
  for (const c of categories) {
    const id = c.toLowerCase();
    if (!out.includes(id)) out.push(id);
  }
  return [...out, ...topPhrases(salientTerms(title, description, corpus), max - out.length)];
}

/** The first `max` keys of `terms`, skipping a single word already inside a chosen phrase. */
export function topPhrases(terms: readonly SalientTerm[], max: number): string[] {
  const out: string[] = [];
  const chosenWords = new Set<string>();
  for (const { key } of terms) {
    if (out.length >= max) break;
    if (!key.includes(' ') && chosenWords.has(key)) continue;
    out.push(key);
    for (const word of key.split(' ')) chosenWords.add(word);
  }
  return out;
}

/**
 * De-duplication key for a headline: drops a trailing " - Source Name" /
 * " | Source Name" suffix (at most 6 words, title part kept at ≥ 3 words),
 * strips diacritics and punctuation, lowercases, collapses whitespace.
 * "Café Opens – The Guardian" and "Cafe opens!" give the same key.
 */
export function normalizeTitle(title: string): string {
  let t = normalizeText(title).trim();
  const suffix = /\s+[-|]\s+([^-|]+)$/.exec(t);
  if (suffix) {
    const head = t.slice(0, suffix.index);
    const tail = suffix[1] ?? '';
    const tailWords = tail.trim().split(/\s+/).length;
    const headWords = head.trim().split(/\s+/).length;
    if (tailWords <= 6 && headWords >= 3 && !/[.?!]$/.test(tail.trim())) t = head;
  }
  return t
    .replace(/&/g, ' and ')
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
