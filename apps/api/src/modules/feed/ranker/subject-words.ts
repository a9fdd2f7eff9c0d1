/**
 * The words a subject is made of. An article's subject features are its single terms
 * and its names and phrases (subject-features.ts); what several liked stories share is often a
 * word inside their phrases ("climate" in "climate change", "climate investments" and "sweeping
 * climate policy"), or a shorter phrase inside a longer one ("climate change" in "climate change
 * plan"). `expandedFeatures` lists all of them as strings: a word stemmed ("emission"), a phrase
 * `@` + its words ("@climate change"), the same form a subject key holds, so steering, the
 * profile's subjects and the ranker's shared subjects count them alike.
 */
import { CATEGORY_IDS } from '@lede/shared';
import { stem, STOPWORDS } from '../../../lib/text/index.js';
import { STORED_SUBJECT_TERMS } from './tunables.js';
import type { Analysis, Analyzer } from './vectors.js';

const CATEGORY_WORDS: ReadonlySet<string> = new Set(CATEGORY_IDS);

/** A word that can name a subject: not a stopword, a category word, a number or a letter pair. */
function subjectWord(word: string): boolean {
  return (
    word.length >= 3 && !STOPWORDS.has(word) && !CATEGORY_WORDS.has(word) && /[a-z]/.test(word)
  );
}

function wordsOf(key: string): string[] {
  return key
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9+#&]+/)
    .filter(Boolean);
}

/** A key feature in the form `expandedFeatures` lists: "@joe biden" as it is, "threats" → "threat". */
export function normalFeature(feature: string): string {
  if (feature.startsWith('@')) return `@${wordsOf(feature.slice(1)).join(' ')}`;
  return stem(feature.toLowerCase());
}

export const isPhrase = (feature: string): boolean => feature.startsWith('@');

/** Adds a phrase's words and its inner phrases of two or more words. */
function addPhrase(out: Set<string>, words: readonly string[]): void {
  if (words.length === 1) {
    if (subjectWord(words[0]!)) out.add(stem(words[0]!));
    return;
  }
  out.add(`@${words.join(' ')}`);
  for (const w of words) if (subjectWord(w)) out.add(stem(w));
  for (let from = 0; from < words.length; from++) {
    for (let to = from + 2; to <= words.length; to++) {
      if (to - from === words.length) continue;
      const inner = words.slice(from, to);
      // An inner phrase begins and ends with words that can name something.
      if (subjectWord(inner[0]!) && subjectWord(inner.at(-1)!)) out.add(`@${inner.join(' ')}`);
    }
  }
}

const expanded = new WeakMap<Analysis, ReadonlySet<string>>();
const reverseVocab = new WeakMap<Analyzer, { size: number; names: string[] }>();

/** The vocabulary's terms by id (ids are given in insertion order), rebuilt when it grew. */
function nameOf(analyzer: Analyzer, id: number): string | undefined {
  let reverse = reverseVocab.get(analyzer);
  if (!reverse || reverse.size !== analyzer.vocab.size || id >= reverse.names.length) {
    const names: string[] = [];
    for (const [term, k] of analyzer.vocab) names[k] = term;
    reverse = { size: analyzer.vocab.size, names };
    reverseVocab.set(analyzer, reverse);
  }
  return reverse.names[id];
}

/**
 * The article's subject features with the words and inner phrases of its names and phrases:
 * single words stemmed, phrases as `@` + lowercase words. Cached per analysis.
 */
export function expandedFeatures(analysis: Analysis, analyzer: Analyzer): ReadonlySet<string> {
  const hit = expanded.get(analysis);
  if (hit) return hit;
  const out = new Set<string>();
  if (analysis.terms && analysis.terms.length > 0) {
    // All it carries (STORED_SUBJECT_TERMS), category words left out: what several stories
    // share, and what a steered subject's key asks of an article, is any term they carry, not
    // only the SUBJECT_TERMS heaviest that make one story's cluster (storedSubjectFeatures).
    let n = 0;
    for (const raw of analysis.terms) {
      if (n >= STORED_SUBJECT_TERMS) break;
      const key = raw.trim().toLowerCase();
      if (!key || CATEGORY_WORDS.has(key)) continue;
      n += 1;
      addPhrase(out, wordsOf(key));
    }
  } else {
    for (const id of analysis.subjectTerms) {
      const name = nameOf(analyzer, id);
      if (name && subjectWord(name)) out.add(stem(name));
    }
    for (const e of analysis.entities) {
      const name = nameOf(analyzer, e.id);
      addPhrase(out, wordsOf(name?.startsWith('@') ? name.slice(1) : e.label));
    }
  }
  expanded.set(analysis, out);
  return out;
}

/**
 * A feature as the stories write it (the description's casing): "climate", "Joe Biden",
 * "climate change". An occurrence inside a sentence first; at a sentence's start, lowercased
 * unless another word of it is capitalised; else as a name of one of them writes it; else lowercase.
 */
export function writtenLabel(
  feature: string,
  stories: ReadonlyArray<Pick<Analysis, 'description' | 'entities'>>,
): string {
  const key = isPhrase(feature) ? feature.slice(1) : feature;
  const words = key
    .split(' ')
    .map((w) => w.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
  if (words.length === 0) return key;
  const last = words.length - 1;
  const body = words
    .map((w, k) => (k === last && !isPhrase(feature) ? `${escape(w)}(?:e?s)?` : escape(w)))
    .join("(?:['’]s)?[^A-Za-z0-9]+");
  const tail = isPhrase(feature) ? '(?:e?s)?' : '';
  const pattern = new RegExp(`(^|[^A-Za-z0-9])(${body}${tail})(?![A-Za-z0-9])`, 'gi');
  let atStart: string | undefined;
  let inside: string | undefined;
  for (const story of stories) {
    for (const m of story.description.matchAll(pattern)) {
      const before = story.description.slice(0, m.index + m[1]!.length).trimEnd();
      const found = m[2]!;
      if (before === '' || /[.!?:"“]$/.test(before)) atStart ??= found;
      // Lowercase somewhere: a common noun, even where a name holds it ("Hurricane Ida").
      else if (found === found.toLowerCase()) return found;
      else inside ??= found;
    }
  }
  if (inside !== undefined) return inside;
  if (atStart !== undefined) {
    return atStart
      .split(' ')
      .slice(1)
      .some((w) => /^[A-Z]/.test(w))
      ? atStart
      : atStart.charAt(0).toLowerCase() + atStart.slice(1);
  }
  for (const story of stories) {
    for (const e of story.entities) {
      const m = new RegExp(`(^|[^A-Za-z0-9])(${body}${tail})(?![A-Za-z0-9])`, 'i').exec(e.label);
      if (m) return m[2]!;
    }
  }
  return key;
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
