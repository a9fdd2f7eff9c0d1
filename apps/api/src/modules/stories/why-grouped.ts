import { contentWords } from '../../lib/text/index.js';

/**
 * "Why grouped", in the headlines' own words. The clustering stores what an article shared with
 * its story as features (`story_shared_terms`: stemmed lowercase words and phrases, "turk caico",
 * "texa"); a reader is shown each as a text writes it ("Turks and Caicos", "Texas"). Pure: the
 * stems come from the text module's `contentWords`, so a feature and a text are cut alike.
 */

/** A stretch of a text and the content words (stems) the text module finds in it. */
interface Piece {
  start: number;
  end: number;
  stems: string[];
}

/**
 * Word-like stretches: letters and digits, with the symbols a word may hold inside ("7.1",
 * "1,000", "AT&T", "C++", "9/11", "O'Brien"); spaces, dashes, quotes and brackets end one.
 */
const STRETCH = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’&+#.,/]*/gu;
/** Ends a surface form may not keep: a possessive, trailing dots, commas and apostrophes. */
const LOOSE_END = /(?:['’]s|[.,'’/&])+$/iu;

/**
 * The pieces of `text` with their stems. A stretch that holds several words ("Biden/Harris") is
 * cut where the text module cuts it, so that each word has a piece of its own.
 */
function piecesOf(text: string): Piece[] {
  const pieces: Piece[] = [];
  for (const m of text.matchAll(STRETCH)) {
    const start = m.index;
    const stems = contentWords(m[0]);
    if (stems.length <= 1) {
      pieces.push({ start, end: start + m[0].length, stems });
      continue;
    }
    const parts = [...m[0].matchAll(/[\p{L}\p{M}\p{N}]+/gu)].map((p) => ({
      start: start + p.index,
      end: start + p.index + p[0].length,
      stems: contentWords(p[0]),
    }));
    const same = parts.flatMap((p) => p.stems).join(' ') === stems.join(' ');
    pieces.push(...(same ? parts : [{ start, end: start + m[0].length, stems }]));
  }
  return pieces;
}

/** A text cut into its stems, each with the piece it came from. */
interface StemmedText {
  text: string;
  pieces: Piece[];
  /** [stem, piece index] in reading order. */
  stems: Array<[string, number]>;
}

function stemmed(text: string): StemmedText {
  const pieces = piecesOf(text);
  const stems = pieces.flatMap((p, i) => p.stems.map((s): [string, number] => [s, i]));
  return { text, pieces, stems };
}

/** Where a term's stems occur one after the other in a text (stopwords between them allowed). */
function find(text: StemmedText, term: readonly string[]): [number, number] | undefined {
  outer: for (let i = 0; i + term.length <= text.stems.length; i++) {
    for (let k = 0; k < term.length; k++) if (text.stems[i + k]![0] !== term[k]) continue outer;
    return [text.stems[i]![1], text.stems[i + term.length - 1]![1]];
  }
  return undefined;
}

/** A term as the stems the text module makes of it; empty for stopwords ("old", "says"). */
function termStems(term: string): string[] {
  const words = term.split(/\s+/).filter(Boolean);
  const stems = words.map((w) => contentWords(w));
  return stems.some((s) => s.length !== 1) ? [] : stems.map((s) => s[0]!);
}

/** A term as a text writes it, and the stems it spans there. */
interface Form {
  text: string;
  stems: string[];
}

/** Whether `inner`'s stems occur, one after the other, inside `outer`'s. */
function within(inner: Form, outer: Form): boolean {
  const key = (stems: string[]) => ` ${stems.join(' ')} `;
  return key(outer.stems).includes(key(inner.stems));
}

/** The form of `term` in the first text that holds it. */
function formOf(term: readonly string[], texts: readonly StemmedText[]): Form | undefined {
  for (const text of texts) {
    const span = find(text, term);
    if (!span) continue;
    const { pieces } = text;
    const form = text.text.slice(pieces[span[0]]!.start, pieces[span[1]]!.end);
    const stems = pieces.slice(span[0], span[1] + 1).flatMap((p) => p.stems);
    return { text: form.replace(LOOSE_END, ''), stems };
  }
  return undefined;
}

/**
 * The surface forms of `terms` (stored features, heaviest first): each as the first of `texts`
 * that holds it writes it (the stretch of the text from the term's first word to its last, as
 * cased there, without a possessive), in the order of `terms`. A term no text holds, or made of
 * stopwords, is left out; so is one inside a form already given ("Fiona" after "Hurricane
 * Fiona"), and a form that holds earlier ones takes the place of the first of them.
 */
export function surfaceTerms(terms: readonly string[], texts: readonly string[]): string[] {
  const cut = texts.map(stemmed);
  const forms: Form[] = [];
  for (const term of terms) {
    const stems = termStems(term);
    const form = stems.length > 0 ? formOf(stems, cut) : undefined;
    if (!form || form.text === '' || forms.some((f) => within(form, f))) continue;
    const first = forms.findIndex((f) => within(f, form));
    if (first < 0) forms.push(form);
    else
      forms.splice(
        first,
        forms.length - first,
        form,
        ...forms.slice(first + 1).filter((f) => !within(f, form)),
      );
  }
  return forms.map((f) => f.text);
}

/** What a story member's "why grouped" is read from. */
export interface WhyGroupedSource {
  title: string;
  description: string;
  storySharedTerms: readonly string[] | null;
}

/**
 * The words a member shared with its story, as the headlines write them: looked for in its own
 * headline, then the story's title, then the other members' headlines (a merge's terms are the
 * two stories', which the first report of the merged one may not name itself), and last in its
 * own description (a feature may come from there).
 */
export function sharedWords(
  member: WhyGroupedSource,
  story: { title: string; headlines: readonly string[] },
): string[] {
  const terms = member.storySharedTerms ?? [];
  if (terms.length === 0) return [];
  const others = story.headlines.filter((h) => h !== member.title && h !== story.title);
  return surfaceTerms(terms, [member.title, story.title, ...others, member.description]);
}
