/**
 * Text handling for the ranker: tokenisation, term counts of an article and
 * title near-duplicate detection. Pure and deterministic; no dependencies, so
 * the ranker can run anywhere (API, benchmark, offline evaluation).
 */

/** English stopwords plus news boilerplate. Tokens in here never become terms. */
const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all almost along already also although always am among an and
  another any anybody anyone anything are aren around as at away back be became because become been
  before behind being below between both but by came can cannot cant could couldn did didn do does
  doesn doing don done down during each either else enough even ever every few for from further get
  gets getting give gives go goes going gone got had has have having he her here hers him his how
  however i if in into is isn it its itself just last less let lets like likely made make makes many
  may me might more most much must my near need never new news next no not now of off often on once one
  only or other our out over own per put quite rather really said same say says see seem seems seen
  she should since so some still such take than that the their them then there these they thing things
  this those though through thus to too under until up upon us very via want was way we well went were
  what when where whether which while who whom whose why will with within without would yet you your
  day days week weeks month months year years today tonight tomorrow yesterday time times
  report reports reported according told tell tells watch look looks heres theres thats whats
  dont doesnt didnt isnt wont cant couldnt ive hes shes youre theyre mr mrs ms amp nbsp quot`
    .split(/\s+/)
    .filter(Boolean),
);

const NON_ASCII = /[^\t\n\r\u0020-\u007e]/;

/**
 * Lowercase word tokens of `text`: diacritics stripped, apostrophes removed
 * ("Trump's" → "trump"), split on anything that is not a letter or a digit;
 * stopwords, one-letter tokens and pure numbers dropped; a simple plural fold
 * ("elections" → "election", "stories" → "story").
 */
export function tokenize(text: string): string[] {
  let t = text.toLowerCase();
  if (NON_ASCII.test(t)) {
    t = t
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/[\u2018\u2019\u02bc]/g, "'");
  }
  if (t.includes("'")) t = t.replace(/'s\b/g, '').replace(/'/g, '');
  const out: string[] = [];
  for (const token of t.split(SPLIT)) pushToken(out, token);
  return out;
}

const SPLIT = /[^a-z0-9]+/;
const SIMPLE_TOKEN = /^[a-z0-9]+$/;

function pushToken(out: string[], token: string): void {
  if (token.length < 2 || STOPWORDS.has(token)) return;
  const first = token.charCodeAt(0);
  if (first >= 48 && first <= 57 && /^\d+$/.test(token)) return;
  out.push(foldPlural(token));
}

/** `tokenize` for a keyword: already-lowercase single words take a fast path. */
function tokenizeKeyword(keyword: string): string[] {
  if (!SIMPLE_TOKEN.test(keyword)) return tokenize(keyword);
  const out: string[] = [];
  pushToken(out, keyword);
  return out;
}

function foldPlural(t: string): string {
  const n = t.length;
  if (n > 4 && t.endsWith('ies')) return `${t.slice(0, -3)}y`;
  if (n > 3 && t.charCodeAt(n - 1) === 115 /* s */) {
    const prev = t.charCodeAt(n - 2);
    // keep "ss", "us", "is" endings (boss, virus, crisis)
    if (prev !== 115 && prev !== 117 && prev !== 105) return t.slice(0, -1);
  }
  return t;
}

/** Weight of a title token relative to a description token. */
export const TITLE_TERM_WEIGHT = 2;

/**
 * Raw term frequencies of an article: title tokens count TITLE_TERM_WEIGHT,
 * description tokens and keyword tokens 1 each. The key set is what
 * `buildCorpusStats` counts as the article's terms. Also returns the distinct
 * title tokens (for near-duplicate detection) so the title is tokenised once.
 */
export function articleTerms(a: {
  title: string;
  description: string;
  keywords: readonly string[];
}): { counts: Map<string, number>; titleTokens: string[] } {
  const counts = new Map<string, number>();
  const add = (tokens: string[], weight: number) => {
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + weight);
  };
  const title = tokenize(a.title);
  add(title, TITLE_TERM_WEIGHT);
  add(tokenize(a.description), 1);
  for (const k of a.keywords) add(tokenizeKeyword(k), 1);
  return { counts, titleTokens: distinctSorted(title) };
}

function distinctSorted(tokens: readonly string[]): string[] {
  return [...new Set(tokens)].sort();
}

/** Distinct title tokens (stopwords dropped), sorted — the unit of title Jaccard. */
export function titleTokenList(title: string): string[] {
  return distinctSorted(tokenize(title));
}

/** Jaccard similarity of two distinct, sorted token lists (0 when either is empty). */
export function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return shared / (a.length + b.length - shared);
}

/** Title Jaccard at or above which two articles are the same story. */
export const NEAR_DUPLICATE_JACCARD = 0.6;
/** Titles with fewer distinct tokens than this only match on an identical titleKey. */
export const MIN_TOKENS_FOR_JACCARD = 3;

/** Near-duplicate test on precomputed title token sets (see `isNearDuplicate`). */
export function nearDuplicateTokens(
  aKey: string,
  aTokens: readonly string[],
  bKey: string,
  bTokens: readonly string[],
): boolean {
  if (aKey !== '' && aKey === bKey) return true;
  if (aTokens.length < MIN_TOKENS_FOR_JACCARD || bTokens.length < MIN_TOKENS_FOR_JACCARD) {
    return false;
  }
  return jaccard(aTokens, bTokens) >= NEAR_DUPLICATE_JACCARD;
}
