import winkNLP, { type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { normalizeText } from './tokens.js';

/**
 * The noun phrases and named entities of a news item, found with wink-nlp's English
 * part-of-speech tagger: runs of proper nouns ("Hurricane Fiona", "Franklin Templeton"),
 * adjective/noun compounds ending in a noun ("climate change", "fossil fuels") and single
 * nouns. Verbs, adverbs and function words never become phrases, so "accidentally" or
 * "understand" cannot be keywords. Deterministic; about 0.15 ms per item.
 */

export type PhraseKind = 'name' | 'phrase' | 'word';

export interface Phrase {
  /** Lowercase words, diacritics and possessives dropped, single-spaced ("hurricane fiona"). */
  key: string;
  kind: PhraseKind;
  /** Occurrences in the title and in the description. */
  title: number;
  description: number;
  /** A single word the tagger read as a proper noun somewhere ("Twitch", "NASA"). */
  proper?: boolean;
}

const PATTERNS = [
  {
    name: 'name',
    patterns: ['[PROPN] [PROPN]', '[PROPN] [PROPN] [PROPN]', '[PROPN] [PROPN] [PROPN] [PROPN]'],
  },
  { name: 'phrase', patterns: ['[ADJ|NOUN|PROPN] [NOUN]', '[ADJ|NOUN] [ADJ|NOUN] [NOUN]'] },
  { name: 'proper', patterns: ['[PROPN]'] },
  { name: 'word', patterns: ['[NOUN]'] },
];

let parser: WinkMethods | undefined;
/** One tagger for the process: loading the model takes about 100 ms, tagging is pure. */
function tagger(): WinkMethods {
  if (!parser) {
    parser = winkNLP(model);
    parser.learnCustomEntities(PATTERNS, { matchValue: false, usePOS: true, useEntity: false });
  }
  return parser;
}

/** Words that are never part of a key: openers, numbers, calendar words, boilerplate nouns. */
const EDGE_WORDS: ReadonlySet<string> = new Set(
  `a an the this that these those his her their its our my your other more most many much few
  several same own such any every each some all no one two three four five six seven eight nine ten
  half dozen dozens hundreds thousands millions percent
  day days week weeks weekend month months year years today tonight tomorrow yesterday time times
  monday tuesday wednesday thursday friday saturday sunday morning evening night
  jan feb mar apr jun jul aug sep sept oct nov dec january february march april may june july
  august september october november december
  thing things way ways lot lots part kind sort number people person man men woman women guy guys
  something anything everything nothing someone anyone everyone nobody
  news report reports story stories video videos photo photos watch week's year's us it`
    .split(/\s+/)
    .filter(Boolean),
);

/** Adjectives that open a common-noun phrase without naming anything ("new boosters"). */
const WEAK_OPENERS: ReadonlySet<string> = new Set(
  'new old big small first last next latest recent former top best worst major good great bad real whole'.split(
    ' ',
  ),
);

/**
 * Lowercase key of a phrase as written, without edge words (and, unless it is a name such as
 * "New York", without a weak opening adjective); '' when nothing is left.
 */
export function phraseKey(text: string, isName = false): string {
  const words = normalizeText(text)
    .replace(/\b([a-z])\.(?=[a-z]\.)/g, '$1') // "u.s." → "us."
    .replace(/['’]s\b/g, '')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  while (words.length > 0 && (isEdge(words[0]!) || (!isName && WEAK_OPENERS.has(words[0]!))))
    words.shift();
  while (words.length > 0 && isEdge(words[words.length - 1]!)) words.pop();
  if (words.length === 1 && (words[0]!.length < 3 || isEdge(words[0]!))) return '';
  if (new Set(words).size < words.length) return ''; // "politics politics" names nothing
  return words.join(' ');
}

function isEdge(word: string): boolean {
  return EDGE_WORDS.has(word) || /^\d+(st|nd|rd|th|s)?$/.test(word);
}

/**
 * A title in Title Case ("Puerto Rico Braces For Landslides") capitalises every word, which
 * makes the tagger read every word as a name. Such a title is tagged in sentence case
 * instead: capitalised words lowercased, except the first word, acronyms ("NBC", "U.S.") and
 * words the description also capitalises inside a sentence ("Puerto", "Rico").
 */
export function sentenceCase(title: string, description = ''): string {
  const words = title.split(/\s+/).filter((w) => /^[^a-z]*[A-Za-z]{4,}/.test(w));
  if (words.length < 3) return title;
  const capitalised = words.filter((w) => /^[^a-z]*[A-Z]/.test(w)).length;
  if (capitalised / words.length <= 0.6) return title;
  const named = capitalisedInside(description);
  let first = true;
  return title.replace(/[A-Za-z][A-Za-z'’.-]*/g, (word) => {
    if (first) {
      first = false;
      return word;
    }
    return /^[A-Z][a-z]/.test(word) && !named.has(word.replace(/['’]s$/, ''))
      ? word.toLowerCase()
      : word;
  });
}

/**
 * Capitalised words of a text that do not just open a sentence: how it writes names. A word
 * opening a sentence counts when the next word is capitalised too ("Hurricane Fiona hit").
 */
function capitalisedInside(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/(?<![.!?:"“]\s|^)\b([A-Z][a-z][A-Za-z-]*)/g)) out.add(m[1]!);
  for (const m of text.matchAll(/(?:^|[.!?:"“]\s)([A-Z][a-z][A-Za-z-]*)\s+[A-Z][a-z]/g))
    out.add(m[1]!);
  return out;
}

/**
 * The phrases of an item with their occurrences; a key found as a name anywhere is a name.
 * Ordered by first appearance (title first).
 */
export function findPhrases(title: string, description: string): Phrase[] {
  const out = new Map<string, Phrase>();
  const add = (text: string, where: 'title' | 'description') => {
    if (!text.trim()) return;
    const nlp = tagger();
    const found = nlp.readDoc(text).customEntities().out(nlp.its.detail) as Array<{
      value: string;
      type: string;
    }>;
    for (const { value, type } of found) {
      const key = phraseKey(value, type === 'name');
      if (!key) continue;
      const kind: PhraseKind = !key.includes(' ') ? 'word' : type === 'name' ? 'name' : 'phrase';
      const phrase = out.get(key);
      if (!phrase) {
        const fresh: Phrase = { key, kind, title: 0, description: 0 };
        if (type === 'proper') fresh.proper = true;
        fresh[where] += 1;
        out.set(key, fresh);
        continue;
      }
      phrase[where] += 1;
      if (kind === 'name') phrase.kind = 'name';
      if (type === 'proper') phrase.proper = true;
    }
  };
  add(sentenceCase(title, description), 'title');
  add(description, 'description');
  return [...out.values()];
}
