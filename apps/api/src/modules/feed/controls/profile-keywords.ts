import { CATEGORY_IDS } from '@lede/shared';
import {
  ACTION_WEIGHTS,
  featureLabel,
  type HistoryAction,
  type HistoryEvent,
  type SteeredSubject,
} from '../ranker/index.js';

const CATEGORY_KEYWORDS: ReadonlySet<string> = new Set(CATEGORY_IDS);
const POSITIVE: ReadonlySet<HistoryAction> = new Set(['like', 'save', 'share']);

/**
 * What an article is matched by: its stored salient terms (names, phrases, nouns, heaviest
 * first), or its keywords when it has none stored.
 */
export const matchTermsOf = (a: { terms?: readonly string[]; keywords: readonly string[] }) =>
  a.terms && a.terms.length > 0 ? a.terms : a.keywords;

/**
 * Of a history article's stored terms, this many of the heaviest count (its keywords, when it
 * has none stored, all count): one article opened must not bring in its every noun's articles.
 */
const TERMS_PER_ARTICLE = 5;

function topTerms(
  history: readonly HistoryEvent[],
  limit: number,
  counts: (action: HistoryAction) => boolean,
): string[] {
  const weights = new Map<string, { weight: number; position: number }>();
  for (const event of history) {
    if (!counts(event.action)) continue;
    const weight = ACTION_WEIGHTS[event.action];
    if (weight <= 0) continue;
    const stored = event.article.terms && event.article.terms.length > 0;
    const own = [...new Set(matchTermsOf(event.article))]
      .filter((term) => term && !CATEGORY_KEYWORDS.has(term.toLowerCase()))
      .slice(0, stored ? TERMS_PER_ARTICLE : undefined);
    own.forEach((term, position) => {
      const found = weights.get(term);
      if (found) {
        found.weight += weight;
        found.position = Math.min(found.position, position);
      } else weights.set(term, { weight, position });
    });
  }
  return [...weights]
    .sort(
      ([a, wa], [b, wb]) =>
        wb.weight - wa.weight || wa.position - wb.position || (a < b ? -1 : a > b ? 1 : 0),
    )
    .slice(0, limit)
    .map(([term]) => term);
}

/**
 * The terms the reader engages with most (action-weighted; dislikes do not count), for the
 * keyword candidate source: the history articles' stored terms (their keywords when none are
 * stored). Category words are left out: the interest source already covers them. Ties go to
 * the heavier term of its article (stored terms come heaviest first), then alphabetically.
 */
export function topProfileKeywords(history: readonly HistoryEvent[], limit: number): string[] {
  return topTerms(history, limit, () => true);
}

/**
 * The terms of what the reader liked, saved or shared (weighted as above): the subject they
 * taught, for the taught-subject candidate source. Empty without such events. An article on a
 * subject they turned off or down (carrying two of its features, as the ranker tells) teaches nothing here.
 */
export function topTaughtTerms(
  history: readonly HistoryEvent[],
  limit: number,
  steered: readonly SteeredSubject[] = [],
): string[] {
  const refused = steered
    .filter((s) => s.state !== 'up')
    .map((s) => new Set(s.features.map((f) => featureLabel(f).toLowerCase())));
  const onRefused = (event: HistoryEvent) => {
    const own = new Set((event.article.terms ?? []).map((t) => t.toLowerCase()));
    return refused.some(
      (features) => [...features].filter((f) => own.has(f)).length >= Math.min(2, features.size),
    );
  };
  return topTerms(
    history.filter((e) => !onRefused(e)),
    limit,
    (action) => POSITIVE.has(action),
  );
}
