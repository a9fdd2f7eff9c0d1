/**
 * How the "More like this" thresholds were chosen: swept on one half of the bundled
 * corpus (articles split by a hash of their link) and reported on the other half, so the figure
 * printed is not measured where it was tuned. Run: `npx tsx tools/eval-text/tune-related.ts`.
 */
import { createHash } from 'node:crypto';
import {
  pickRelated,
  RELATED_MIN_SCORE,
  RELATED_MIN_SCORE_ACROSS,
  type RelatedMatch,
} from '../../src/modules/articles/related.js';
import { corpusArticles, indexByTerm, loadSeed, type CorpusArticle } from './related.js';

const TOP = 3;
const half = (a: CorpusArticle) => createHash('sha1').update(a.id).digest()[0]! % 2;

const records = await loadSeed();
const articles = corpusArticles(records);
const candidatesOf = indexByTerm(articles);
const matches = new Map(articles.map((a) => [a.id, pickRelated(a, candidatesOf(a), 30)] as const));

function measure(part: number, same: number, across: number) {
  let shown = 0;
  let sameSection = 0;
  let withAny = 0;
  for (const a of articles) {
    if (half(a) !== part) continue;
    const kept = (matches.get(a.id) ?? []).filter((m: RelatedMatch<CorpusArticle>) =>
      m.article.categories[0] === a.categories[0] ? m.score >= same : m.score >= across,
    );
    const top = kept.slice(0, TOP);
    if (top.length > 0) withAny += 1;
    shown += top.length;
    sameSection += top.filter((m) => m.article.sourceCategory === a.sourceCategory).length;
  }
  return { shown, withAny, share: shown ? sameSection / shown : 0 };
}

const grid = [];
for (const same of [0.2, 0.25, 0.3, 0.35])
  for (const across of [0.6, 0.8, 1.01]) grid.push({ same, across, ...measure(0, same, across) });
// Chosen on half 0: the highest share that keeps at least 85 % of the articles the loosest
// setting shows something for.
const loosest = grid[0]!.withAny;
const chosen = grid
  .filter((g) => g.withAny >= 0.85 * loosest)
  .sort((x, y) => y.share - x.share)[0]!;
console.log(
  JSON.stringify(
    {
      tunedOnHalf0: grid.map((g) => ({ ...g, share: Number(g.share.toFixed(3)) })),
      chosen: { same: chosen.same, across: chosen.across },
      reportedOnHalf1: measure(1, chosen.same, chosen.across),
      currentOnHalf1: measure(1, RELATED_MIN_SCORE, RELATED_MIN_SCORE_ACROSS),
    },
    null,
    2,
  ),
);
