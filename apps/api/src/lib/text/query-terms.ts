/**
 * What a typed search asks for, read with the one tokenizer (tokens.ts): its terms, the phrases
 * typed in double quotes, the alternatives joined by `or` and the words excluded with a minus.
 *
 *   climate change policy in europe   → climate · change · policy · europe   (stopwords dropped)
 *   "climate change" or warming       → one term: the phrase, or "warming"
 *   C++ -java                         → c++ (kept whole, with its symbols), excluding java
 *
 * A term keeps the text it was typed as (`text`), for PostgreSQL's own parser and stemmer, which
 * built the stored search vector; `symbols` are its words whose symbols are their meaning ("c++",
 * "at&t", "9/11"), which only the articles' `words` hold. Stopwords count only when every word of
 * the search is one ("the who").
 */
import { STOPWORDS, stem, tokenize } from './tokens.js';

export interface QueryTerm {
  /** As typed (a word, or a quoted phrase's words): what the search vector is matched with. */
  text: string;
  /** Typed in double quotes (or one word with inner punctuation, "covid-19"): words adjacent. */
  phrase: boolean;
  /** The last word typed, not quoted: it may be the start of a longer word. */
  prefix: boolean;
  /** Its symbol words ("c++"), as `contentWords` stores them: the article must hold every one. */
  symbols: string[];
  /** What tells two terms apart: the same words, plural-folded, give the same term. */
  key: string;
  /** Its place among the chunks typed (words, phrases, `or`): adjacent terms differ by one. */
  at: number;
}

export interface QueryTerms {
  /** Each entry is one term of the search; its alternatives (`a or b`) match in its stead. */
  groups: QueryTerm[][];
  /** Terms with a leading minus: an article matching any of them is left out. */
  excluded: QueryTerm[];
}

/** A quoted phrase (possibly unclosed) or a run of non-space characters, with an optional minus. */
const CHUNK = /(-)?(?:"([^"]*)"?|([^\s"]+))/gu;
/** A symbol word as tokenize keeps it: anything but letters and digits inside. */
const hasSymbol = (token: string) => /[^a-z0-9]/.test(token);
const isContent = (token: string) => token.length >= 2 && !STOPWORDS.has(token);

interface Chunk {
  term: QueryTerm;
  negated: boolean;
  /** Only stopwords or lone letters: dropped unless the whole search is made of such. */
  stopword: boolean;
}

function chunkOf(text: string, quoted: boolean, negated: boolean, at: number): Chunk | null {
  const tokens = tokenize(text);
  if (tokens.length === 0) return null;
  const symbols = [...new Set(tokens.filter(hasSymbol).map(stem))];
  return {
    term: {
      text,
      phrase: quoted ? tokens.length > 1 : tokens.length > 1 && symbols.length === 0,
      prefix: false,
      symbols,
      key: `${quoted ? '"' : ''}${tokens.map(stem).join(' ')}`,
      at,
    },
    negated,
    stopword: !tokens.some(isContent),
  };
}

/** Reads a typed search; empty groups when nothing searchable is left. */
export function queryTerms(input: string): QueryTerms {
  const items: (Chunk | 'or')[] = [];
  for (const [, minus, quotedText, bare] of input.matchAll(CHUNK)) {
    if (bare !== undefined && !minus && bare.toLowerCase() === 'or') {
      items.push('or');
      continue;
    }
    const chunk = chunkOf(
      quotedText ?? bare ?? '',
      quotedText !== undefined,
      minus === '-',
      items.length,
    );
    if (chunk) items.push(chunk);
  }
  const chunks = items.filter((item): item is Chunk => item !== 'or');
  const positives = chunks.filter((chunk) => !chunk.negated);
  // "the who": when every word typed is a stopword, they are the search.
  const keepStopwords = positives.length > 0 && positives.every((chunk) => chunk.stopword);
  const kept = (chunk: Chunk) => keepStopwords || !chunk.stopword || chunk.term.phrase;

  const lastBare = positives.at(-1);
  if (lastBare && !lastBare.term.phrase && lastBare.term.symbols.length === 0) {
    const typedLast = input.trimEnd().at(-1);
    // Not quoted: the last chunk read ends the input ("climate chan" → chan:*).
    if (typedLast !== '"') lastBare.term.prefix = true;
  }

  const groups: QueryTerm[][] = [];
  const excluded: QueryTerm[] = [];
  const seen = new Set<string>();
  let joinNext = false;
  for (const item of items) {
    if (item === 'or') {
      joinNext = groups.length > 0;
      continue;
    }
    if (item.negated) {
      if (!item.stopword) excluded.push(item.term);
      continue;
    }
    if (!kept(item)) continue;
    const last = groups.at(-1);
    if (joinNext && last) {
      if (!last.some((term) => term.key === item.term.key)) last.push(item.term);
    } else if (!seen.has(item.term.key)) {
      groups.push([item.term]);
    }
    seen.add(item.term.key);
    joinNext = false;
  }
  return { groups, excluded };
}
