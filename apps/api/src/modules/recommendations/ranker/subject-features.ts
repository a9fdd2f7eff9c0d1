/**
 * What an article is about, beyond its category: its distinctive terms (the most weighted
 * TF-IDF terms rare enough to name a subject) and the named entities of its text. The
 * Analyzer (vectors.ts) computes both once per article and caches them with its vector.
 */
import { CATEGORY_IDS } from '@lede/shared';
import { tokenize } from './text.js';
import { SUBJECT_MAX_DF_SHARE, SUBJECT_MIN_DF, SUBJECT_TERMS } from './tunables.js';

const CATEGORY_WORDS: ReadonlySet<string> = new Set(CATEGORY_IDS);

/** Highest document frequency a term may have and still name a subject. */
export function subjectMaxDf(totalDocuments: number): number {
  return Math.max(SUBJECT_MIN_DF, SUBJECT_MAX_DF_SHARE * totalDocuments);
}

/**
 * The article's SUBJECT_TERMS most weighted terms among those rare enough (df ≤ maxDf) and not
 * a category word; ties go alphabetically, so the choice is deterministic.
 */
export function distinctiveTerms(
  weighted: ReadonlyArray<{ term: string; weight: number; df: number }>,
  maxDf: number,
): string[] {
  return weighted
    .filter((t) => t.df <= maxDf && !CATEGORY_WORDS.has(t.term))
    .sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1))
    .slice(0, SUBJECT_TERMS)
    .map((t) => t.term);
}

export interface NamedEntity {
  /** Two neighbouring words' tokens, space-joined: how entities are compared ("joe biden"). */
  key: string;
  /** The whole name as written ("President Joe Biden"), for reasons. */
  label: string;
}

const MAX_ENTITIES = 6;
const MAX_LABEL_WORDS = 4;
const CAPITALISED = /^[A-Z][A-Za-z'’.-]*$/;
const LEADING_PUNCTUATION = /^["'“‘(]+/;
const TRAILING_PUNCTUATION = /["'”’),.;:!?]+$/;
const ENDS_CLAUSE = /[,.;:!?)"”]$/;
/** Capitalised words that open a phrase rather than name something ("The White House"). */
const OPENERS: ReadonlySet<string> = new Set(
  'a an the in on at of for to and but or as by from with after before when while this that these those his her their its our my your new how why what who'.split(
    ' ',
  ),
);

/**
 * Named entities: pairs of neighbouring capitalised words ("Hurricane Fiona", "Amy Cooper"),
 * without a leading article or preposition, in the description and, when it is written in
 * sentence case, the title (a title in Title Case capitalises every word, so it says nothing).
 */
export function namedEntities(title: string, description: string): NamedEntity[] {
  const out = new Map<string, NamedEntity>();
  const texts = isTitleCase(title) ? [description] : [title, description];
  for (const text of texts) {
    for (const run of capitalisedRuns(text)) {
      // Every pair of neighbours, so that "President Joe Biden" and "Joe Biden" meet.
      const label = run.slice(0, MAX_LABEL_WORDS).join(' ');
      for (let i = 0; i + 1 < run.length; i++) {
        const key = tokenize(`${run[i]} ${run[i + 1]}`).join(' ');
        if (key.includes(' ') && !out.has(key)) out.set(key, { key, label });
        if (out.size >= MAX_ENTITIES) return [...out.values()];
      }
    }
  }
  return [...out.values()];
}

function isTitleCase(title: string): boolean {
  const words = title.split(/\s+/).filter((w) => /^[A-Za-z]{4,}/.test(w));
  if (words.length < 3) return false;
  const capitalised = words.filter((w) => /^[A-Z]/.test(w)).length;
  return capitalised / words.length > 0.6;
}

function capitalisedRuns(text: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  const close = () => {
    while (run.length > 0 && OPENERS.has(run[0]!.toLowerCase())) run.shift();
    if (run.length >= 2) runs.push(run);
    run = [];
  };
  for (const raw of text.split(/\s+/)) {
    const word = raw.replace(LEADING_PUNCTUATION, '').replace(TRAILING_PUNCTUATION, '');
    // An opening quote or bracket starts a new phrase.
    if (word !== raw && LEADING_PUNCTUATION.test(raw)) close();
    if (!word || !CAPITALISED.test(word)) {
      close();
      continue;
    }
    run.push(word);
    if (ENDS_CLAUSE.test(raw)) close();
  }
  close();
  return runs;
}
