import { normalizeText } from './categorize.js';
import { CATEGORY_IDS } from '@lede/shared';
import { findPhrases, type Phrase, type PhraseKind } from './phrases.js';

/**
 * Keyword extraction and title normalisation for news items. Pure and
 * deterministic.
 */

/** English stopwords plus news boilerplate ("says", "watch", "here's"...). */
const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all almost along already also although always am among an and
  another any anybody anyone anything anyway anywhere are aren around as at away back be became because
  become becomes been before behind being below best better between beyond both but by came can cannot
  cant could couldn did didn do does doesn doing don done down during each either else enough etc even
  ever every everybody everyone everything everywhere few first for former from further get gets getting
  give given gives go goes going gone got had hadn has hasn have haven having he her here hers herself
  him himself his how however i if in inside instead into is isn it its itself just last least less let
  lets like likely made make makes making many may maybe me might mine more most mostly much must my
  myself near need needs neither never new next no nobody none nor not nothing now of off often on once
  one only onto or other others otherwise our ours ourselves out over own per perhaps put quite rather
  really said same say saying says see seem seemed seems seen several shall she should shouldn show
  shows since so some somebody someone something sometimes somewhere still such take takes taking than
  that the their theirs them themselves then there these they thing things this those though through
  thus till to too toward towards under until up upon us use used uses using very via want wants was
  wasn way ways we well went were weren what whatever when whenever where whether which while who whoever
  whole whom whose why will with within without won would wouldn yes yet you your yours yourself
  yourselves ago amid across able actually ahead already anymore around asks ask asked become big
  biggest come comes coming day days week weeks weekend month months year years today tonight tomorrow
  yesterday time times two three four five six seven eight nine ten hundred thousand million billion
  people person man men woman women thing good great little long old right left top lot lots new news
  report reports reported reportedly according told tell tells call calls called watch look looks
  looking know knows think thinks thought getting got find finds found keep keeps kept try tries tried
  here heres theres thats whats whos youre youll youve weve theyre theyve dont doesnt didnt isnt arent
  wasnt werent wont cant couldnt shouldnt wouldnt ive ill id hes shes its let lets mr mrs ms dr
  via amp nbsp quot one ones another latest just really totally very much many way ever never every
  reveals revealed says said claims claimed explains explained shares shared wants wanted gives gave
  goes went made make makes back still even also far`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lowercase word tokens; possessive 's dropped, apostrophes removed, diacritics stripped. */
export function tokenize(text: string): string[] {
  return normalizeText(text)
    .replace(/'s\b/g, '')
    .replace(/'/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

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

/**
 * Keywords of an item: its category ids first (always all of them, even past `max`), then
 * its most salient phrases (phrases.ts: names, noun phrases, single nouns) up to `max` in
 * total. Salience = (3 × title occurrences + description occurrences) × kind weight × IDF in
 * `corpus` (1 without one). In a corpus of 200 or more, keys in more than 8 % of it are left
 * out, as are title-only phrases no other item uses; so are stopwords and category words. A single word inside a chosen phrase is not repeated
 * ("fiona" beside "hurricane fiona"). Ties keep the order of first appearance.
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
  const phrases = findPhrases(title, description);
  const known = corpus !== undefined && corpus.total >= MIN_CORPUS;
  const idf = (p: Phrase): number => {
    if (!corpus || corpus.total <= 0) return 1;
    const df = corpus.documentFrequency(p.key);
    if (known && df > MAX_DF_SHARE * corpus.total) return 0;
    // A title-only phrase no other item uses is more likely a mis-tagged verb ("fuels launches").
    if (known && df === 0 && p.description === 0 && p.key.includes(' ')) return 0;
    return Math.log((corpus.total + 1) / (df + 1)) + 1;
  };
  const ranked = phrases
    .filter((p) => !CATEGORY_WORDS.has(p.key) && (p.kind !== 'word' || !STOPWORDS.has(p.key)))
    .map((p, order) => ({
      key: p.key,
      order,
      score: (TITLE_WEIGHT * p.title + p.description) * KIND_WEIGHT[p.kind] * idf(p),
    }))
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  const chosenWords = new Set<string>();
  for (const { key } of ranked) {
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
