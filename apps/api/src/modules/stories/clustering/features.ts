import { contentWords, findPhrases, sentenceCase } from '../../../lib/text/index.js';

/**
 * What an article says, as weighted features: the content words of its title (and, weighted
 * down, its description), and the multi-word names and noun phrases wink-nlp finds there
 * (`findPhrases`, the same extractor the keywords come from). Pure and deterministic.
 */

/** An article as the clustering sees it. */
export interface StoryArticle {
  id: string;
  title: string;
  description?: string;
  /** Keywords already extracted at ingestion; phrases among them count as phrases. */
  keywords?: readonly string[];
  source: string;
  publishedAt: Date | string | number;
}

/**
 * Feature → term frequency weight. Words are stems ("rate"); phrases hold a space. `names` are
 * the features that name someone or something (a multi-word name, a word the tagger read as a
 * proper noun); `nameWords` the words inside multi-word names. A shared name and a shared thing
 * that names no one ("recall", "files", "7.1") are the evidence of one event (`sharedEvidence`).
 */
export class Features extends Map<string, number> {
  readonly names = new Set<string>();
  readonly nameWords = new Set<string>();
}

/** A description occurrence weighs a third of a title one, as in the keyword extractor. */
const DESCRIPTION_WEIGHT = 1 / 3;
/**
 * Nouns and names (words the tagger put inside a phrase) carry a story; other content words
 * (verbs, adjectives: "falls", "picks", "largest") say what happened to it, and weigh half.
 */
const OTHER_WORD_WEIGHT = 0.5;
/** A multi-word name or phrase counts on top of its words: the pair matched, not only each. */
const PHRASE_WEIGHT = 1;

/** A title without a trailing " - Source" or " | Source" naming the article's own source. */
export function stripSource(title: string, source: string): string {
  const m = /\s+[-|–—:]\s+([^-|–—:]+)$/.exec(title);
  if (!m) return title;
  const tail = contentWords(m[1]!).join(' ');
  return tail !== '' && tail === contentWords(source).join(' ') ? title.slice(0, m.index) : title;
}

/** The weighted features of an article. */
export function articleFeatures(article: StoryArticle): Features {
  const title = stripSource(article.title, article.source);
  const description = article.description ?? '';
  const phrases = findPhrases(title, description);
  const nouns = new Set<string>();
  const out = new Features();
  const add = (key: string, weight: number) => out.set(key, (out.get(key) ?? 0) + weight);

  for (const p of phrases) {
    const words = contentWords(p.key);
    for (const w of words) nouns.add(w);
    if (words.length > 1)
      add(words.join(' '), PHRASE_WEIGHT * (p.title + DESCRIPTION_WEIGHT * p.description));
    if (p.kind === 'name' && words.length > 1) {
      out.names.add(words.join(' '));
      for (const w of words) out.nameWords.add(w);
    } else if (p.proper && words.length === 1) out.names.add(words[0]!);
  }
  for (const k of article.keywords ?? []) {
    const words = contentWords(k);
    for (const w of words) nouns.add(w);
    if (words.length > 1 && !out.has(words.join(' '))) add(words.join(' '), PHRASE_WEIGHT);
  }
  // A word the headline capitalises inside a sentence ("Athens" in "Wildfire forces evacuations
  // near Athens"; a Title Case headline is read in sentence case) names something too.
  const cased = sentenceCase(title, description).split(/\s+/);
  for (const token of cased.slice(1))
    if (/^[^a-z]*[A-Z]/.test(token)) for (const w of contentWords(token)) out.names.add(w);
  const wordWeight = (w: string) => (nouns.has(w) ? 1 : OTHER_WORD_WEIGHT);
  for (const w of contentWords(title)) add(w, wordWeight(w));
  for (const w of contentWords(description)) add(w, DESCRIPTION_WEIGHT * wordWeight(w));
  return out;
}
