/**
 * What an article is about, beyond its category: its salient terms as stored with it (lib/text:
 * names, noun phrases, nouns), or for an article without them its distinctive terms (the most
 * weighted TF-IDF terms rare enough to name a subject) and its names and noun phrases. The
 * Analyzer (vectors.ts) computes them once per article and caches them with its vector.
 */
import { CATEGORY_IDS } from '@lede/shared';
import { SUBJECT_MAX_DF_SHARE, SUBJECT_MIN_DF, SUBJECT_TERMS } from './tunables.js';

const CATEGORY_WORDS: ReadonlySet<string> = new Set(CATEGORY_IDS);

/** Highest document frequency a term may have and still name a subject. */
export function subjectMaxDf(totalDocuments: number): number {
  return Math.max(SUBJECT_MIN_DF, SUBJECT_MAX_DF_SHARE * totalDocuments);
}

/**
 * The article's SUBJECT_TERMS most weighted terms among those rare enough (df ≤ maxDf) and not
 * a category word; ties go alphabetically, so the choice is deterministic.
 */
export function distinctiveTerms(
  weighted: ReadonlyArray<{ term: string; weight: number; df: number }>,
  maxDf: number,
): string[] {
  return weighted
    .filter((t) => t.df <= maxDf && !CATEGORY_WORDS.has(t.term))
    .sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1))
    .slice(0, SUBJECT_TERMS)
    .map((t) => t.term);
}

export interface NamedEntity {
  /** The keyword phrase, lowercase ("hurricane fiona"): how phrases are compared. */
  key: string;
  /** The phrase as the article writes it ("Hurricane Fiona"), for reasons and the profile. */
  label: string;
}

const MAX_ENTITIES = 6;

/**
 * The subject features of an article whose salient terms were stored (lib/text/understand.ts:
 * names, noun phrases and nouns, heaviest first, IDF-weighed across the corpus): its
 * SUBJECT_TERMS heaviest terms that are not category words, a single word inside a phrase
 * already chosen left out ("fiona" beside "hurricane fiona": one piece of evidence, not two).
 * Single words are `terms`; names and phrases `entities`, labelled as the text writes them.
 */
export function storedSubjectFeatures(
  stored: readonly string[],
  title: string,
  description: string,
): { terms: string[]; entities: NamedEntity[] } {
  const terms: string[] = [];
  const entities: NamedEntity[] = [];
  const chosenWords = new Set<string>();
  for (const raw of stored) {
    if (terms.length + entities.length >= SUBJECT_TERMS) break;
    const key = raw.trim().toLowerCase();
    if (!key || CATEGORY_WORDS.has(key)) continue;
    if (!key.includes(' ')) {
      if (chosenWords.has(key) || terms.includes(key)) continue;
      terms.push(key);
      chosenWords.add(key);
      continue;
    }
    if (entities.some((e) => e.key === key)) continue;
    entities.push({ key, label: writtenAs(key, description) ?? lowerUnlessNamed(key, title) });
    for (const word of key.split(' ')) chosenWords.add(word);
  }
  // A word chosen before the phrase that holds it is the same evidence: keep the phrase.
  const inPhrase = new Set(entities.flatMap((e) => e.key.split(' ')));
  return { terms: terms.filter((t) => !inPhrase.has(t)), entities };
}

/**
 * The article's names and noun phrases: its multi-word keywords (found by the phrase tagger at
 * ingestion and weighed across the corpus, lib/text/phrases.ts), each labelled as its
 * description (or else its title) writes it. Single-word keywords are already terms.
 */
export function namedEntities(
  keywords: readonly string[],
  title: string,
  description: string,
): NamedEntity[] {
  const out: NamedEntity[] = [];
  for (const key of keywords) {
    if (!key.includes(' ') || out.some((e) => e.key === key)) continue;
    out.push({ key, label: writtenAs(key, description) ?? lowerUnlessNamed(key, title) });
    if (out.length >= MAX_ENTITIES) break;
  }
  return out;
}

/** The phrase as `text` writes it, if it does: words in order, any punctuation between. */
function writtenAs(key: string, text: string): string | undefined {
  if (!text) return undefined;
  const words = key.split(' ').map((w) => w.replace(/[^a-z0-9]/g, ''));
  const pattern = new RegExp(`\\b${words.join("(?:['’]s)?[^A-Za-z0-9]+")}\\b`, 'i');
  return pattern.exec(text)?.[0];
}

/** A title in Title Case says nothing about case; a sentence-case title does. */
function lowerUnlessNamed(key: string, title: string): string {
  const found = writtenAs(key, title);
  if (!found) return key;
  const capitalised = title.split(/\s+/).filter((w) => /^[A-Z]/.test(w)).length;
  return capitalised / Math.max(1, title.split(/\s+/).length) > 0.6 ? key : found;
}
