/**
 * A typed search as the search statement takes it: the terms lib/text reads in it (queryTerms),
 * each as `to_tsquery` text for the stored search vector and the symbol words (`c++`) the
 * article's `words` must hold.
 *
 *   climate change policy   → 'climate' · 'change' · 'policy':*   (three terms, any may match)
 *   "climate change"        → 'climate' <-> 'change'              (one term, words adjacent)
 *   tesla or ford           → 'tesla' | 'ford':*                  (one term, either)
 *   apple -fruit            → 'apple':*, excluding 'fruit'
 *   C++                     → no text query; `words` holds c++
 *
 * Lexemes are the typed words reduced to runs of Unicode letters and digits and single-quoted,
 * so no input can produce tsquery syntax (`&|!():*\'`): whatever is typed, the result parses.
 * Stemming is left to PostgreSQL's 'english' configuration, which built the `search` column.
 */
import { queryTerms, type QueryTerm } from '../../lib/text/index.js';

/** One way to match a term: its text query (null: none) and the symbol words it needs. */
export interface SearchAlternative {
  tsQuery: string | null;
  /** The same, found in the title or keywords. */
  headQuery: string | null;
  symbols: string[];
}

export interface SearchTerm {
  /** Any of them matches the term. */
  alternatives: SearchAlternative[];
  /** Tells the same term apart across searches (document frequencies are remembered by it). */
  key: string;
}

export interface ParsedSearch {
  /** Every term counts (search.repository.ts); at least one. */
  terms: SearchTerm[];
  /**
   * Pairs of one-word terms typed one after the other ("climate change"): matched as a phrase,
   * they add to the ranking, never to what must match. Indices into `terms`.
   */
  pairs: { first: number; second: number; tsQuery: string }[];
  /** An article matching this text query, or holding one of `excludedSymbols`, is left out. */
  excludedTsQuery: string | null;
  excludedSymbols: string[];
}

const WORD = /[\p{L}\p{N}]+/gu;
const lexemesOf = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

/** `head`: only in the title or keywords (weights A and B of the search vector). */
function render(term: QueryTerm, head = false): string | null {
  // A bare symbol word has nothing the search vector could tell apart ("c++" is 'c' there).
  if (term.symbols.length > 0 && !term.phrase) return null;
  const lexemes = lexemesOf(term.text);
  if (lexemes.length === 0) return null;
  const quoted = lexemes.map((w, i) => {
    const prefix = term.prefix && i === lexemes.length - 1 ? '*' : '';
    return `'${w}'${prefix || head ? ':' : ''}${prefix}${head ? 'AB' : ''}`;
  });
  return quoted.length > 1 ? `(${quoted.join(' <-> ')})` : quoted[0]!;
}

const alternativeOf = (term: QueryTerm): SearchAlternative | null => {
  const tsQuery = render(term);
  return tsQuery === null && term.symbols.length === 0
    ? null
    : { tsQuery, headQuery: render(term, true), symbols: term.symbols };
};

/** The search's terms, or null when nothing searchable is left (punctuation, emoji, only exclusions). */
export function parseSearch(input: string): ParsedSearch | null {
  const { groups, excluded } = queryTerms(input);
  const terms: SearchTerm[] = [];
  const single: (QueryTerm | null)[] = [];
  for (const group of groups) {
    const alternatives = group.flatMap((term) => alternativeOf(term) ?? []);
    if (alternatives.length === 0) continue;
    terms.push({ alternatives, key: group.map((term) => term.key).join(' | ') });
    const [only] = group;
    single.push(
      group.length === 1 && only && !only.phrase && only.symbols.length === 0 ? only : null,
    );
  }
  if (terms.length === 0) return null;
  const pairs: ParsedSearch['pairs'] = [];
  for (let i = 0; i + 1 < single.length; i++) {
    const [a, b] = [single[i], single[i + 1]];
    if (!a || !b || b.at !== a.at + 1) continue;
    const tsQuery = render({ ...a, text: `${a.text} ${b.text}`, phrase: true, prefix: b.prefix });
    if (tsQuery) pairs.push({ first: i, second: i + 1, tsQuery });
  }
  const excludedQueries = excluded.flatMap((term) => render(term) ?? []);
  return {
    terms,
    pairs,
    excludedTsQuery: excludedQueries.length > 0 ? excludedQueries.join(' | ') : null,
    excludedSymbols: [...new Set(excluded.flatMap((term) => term.symbols))],
  };
}

/**
 * The search's terms as one `to_tsquery` text, every term ANDed (a symbol word by its letters,
 * the search vector's view of it: "c++" → 'c'), or null when nothing searchable is left: such a
 * search finds nothing. What an all-terms search's matches hold at least; the service keys its
 * remembered rankings by it, and the ranking itself reads the search again (parseSearch).
 */
export function buildPrefixTsQuery(input: string): string | null {
  const search = parseSearch(input);
  if (!search) return null;
  return search.terms
    .map((term) => {
      const alternatives = term.alternatives.map(
        (alt) => alt.tsQuery ?? render({ ...SYMBOLS_AS_PHRASE, text: alt.symbols.join(' ') })!,
      );
      return alternatives.length > 1 ? `(${alternatives.join(' | ')})` : alternatives[0]!;
    })
    .join(' & ');
}

/** Symbol words read as a phrase of their letters and digits: every one has some. */
const SYMBOLS_AS_PHRASE: QueryTerm = {
  text: '',
  phrase: true,
  prefix: false,
  symbols: [],
  key: '',
  at: 0,
};

/**
 * The search as typed, as the ranking's exact-keyword test reads it: lowercased and trimmed,
 * without NUL (PostgreSQL text cannot hold it; nothing else needs escaping in a bound value).
 */
export const searchKeyword = (input: string): string =>
  input.replaceAll('\u0000', '').trim().toLowerCase();
