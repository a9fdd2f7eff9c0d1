import type { CategoryId } from '@lede/shared';
import { CATEGORY_LEXICON, mapSourceCategory } from './categorize.js';
import { trainCategoryModel, type CategoryModelJson, type LabelledText } from './category-model.js';

/**
 * How the category model (category-model.ts) is fitted on a labelled corpus: which items teach
 * it, and which lexicon terms are names. Used by scripts/train-category-model.ts and, fold by
 * fold, by tools/eval-text/categories.ts.
 */

/** One item of a corpus: its text and its source's own section. */
export interface SectionedText {
  title: string;
  description: string;
  section: string;
}

/** The one category a section maps onto, or undefined when it maps onto none or several. */
export function sectionCategory(section: string): CategoryId | undefined {
  const ids = mapSourceCategory(section);
  return ids.length === 1 ? ids[0] : undefined;
}

/** The items whose section says their category: what the model learns from and is measured on. */
export function labelledItems(items: Iterable<SectionedText>): LabelledText[] {
  const out: LabelledText[] = [];
  for (const { title, description, section } of items) {
    const category = sectionCategory(section);
    if (category) out.push({ title, description, category });
  }
  return out;
}

/** A name is written capitalised inside a sentence at least this often... */
const NAME_SHARE = 0.8;
/** ...in at least this many occurrences. */
const NAME_MIN = 3;

/**
 * The single-word lexicon terms the corpus writes as names: capitalised in at least 80 % of
 * their occurrences that do not open a sentence, in titles written in sentence case and in
 * descriptions ("Trump", "NASA", "Netflix"; not "science", "star").
 */
export function lexiconNames(items: Iterable<{ title: string; description: string }>): string[] {
  const terms = new Set<string>();
  for (const lexicon of Object.values(CATEGORY_LEXICON))
    for (const [term, weight] of Object.entries(lexicon))
      if (weight > 0 && /^[a-z][a-z0-9]+$/.test(term)) terms.add(term);
  const seen = new Map<string, { all: number; upper: number }>();
  const count = (text: string) => {
    for (const m of text.matchAll(/(^|[.!?:"“]\s+|\s)([A-Za-z][A-Za-z0-9]+)/g)) {
      if (m[1] !== ' ' && m[1] !== '\t' && m[1] !== '\n') continue; // opens a sentence
      const word = m[2]!.toLowerCase();
      if (!terms.has(word)) continue;
      const s = seen.get(word) ?? { all: 0, upper: 0 };
      s.all += 1;
      if (/^[A-Z]/.test(m[2]!)) s.upper += 1;
      seen.set(word, s);
    }
  };
  for (const { title, description } of items) {
    count(description);
    // A Title Case headline capitalises every word: it says nothing about names.
    const words = title.split(/\s+/).filter((w) => /^[A-Za-z]{4,}/.test(w));
    if (words.filter((w) => /^[A-Z]/.test(w)).length <= 0.6 * words.length) count(title);
  }
  return [...seen]
    .filter(([, s]) => s.all >= NAME_MIN && s.upper >= NAME_SHARE * s.all)
    .map(([w]) => w)
    .sort();
}

/** The model fitted on a corpus: naive Bayes on its labelled items, names from all of it. */
export function fitCategoryModel(items: readonly SectionedText[]): CategoryModelJson {
  return trainCategoryModel(labelledItems(items), lexiconNames(items));
}
