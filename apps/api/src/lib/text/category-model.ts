import { readFileSync } from 'node:fs';
import { CATEGORY_IDS, type CategoryId } from '@lede/shared';
import { contentWords } from './tokens.js';

/**
 * The small trained half of categorisation: a multinomial naive Bayes over the content words
 * (tokens.ts) of an item's title and description, trained on the bundled corpus's items whose
 * HuffPost section maps onto exactly one of our categories (scripts/train-category-model.ts
 * writes it to apps/api/data/category-model.json; tools/eval-text/categories.ts measures it out
 * of fold). It decides when the lexicon says little or nothing, so every item gets a primary
 * category. Pure once loaded.
 */

/** The stored model: raw counts, so that it stays small and can be refitted on part of a corpus. */
export interface CategoryModelJson {
  version: 1;
  /** The categories, in the order of every array below. */
  categories: CategoryId[];
  /** Training items per category. */
  docs: number[];
  /** Word occurrences per category (all words, kept or not). */
  totals: number[];
  /** Kept words → [category index, count, category index, count, ...]. */
  words: Record<string, number[]>;
  /**
   * Lexicon terms that are names themselves ("trump", "nasa", "netflix"): written capitalised
   * inside a sentence in most of their occurrences in the corpus. They count for a category even
   * inside a longer name ("Donald Trump"); a common word ("science", "star") does not.
   */
  names: string[];
}

export interface LabelledText {
  title: string;
  description: string;
  category: CategoryId;
}

/** Title words count this many times. */
const TITLE_WEIGHT = 2;
/** A word must occur in this many training items to be kept. */
const MIN_DOCS = 2;
/** Additive smoothing of word probabilities. */
const ALPHA = 0.5;
/**
 * The class prior is raised to this power: the corpus is 43 % politics, and a full prior would
 * send every vague item there.
 */
const PRIOR_POWER = 0.3;
/**
 * The log-likelihood is divided by the number of words to this power before the softmax, so a
 * long text does not make naive Bayes certain of everything.
 */
const LENGTH_POWER = 0.5;

/** The weighted word counts of an item. */
export function itemWords(title: string, description: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const w of contentWords(title)) out.set(w, (out.get(w) ?? 0) + TITLE_WEIGHT);
  for (const w of contentWords(description)) out.set(w, (out.get(w) ?? 0) + 1);
  return out;
}

/** Fits the counts of a model on labelled items (the `names` are passed through). */
export function trainCategoryModel(
  items: Iterable<LabelledText>,
  names: readonly string[] = [],
): CategoryModelJson {
  const categories = [...CATEGORY_IDS];
  const index = new Map(categories.map((c, i) => [c, i]));
  const docs = categories.map(() => 0);
  const totals = categories.map(() => 0);
  const counts = new Map<string, number[]>();
  const docFreq = new Map<string, number>();
  for (const item of items) {
    const c = index.get(item.category);
    if (c === undefined) continue;
    docs[c]! += 1;
    for (const [w, n] of itemWords(item.title, item.description)) {
      totals[c]! += n;
      docFreq.set(w, (docFreq.get(w) ?? 0) + 1);
      let row = counts.get(w);
      if (!row) counts.set(w, (row = categories.map(() => 0)));
      row[c]! += n;
    }
  }
  const words: Record<string, number[]> = {};
  for (const w of [...counts.keys()].sort()) {
    if ((docFreq.get(w) ?? 0) < MIN_DOCS) continue;
    const sparse: number[] = [];
    counts.get(w)!.forEach((n, c) => {
      if (n > 0) sparse.push(c, n);
    });
    words[w] = sparse;
  }
  return { version: 1, categories, docs, totals, words, names: [...names].sort() };
}

/** A model ready to score: log probabilities. */
export interface CategoryModel {
  categories: CategoryId[];
  /** log P(category), flattened (PRIOR_POWER); -Infinity for a category with no items. */
  logPrior: number[];
  /** log P(word | category) of an unseen count (the smoothing alone). */
  logUnseen: number[];
  logWord: Map<string, number[]>;
  names: ReadonlySet<string>;
}

export function compileCategoryModel(json: CategoryModelJson): CategoryModel {
  const vocab = Object.keys(json.words).length;
  const allDocs = json.docs.reduce((a, b) => a + b, 0) || 1;
  const keptTotals = json.categories.map(() => 0);
  for (const sparse of Object.values(json.words))
    for (let i = 0; i < sparse.length; i += 2) keptTotals[sparse[i]!]! += sparse[i + 1]!;
  const denom = keptTotals.map((t) => Math.log(t + ALPHA * vocab));
  const logUnseen = denom.map((d) => Math.log(ALPHA) - d);
  const logWord = new Map<string, number[]>();
  for (const [w, sparse] of Object.entries(json.words)) {
    const row = [...logUnseen];
    for (let i = 0; i < sparse.length; i += 2)
      row[sparse[i]!] = Math.log(sparse[i + 1]! + ALPHA) - denom[sparse[i]!]!;
    logWord.set(w, row);
  }
  const logPrior = json.docs.map((d) =>
    d > 0 ? PRIOR_POWER * Math.log(d / allDocs) : Number.NEGATIVE_INFINITY,
  );
  return {
    categories: json.categories,
    logPrior,
    logUnseen,
    logWord,
    names: new Set(json.names),
  };
}

/**
 * P(category | text) for every category, in CATEGORY_IDS order, summing to 1: a category with
 * no training items gets 0. A text with no known word gets the (flattened) prior.
 */
export function categoryPosterior(
  model: CategoryModel,
  title: string,
  description: string,
): Map<CategoryId, number> {
  const scores = model.logPrior.map(() => 0);
  let n = 0;
  for (const [w, count] of itemWords(title, description)) {
    const row = model.logWord.get(w);
    if (!row) continue;
    n += count;
    for (let c = 0; c < row.length; c++) scores[c]! += count * row[c]!;
  }
  const scale = n > 0 ? Math.pow(n, LENGTH_POWER) : 1;
  const logits = scores.map((s, c) => s / scale + model.logPrior[c]!);
  const max = Math.max(...logits.filter(Number.isFinite));
  const exp = logits.map((l) => (Number.isFinite(l) ? Math.exp(l - max) : 0));
  const sum = exp.reduce((a, b) => a + b, 0) || 1;
  return new Map(model.categories.map((c, i) => [c, exp[i]! / sum]));
}

/** apps/api/data/category-model.json: three levels up in both the source and the built layout. */
export const CATEGORY_MODEL_URL = new URL('../../../data/category-model.json', import.meta.url);

let bundled: CategoryModel | null | undefined;

/** The bundled model (loaded once); null when the file is missing, the lexicon then decides alone. */
export function bundledCategoryModel(): CategoryModel | null {
  if (bundled === undefined) {
    try {
      bundled = compileCategoryModel(
        JSON.parse(readFileSync(CATEGORY_MODEL_URL, 'utf8')) as CategoryModelJson,
      );
    } catch {
      bundled = null;
    }
  }
  return bundled;
}
