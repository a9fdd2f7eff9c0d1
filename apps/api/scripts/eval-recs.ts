/**
 * Offline evaluation of the recommendation ranker:
 *   pnpm --filter @lede/api eval:recs
 * Prints ONE JSON object:
 *  - `models.<model>`: the simulation (nDCG@10, subject precision@10, recall@20, coverage,
 *    diversity, the disliked/read share) for the ranker and the baselines, on each reader model
 *    (`preferences`: simulator.ts; `drifting`: drifting-readers.ts; `subjects`:
 *    subject-readers.ts — each written independently);
 *  - `blackBox.<model>`: responsiveness, exhaustion and dislike suppression measured through
 *    the real service on an embedded PostgreSQL, for the ranker and each baseline;
 *  - `table`: one row per model and policy with all of them.
 * Design and assumptions: tools/eval-recs/README.md.
 */
import { rank } from '../src/modules/feed/ranker/index.js';
import { interestsOnly, newest, trending } from '../tools/eval-recs/baselines.js';
import { asRankFn, runBlackBox } from '../tools/eval-recs/black-box.js';
import {
  blackBoxScenarios,
  loadCorpus,
  READER_MODELS,
  runEvaluation,
} from '../tools/eval-recs/run.js';

/** Readers per model in the black-box measures (each a learner/control scenario). */
const BLACK_BOX_SCENARIOS = Number(process.env.EVAL_BLACK_BOX_SCENARIOS || 8);

const records = await loadCorpus();
const models = Object.fromEntries(
  READER_MODELS.map((model) => [model, runEvaluation(records, { model })]),
);
const blackBox = await runBlackBox(
  Object.fromEntries(
    READER_MODELS.map((model) => [
      model,
      blackBoxScenarios(records, BLACK_BOX_SCENARIOS, { model }),
    ]),
  ),
  {
    ranker: rank,
    newest: asRankFn(newest),
    trending: asRankFn(trending),
    interestsOnly: asRankFn(interestsOnly),
  },
);
const table = READER_MODELS.flatMap((model) =>
  (['ranker', 'newest', 'trending', 'interestsOnly'] as const).map((policy) => {
    const sim = models[model]!.policies[policy];
    const box = blackBox[model]![policy]!;
    return {
      model,
      policy,
      ndcg10: sim.ndcg10,
      subjectPrecision10: sim.subjectPrecision10 ?? null,
      interestCoverage20: sim.interestCoverage20,
      recall20: sim.recall20,
      coverage: sim.coverage,
      responsiveness: box.responsiveness,
      exhaustion: box.exhaustion,
      exhaustionAt10: box.exhaustionAt10,
      suppression: box.suppression,
    };
  }),
);
process.stdout.write(`${JSON.stringify({ table, models, blackBox }, null, 2)}\n`);
