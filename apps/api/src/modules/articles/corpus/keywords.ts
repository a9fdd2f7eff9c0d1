import { normalizeText } from './categorize.js';

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

function isCandidate(token: string): boolean {
  return token.length >= 3 && !/^\d+$/.test(token) && !STOPWORDS.has(token);
}

/** Weight of a title occurrence relative to a description occurrence. */
export const TITLE_WEIGHT = 3;

/**
 * Keywords of an item: its category ids first (always all of them, even past
 * `max`), then the most salient terms of title + description up to `max` in
 * total. Terms: lowercase tokens of length ≥ 3, no pure numbers, no stopwords;
 * a plural folds onto its singular when the singular also occurs ("cars" +
 * "car" → "car"). Salience = 3 × title occurrences + description occurrences;
 * ties keep the order of first appearance. De-duplicated and deterministic.
 */
export function extractKeywords(
  title: string,
  description: string,
  categories: readonly string[],
  max = 8,
): string[] {
  const out: string[] = [];
  for (const c of categories) {
    const id = c.toLowerCase();
    if (!out.includes(id)) out.push(id);
  }
  const titleTokens = tokenize(title).filter(isCandidate);
  const descTokens = tokenize(description).filter(isCandidate);
  const all = new Set([...titleTokens, ...descTokens]);
  const fold = (t: string): string => {
    if (t.endsWith('ies') && all.has(`${t.slice(0, -3)}y`)) return `${t.slice(0, -3)}y`;
    if (t.endsWith('es') && all.has(t.slice(0, -2))) return t.slice(0, -2);
    if (t.endsWith('s') && !t.endsWith('ss') && all.has(t.slice(0, -1))) return t.slice(0, -1);
    return t;
  };
  const stats = new Map<string, { score: number; first: number }>();
  let position = 0;
  const add = (tokens: string[], weight: number) => {
    for (const raw of tokens) {
      const t = fold(raw);
      const s = stats.get(t);
      if (s) s.score += weight;
      else stats.set(t, { score: weight, first: position });
      position += 1;
    }
  };
  add(titleTokens, TITLE_WEIGHT);
  add(descTokens, 1);
  const ranked = [...stats.entries()]
    .filter(([t]) => !out.includes(t))
    .sort((a, b) => b[1].score - a[1].score || a[1].first - b[1].first)
    .map(([t]) => t);
  for (const t of ranked) {
    if (out.length >= max) break;
    out.push(t);
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
