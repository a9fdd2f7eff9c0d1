/**
 * "More like this" (issue 52): other stories that share an article's salient names and phrases.
 * Pure: the repository finds the candidates (the GIN index on `terms`), this scores and picks
 * them, and the offline evaluation (tools/eval-text/related.ts) runs the very same code.
 *
 * Two articles are related when they share at least RELATED_MIN_SHARED distinct salient terms
 * (lib/text/understand.ts: names, noun phrases, nouns, IDF-weighed across the corpus; each word
 * of a phrase also stands for it at PHRASE_WORD_SHARE of its weight, so "james webb space
 * telescope" meets "webb"; a word inside a shared phrase is not counted again) and their overlap
 * — the cosine of their term weights over the shared terms — reaches RELATED_MIN_SCORE, and
 * they have the same primary category (a space story and a fashion story sharing "stars" and
 * "black" are not related). The article's own story is left out (the
 * page lists it under Full coverage), as are copies of its headline; one report per other
 * story. Fewer or none rather than filler.
 */

/** What "More like this" reads of an article. */
export interface RelatedArticle {
  id: string;
  titleKey: string;
  storyId: string | null | undefined;
  /** Salient terms, heaviest first, and their weights (same order). */
  terms: readonly string[];
  termWeights: readonly number[];
  /** Primary first. */
  categories: readonly string[];
  /** Newest first among equals. */
  pubDate?: Date | null;
}

/** Distinct shared terms (a word inside a shared phrase not counted again) a related article needs. */
export const RELATED_MIN_SHARED = 2;
/**
 * Lowest overlap (cosine over the shared terms) a related article of the same primary category
 * needs; one of another primary category is never related (a cosine never reaches 1.01). Chosen
 * on one half of the bundled corpus and checked on the other (tools/eval-text/tune-related.ts):
 * 81.2 % of the top 3 share the article's dataset section there (78.4 % at 0.2 / 0.6).
 */
export const RELATED_MIN_SCORE = 0.25;
export const RELATED_MIN_SCORE_ACROSS = 1.01;
/** Weight of each word of a phrase, as a term of its own, relative to the phrase. */
export const PHRASE_WORD_SHARE = 0.4;
/** Shorter words of a phrase ("u.s", "new") stand for nothing by themselves. */
const MIN_WORD_LENGTH = 3;
/** Candidates the repository hands over, ordered by how many terms they share. */
export const RELATED_CANDIDATES = 200;

export interface RelatedMatch<T extends RelatedArticle = RelatedArticle> {
  article: T;
  score: number;
  /** The shared terms that count, heaviest first. */
  shared: string[];
}

/** Term → weight over the article's L2 norm; the words of its phrases too (PHRASE_WORD_SHARE). */
function weighted(a: RelatedArticle): { weights: Map<string, number> } {
  const weights = new Map<string, number>();
  a.terms.forEach((term, i) => {
    const w = a.termWeights[i] ?? 0;
    if (w > 0 && !weights.has(term)) weights.set(term, w);
  });
  for (const [term, w] of [...weights]) {
    if (!term.includes(' ')) continue;
    for (const word of term.split(' ')) {
      if (word.length < MIN_WORD_LENGTH) continue;
      if (!((weights.get(word) ?? 0) >= w * PHRASE_WORD_SHARE))
        weights.set(word, w * PHRASE_WORD_SHARE);
    }
  }
  let norm = 0;
  for (const w of weights.values()) norm += w * w;
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [t, w] of weights) weights.set(t, w / norm);
  return { weights };
}

/** The shared terms that count: a single word inside a shared phrase is the same evidence. */
export function distinctShared(shared: readonly string[]): string[] {
  const words = new Set<string>();
  for (const t of shared) if (t.includes(' ')) for (const w of t.split(' ')) words.add(w);
  return shared.filter((t) => t.includes(' ') || !words.has(t));
}

/** What to look candidates up by: the article's terms and the words of its phrases. */
export function lookupTerms(a: Pick<RelatedArticle, 'terms'>): string[] {
  const out = new Set(a.terms);
  for (const term of a.terms)
    if (term.includes(' '))
      for (const word of term.split(' ')) if (word.length >= MIN_WORD_LENGTH) out.add(word);
  return [...out];
}

/** How related `b` is to `a`, or undefined when they do not share enough (see the header). */
export function relatedness(
  a: RelatedArticle,
  b: RelatedArticle,
  prepared = weighted(a),
): { score: number; shared: string[] } | undefined {
  const other = weighted(b).weights;
  const shared: Array<[string, number]> = [];
  for (const [term, w] of prepared.weights) {
    const v = other.get(term);
    if (v !== undefined) shared.push([term, w * v]);
  }
  if (shared.length < RELATED_MIN_SHARED) return undefined;
  shared.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
  const counted = distinctShared(shared.map(([t]) => t));
  if (counted.length < RELATED_MIN_SHARED) return undefined;
  const score = shared.reduce((sum, [, s]) => sum + s, 0);
  const samePrimary = a.categories[0] !== undefined && a.categories[0] === b.categories[0];
  if (score < (samePrimary ? RELATED_MIN_SCORE : RELATED_MIN_SCORE_ACROSS)) return undefined;
  return { score, shared: counted };
}

/**
 * The `limit` articles of `candidates` most related to `article`, best first: not itself, not a
 * copy of its headline, not of its story, one per other story (and per headline).
 */
export function pickRelated<T extends RelatedArticle>(
  article: RelatedArticle,
  candidates: Iterable<T>,
  limit: number,
): Array<RelatedMatch<T>> {
  const prepared = weighted(article);
  const scored: Array<RelatedMatch<T>> = [];
  for (const c of candidates) {
    if (c.id === article.id) continue;
    if (article.titleKey && c.titleKey === article.titleKey) continue;
    if (article.storyId && c.storyId === article.storyId) continue;
    const found = relatedness(article, c, prepared);
    if (found) scored.push({ article: c, ...found });
  }
  scored.sort(
    (x, y) =>
      y.score - x.score ||
      (y.article.pubDate?.getTime() ?? 0) - (x.article.pubDate?.getTime() ?? 0) ||
      (x.article.id < y.article.id ? -1 : 1),
  );
  const out: Array<RelatedMatch<T>> = [];
  const stories = new Set<string>();
  const titles = new Set<string>();
  for (const match of scored) {
    if (out.length >= limit) break;
    const { storyId, titleKey } = match.article;
    if (storyId && stories.has(storyId)) continue;
    if (titleKey && titles.has(titleKey)) continue;
    if (storyId) stories.add(storyId);
    if (titleKey) titles.add(titleKey);
    out.push(match);
  }
  return out;
}
