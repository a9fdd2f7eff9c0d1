/**
 * Offline evaluation of the text module (src/lib/text):
 *   pnpm eval:text
 * Prints ONE JSON object, a section per part of the module: `categories`
 * (tools/eval-text/categories.ts), `related` and `subjects` (tools/eval-text/related.ts: "More
 * like this" and learned subjects). A thin composer: each section is computed by its own tool.
 */
import { evaluateCategories } from '../tools/eval-text/categories.js';
import { evaluateRelated, evaluateSubjects } from '../tools/eval-text/related.js';

const categories = await evaluateCategories();
const related = await evaluateRelated();
const subjects = await evaluateSubjects();
console.log(JSON.stringify({ categories, related, subjects }, null, 2));
