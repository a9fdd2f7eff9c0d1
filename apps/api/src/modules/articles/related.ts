/**
 * "More like this": other stories that share an article's salient names and phrases.
 * Pure: the repository finds the candidates (the GIN index on `terms`), this scores and picks
 * them, and the offline evaluation (tools/eval-text/related.ts) runs the very same code.
 *
 * Two articles are related when they share at least RELATED_MIN_SHARED distinct salient terms
 * (lib/text/understand.ts: names, noun phrases, nouns, IDF-weighed across the corpus; each word
 * of a phrase also stands for it at PHRASE_WORD_SHARE of its weight, so "james webb space
 * telescope" meets "webb"; a word inside a shared phrase is not counted again) and their overlap
 * — the cosine of their term weights over the shared terms — reaches RELATED_MIN_SCORE, and
 * they have the same primary category (a space story and a fashion story sharing "stars" and
 * "black" are not related). The article's own event is left out (the page lists its story under
 * Full coverage): its story, and every story holding a report that is evidently of the same event
 * whatever story it was put in — published within a story's window (3 days) of the article with
 * an overlap of at least SAME_EVENT_SCORE (`sameEvent`). Copies of its headline are left out too;
 * one report per other story. Fewer or none rather than filler.
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
/** Reports this close in time (either way) may be of one event: a story's window... */
export const SAME_EVENT_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/**
 * ...and are, when their overlap (any categories) reaches this. Chosen on the stories of one half
 * of the labelled stream (split by a hash of the story label) as the highest level leaving none
 * of a headline's own story in its top 3, and checked on the other half (`pnpm eval:text`,
 * related.labelledStream.sameEvent). It is the related level itself: within a window, what
 * shares enough to be related is of one story there (98 % of the stream's related pairs), so
 * "More like this" lists related reports of other days.
 */
export const SAME_EVENT_SCORE = 0.25;
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

/**
 * How much `a` and `b` overlap, whatever their categories: the cosine over their shared terms
 * and the shared terms that count, heaviest first; undefined below RELATED_MIN_SHARED of them.
 */
function overlap(
  a: ReturnType<typeof weighted>,
  b: RelatedArticle,
): { score: number; shared: string[] } | undefined {
  const other = weighted(b).weights;
  const shared: Array<[string, number]> = [];
  for (const [term, w] of a.weights) {
    const v = other.get(term);
    if (v !== undefined) shared.push([term, w * v]);
  }
  if (shared.length < RELATED_MIN_SHARED) return undefined;
  shared.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
  const counted = distinctShared(shared.map(([t]) => t));
  if (counted.length < RELATED_MIN_SHARED) return undefined;
  return { score: shared.reduce((sum, [, s]) => sum + s, 0), shared: counted };
}

const samePrimary = (a: RelatedArticle, b: RelatedArticle) =>
  a.categories[0] !== undefined && a.categories[0] === b.categories[0];

/** Whether `b` was published within SAME_EVENT_WINDOW_MS of `a` (an unknown date may be any time). */
function withinWindow(a: RelatedArticle, b: RelatedArticle): boolean {
  const at = a.pubDate?.getTime();
  const bt = b.pubDate?.getTime();
  return at === undefined || bt === undefined || Math.abs(at - bt) <= SAME_EVENT_WINDOW_MS;
}

/** How related `b` is to `a`, or undefined when they do not share enough (see the header). */
export function relatedness(
  a: RelatedArticle,
  b: RelatedArticle,
  prepared = weighted(a),
): { score: number; shared: string[] } | undefined {
  const found = overlap(prepared, b);
  if (!found) return undefined;
  if (found.score < (samePrimary(a, b) ? RELATED_MIN_SCORE : RELATED_MIN_SCORE_ACROSS))
    return undefined;
  return found;
}

/**
 * Whether `b` is evidently a report of `a`'s own event, whatever story it was put in: published
 * within SAME_EVENT_WINDOW_MS of it with an overlap of at least `minScore`, whatever their
 * categories.
 */
export function sameEvent(
  a: RelatedArticle,
  b: RelatedArticle,
  prepared = weighted(a),
  minScore: number = SAME_EVENT_SCORE,
): boolean {
  return withinWindow(a, b) && (overlap(prepared, b)?.score ?? 0) >= minScore;
}

/**
 * The `limit` articles of `candidates` most related to `article`, best first: not itself, not a
 * copy of its headline, not of its own event (its story, and every story holding a report that
 * is evidently of its event: `sameEvent`), one per other story (and per headline).
 * `sameEventScore` is for the evaluation's sweep (tools/eval-text/related.ts).
 */
export function pickRelated<T extends RelatedArticle>(
  article: RelatedArticle,
  candidates: Iterable<T>,
  limit: number,
  { sameEventScore = SAME_EVENT_SCORE }: { sameEventScore?: number } = {},
): Array<RelatedMatch<T>> {
  const prepared = weighted(article);
  const ownEvent = new Set<string>();
  if (article.storyId) ownEvent.add(article.storyId);
  const scored: Array<RelatedMatch<T>> = [];
  for (const c of candidates) {
    if (c.id === article.id) continue;
    if (article.titleKey && c.titleKey === article.titleKey) continue;
    const found = overlap(prepared, c);
    if (!found) continue;
    if (found.score >= sameEventScore && withinWindow(article, c)) {
      if (c.storyId) ownEvent.add(c.storyId);
      continue;
    }
    const min = samePrimary(article, c) ? RELATED_MIN_SCORE : RELATED_MIN_SCORE_ACROSS;
    if (found.score >= min) scored.push({ article: c, ...found });
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
    if (storyId && (ownEvent.has(storyId) || stories.has(storyId))) continue;
    if (titleKey && titles.has(titleKey)) continue;
    if (storyId) stories.add(storyId);
    if (titleKey) titles.add(titleKey);
    out.push(match);
  }
  return out;
}
