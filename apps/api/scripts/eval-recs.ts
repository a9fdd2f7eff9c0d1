/**
 * Offline evaluation of the recommendation ranker (issue 4):
 *   pnpm --filter @lede/api eval:recs
 * Simulates readers over the bundled corpus and prints ONE JSON object with
 * nDCG@10, recall@20, coverage, diversity and the disliked/read share for the
 * ranker and the baselines. Design and assumptions:
 * src/modules/recommendations/eval/README.md.
 */
import { loadCorpus, runEvaluation } from '../src/modules/recommendations/eval/run.js';

const records = await loadCorpus();
const result = runEvaluation(records);
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
