// Every suite, in run order. A new suite is one more file in this folder and one more line here.
// A suite is { name, description, run(ctx) } where run resolves to a JSON-able object of figures
// (see SuiteContext in ../run.mjs for what ctx holds).
import articles from './articles.mjs';
import auth from './auth.mjs';
import lighthouse from './lighthouse.mjs';
import load from './load.mjs';
import readPath from './read-path.mjs';
import recommendations from './recommendations.mjs';
import searchPlans from './search-plans.mjs';
import sizes from './sizes.mjs';
import stories from './stories.mjs';

export const suites = [
  auth,
  stories,
  articles,
  recommendations,
  readPath,
  searchPlans,
  load,
  sizes,
  lighthouse,
];
