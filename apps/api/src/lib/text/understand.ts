import type { CategoryId } from '@lede/shared';
import { categorizeDetailed } from './categorize.js';
import { salientTerms, topPhrases, type PhraseCorpus, type SalientTerm } from './keywords.js';
import { contentWords } from './tokens.js';

/** What Lede knows of an article, made once when it is stored (README.md). */
export interface ArticleUnderstanding {
  /** Primary first: the one a card, a page and Explore show. */
  categories: CategoryId[];
  categoryScores: number[];
  /** The primary category, then the names and phrases a reader sees as pills (no lone common nouns). */
  keywords: string[];
  /** Salient names, noun phrases and nouns, heaviest first, with `termWeights`. */
  terms: string[];
  termWeights: number[];
  /** Distinct content words of the title and description: what a search matches. */
  words: string[];
}

export interface ArticleText {
  title: string;
  description: string;
  /** The source's own sections (HuffPost section, RSS `<category>`...). */
  sourceCategories?: readonly string[];
}

/** Terms kept per article: enough for subjects, reasons and "More like this". */
export const MAX_TERMS = 24;
/** Pills beside the category. */
const MAX_PILLS = 7;

/** A pill names something: a name, a noun phrase or a proper noun, never a lone common noun. */
const isEntityOrPhrase = (t: SalientTerm) => t.kind !== 'word' || t.proper === true;

/** Rounds a weight to 3 decimals: stored as real, compared across articles. */
const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Understands one article: its categories, its salient terms weighed in `corpus` (the other
 * items: the seed, or the stored statistics plus the batch being ingested) and its words.
 */
export function understandArticle(text: ArticleText, corpus?: PhraseCorpus): ArticleUnderstanding {
  const detail = categorizeDetailed({
    sourceCategories: [...(text.sourceCategories ?? [])],
    title: text.title,
    description: text.description,
  });
  const salient = salientTerms(text.title, text.description, corpus).slice(0, MAX_TERMS);
  const categories = detail.categories;
  return {
    categories,
    categoryScores: detail.scores.map(round),
    keywords: [
      ...categories.slice(0, 1),
      ...topPhrases(salient.filter(isEntityOrPhrase), MAX_PILLS),
    ],
    terms: salient.map((t) => t.key),
    termWeights: salient.map((t) => round(t.weight)),
    words: [...new Set(contentWords(`${text.title} ${text.description}`))],
  };
}
