/**
 * Offline evaluation of the text module (src/lib/text, issue 52):
 *   pnpm eval:text
 * Prints ONE JSON object, a section per part of the module: `categories`
 * (tools/eval-text/categories.ts). A thin composer: each section is computed by its own tool.
 */
import { evaluateCategories } from '../tools/eval-text/categories.js';

const categories = await evaluateCategories();
console.log(JSON.stringify({ categories }, null, 2));
