import { findPhrases, tokenize } from '../../articles/index.js';

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

/** Feature → term frequency weight. Words are stems ("rate"); phrases hold a space. */
export type Features = Map<string, number>;

/** A description occurrence weighs a third of a title one, as in the keyword extractor. */
const DESCRIPTION_WEIGHT = 1 / 3;
/**
 * Nouns and names (words the tagger put inside a phrase) carry a story; other content words
 * (verbs, adjectives: "falls", "picks", "largest") say what happened to it, and weigh half.
 */
const OTHER_WORD_WEIGHT = 0.5;
/** A multi-word name or phrase counts on top of its words: the pair matched, not only each. */
const PHRASE_WEIGHT = 1;

/** Function words and headline boilerplate: never features. */
const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am among an and any are as at be because been before
  being below between both but by can could did do does doing down during each few for from further
  had has have having he her here hers him his how i if in into is it its just me more most my no nor
  not now of off on once only or other our out over own same she should so some such than that the
  their them then there these they this those through to too under until up very was we were what
  when where which while who whom why will with would you your yours dont doesnt didnt isnt arent
  wasnt cant wont im ive its thats whats heres theres hes shes theyre youre
  says said say saying tells told asks asked reportedly report reports according
  new news update updated updates video videos photo photos watch live breaking exclusive read
  here just get gets got one two three first may might could also still even way ways ago
  today tonight tomorrow yesterday week weeks month months year years day days time times
  monday tuesday wednesday thursday friday saturday sunday`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Plurals only: the S-stemmer (Harman 1991), also right on "-xes"/"-ches" plurals and "-is"
 * words ("rates" → "rate", "stories" → "story", "taxes" → "tax"; "crisis" stays). It almost never
 * joins words of different meaning, which a headline of eight words cannot afford.
 */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (/[^ae]ies$/.test(word)) return word.slice(0, -3) + 'y';
  if (/(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^aeo]es$/.test(word)) return word.slice(0, -1);
  if (/[^usi]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Content words of a text, stemmed: no stopwords, no lone digits or letters. */
export function contentWords(text: string): string[] {
  // "7.1" and "0.5%" stay one token; "Jos. A. Bank" keeps its letters apart.
  const joined = text.replace(/(\d)[.,](\d)/g, '$1$2');
  return tokenize(joined)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
    .map(stem);
}

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
  const out: Features = new Map();
  const add = (key: string, weight: number) => out.set(key, (out.get(key) ?? 0) + weight);

  for (const p of phrases) {
    const words = contentWords(p.key);
    for (const w of words) nouns.add(w);
    if (words.length > 1)
      add(words.join(' '), PHRASE_WEIGHT * (p.title + DESCRIPTION_WEIGHT * p.description));
  }
  for (const k of article.keywords ?? []) {
    const words = contentWords(k);
    for (const w of words) nouns.add(w);
    if (words.length > 1 && !out.has(words.join(' '))) add(words.join(' '), PHRASE_WEIGHT);
  }
  const wordWeight = (w: string) => (nouns.has(w) ? 1 : OTHER_WORD_WEIGHT);
  for (const w of contentWords(title)) add(w, wordWeight(w));
  for (const w of contentWords(description)) add(w, DESCRIPTION_WEIGHT * wordWeight(w));
  return out;
}
