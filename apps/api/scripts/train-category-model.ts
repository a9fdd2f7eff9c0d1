/**
 * Trains the category model (src/lib/text/category-model.ts) on the bundled corpus and writes it
 * to apps/api/data/category-model.json:
 *   pnpm --filter @lede/api train:categories [path/to/news-category-sample.jsonl]
 * A naive Bayes over title and description words, fitted on the items whose HuffPost section
 * maps onto exactly one of our categories, and the lexicon terms the corpus writes as names.
 * Prints the model's size; its accuracy, measured out of fold, is `pnpm eval:text`'s
 * `categories` section (tools/eval-text/categories.ts).
 */
import fs from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORY_MODEL_URL } from '../src/lib/text/category-model.js';
import { fitCategoryModel, labelledItems } from '../src/lib/text/category-training.js';
import { CATEGORY_DATA, loadCategoryCorpus } from '../tools/eval-text/categories.js';

const arg = process.argv[2];
const file = arg ? resolve(process.env.INIT_CWD ?? process.cwd(), arg) : CATEGORY_DATA;
const items = loadCategoryCorpus(file);
const model = fitCategoryModel(items);
const out = fileURLToPath(CATEGORY_MODEL_URL);
fs.writeFileSync(out, `${JSON.stringify(model)}\n`);
console.log(
  JSON.stringify({
    file,
    items: items.length,
    trainedOn: labelledItems(items).length,
    words: Object.keys(model.words).length,
    names: model.names.length,
    bytes: fs.statSync(out).size,
    written: out,
  }),
);
