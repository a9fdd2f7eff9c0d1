/**
 * Turns what a reader typed into input for PostgreSQL's `to_tsquery`, with
 * `websearch_to_tsquery`-like rules plus prefix matching of the last word:
 *
 *   covid vaccine       → 'covid' & 'vaccine':*
 *   "climate change"    → 'climate' <-> 'change'
 *   tesla or ford       → ( 'tesla' | 'ford':* )
 *   apple -fruit        → 'apple' & !'fruit'
 *
 * Lexemes are reduced to runs of Unicode letters and digits and single-quoted,
 * so no input can produce tsquery syntax (`&|!():*\'`): whatever is typed, the
 * result parses. Stemming and stopwords are left to PostgreSQL's 'english'
 * configuration, the same one that builds the `search` column.
 */

interface Term {
  words: string[];
  negated: boolean;
  /** Typed inside double quotes: the words must be adjacent and are never prefixed. */
  quoted: boolean;
}

type Token = Term | 'or';

const WORD = /[\p{L}\p{N}]+/gu;
const CHUNK = /(-)?(?:"([^"]*)"?|([^\s"]+))/gu;

const wordsOf = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  for (const [, minus, quotedText, bare] of input.matchAll(CHUNK)) {
    if (bare !== undefined && !minus && bare.toLowerCase() === 'or') {
      tokens.push('or');
      continue;
    }
    const words = wordsOf(quotedText ?? bare ?? '');
    if (words.length > 0)
      tokens.push({ words, negated: minus === '-', quoted: quotedText !== undefined });
  }
  return tokens;
}

/** OR binds tighter than the implicit AND, as in websearch_to_tsquery: `a b or c` = a & (b | c). */
function groupAlternatives(tokens: Token[]): Term[][] {
  const groups: Term[][] = [];
  let joinNext = false;
  for (const token of tokens) {
    if (token === 'or') {
      joinNext = groups.length > 0;
      continue;
    }
    const last = groups[groups.length - 1];
    if (joinNext && last) last.push(token);
    else groups.push([token]);
    joinNext = false;
  }
  return groups;
}

function renderTerm(term: Term, prefix: boolean): string {
  const lexemes = term.words.map(
    (w, i) => `'${w}'${prefix && i === term.words.length - 1 ? ':*' : ''}`,
  );
  const body = lexemes.length > 1 ? `(${lexemes.join(' <-> ')})` : lexemes[0]!;
  return term.negated ? `!${body}` : body;
}

/**
 * The `to_tsquery` text for a search, or null when nothing searchable is left
 * (only punctuation/emoji, or only excluded words): such a search finds nothing.
 */
export function buildPrefixTsQuery(input: string): string | null {
  const groups = groupAlternatives(tokenize(input));
  if (!groups.some((group) => group.some((term) => !term.negated))) return null;
  const lastTerm = groups[groups.length - 1]?.at(-1);
  return groups
    .map((group) => {
      const rendered = group.map((term) =>
        renderTerm(term, term === lastTerm && !term.negated && !term.quoted),
      );
      return rendered.length > 1 ? `(${rendered.join(' | ')})` : rendered[0]!;
    })
    .join(' & ');
}

/**
 * The search as typed, as the ranking's exact-keyword test reads it: lowercased and trimmed,
 * without NUL (PostgreSQL text cannot hold it; nothing else needs escaping in a bound value).
 */
export const searchKeyword = (input: string): string =>
  input.replaceAll('\u0000', '').trim().toLowerCase();
