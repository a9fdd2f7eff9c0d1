// Suite "search-plans": where a search's time goes inside PostgreSQL at 100,000 articles. The
// read-path suite's distinct searches (the same queries, in the same order), each run as the API
// sends it (searchRepository.rankedPageQuery) under EXPLAIN ANALYZE (timing off), three ways:
//   planner   the plan PostgreSQL picks, as in production (the server's page costs);
//   gin       the matches from the GIN index, sorted by date (enable_indexscan off);
//   walk      down the date index until enough matches (enable_bitmapscan off);
//   defaultPageCosts  the plan picked with PostgreSQL's default page costs (1 and 4).
// `bestOfBoth` is what a planner that always picked the faster of the two would cost, so
// `planner` against it shows what a better choice could save, and `bestOfBoth` itself what
// only a different way of finding the newest matches could (see the articles README).
import { quantile } from '../lib/quantile.mjs';
import { distinctSearches } from '../lib/search-queries.mjs';
import { importTool } from '../lib/tools.mjs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const API_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/dist');
const importApi = (relative) => import(pathToFileURL(path.join(API_DIST, relative)).href);

const SCALE = Number(process.env.BENCH_ARTICLES_SCALE || 100_000);
const DISTINCT_QUERIES = Number(process.env.BENCH_DISTINCT_QUERIES || 300);
/** Each statement is explained this many times; the fastest counts (the first warms its pages). */
const RUNS = 2;
const SLOWEST_SHOWN = 10;
const MODES = {
  planner: [],
  gin: ['set enable_indexscan = off'],
  walk: ['set enable_bitmapscan = off'],
  // PostgreSQL's default page costs, which the embedded server replaces with those for data held
  // in memory (CACHED_DATA_PAGE_COSTS in apps/api/src/db/embedded.ts): what that choice buys.
  defaultPageCosts: ['set seq_page_cost = 1', 'set random_page_cost = 4'],
};
const WALK_INDEX = 'article_search_pub_date_idx';

const round2 = (n) => Math.round(n * 100) / 100;

function distribution(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => quantile(sorted, q);
  return {
    mean: round2(sorted.reduce((sum, v) => sum + v, 0) / sorted.length),
    p50: round2(at(0.5)),
    p90: round2(at(0.9)),
    p99: round2(at(0.99)),
    max: round2(sorted.at(-1)),
  };
}

/** The fastest of RUNS explains: execution and planning ms, and whether it walked the dates. */
async function explain(client, { text, values }) {
  let best;
  for (let run = 0; run < RUNS; run++) {
    const { rows } = await client.query(
      `explain (analyze, timing off, format json) ${text}`,
      values,
    );
    const [report] = rows[0]['QUERY PLAN'];
    if (!best || report['Execution Time'] < best.executionMs)
      best = {
        executionMs: report['Execution Time'],
        planningMs: report['Planning Time'],
        walked: JSON.stringify(report.Plan).includes(WALK_INDEX),
      };
  }
  return best;
}

export default {
  name: 'search-plans',
  description: `the ${DISTINCT_QUERIES} distinct searches of read-path at ${SCALE} articles, explained in PostgreSQL: the plan picked vs GIN only vs date walk only`,

  /** @param {import('../run.mjs').SuiteContext} ctx */
  async run({ api, log }) {
    const [
      { seedCorpusIfEmpty },
      { searchRepository },
      { buildPrefixTsQuery, searchKeyword },
      { loadGeneratedArticles },
      shared,
    ] = await Promise.all([
      importApi('modules/articles/seed.js'),
      importApi('modules/articles/search.repository.js'),
      importApi('modules/articles/search-query.js'),
      importTool('synthetic-articles.ts'),
      import(pathToFileURL(path.resolve(API_DIST, '../../../packages/shared/dist/index.js')).href),
    ]);
    const { db, pool } = api.deps;
    await seedCorpusIfEmpty(db, api.deps.logger);
    log(`search-plans: generating up to ${SCALE} articles`);
    await loadGeneratedArticles(db, SCALE);
    await pool.query('vacuum analyze articles, article_search');
    const { measured: queries } = await distinctSearches(pool, DISTINCT_QUERIES);
    const anchor = await searchRepository.freshnessAnchor(db, new Date());

    const perQuery = [];
    const client = await pool.connect();
    try {
      for (const q of queries) {
        const tsQuery = buildPrefixTsQuery(q);
        if (!tsQuery) continue;
        // As the service asks for a first page (articles.service.ts).
        const statement = searchRepository.rankedPageQuery({
          tsQuery,
          keyword: searchKeyword(q),
          anchor,
          offset: 0,
          limit: shared.DEFAULT_PAGE_SIZE + 1,
        });
        const { rows } = await client.query(
          "select count(*)::int as n from article_search where search @@ to_tsquery('english', $1)",
          [tsQuery],
        );
        const row = { q, matches: rows[0].n };
        for (const [mode, settings] of Object.entries(MODES)) {
          await client.query('reset all');
          for (const setting of settings) await client.query(setting);
          row[mode] = await explain(client, statement);
        }
        perQuery.push(row);
      }
    } finally {
      await client.query('reset all').catch(() => undefined);
      client.release();
    }
    log(`search-plans: ${perQuery.length} searches explained`);

    const exec = (mode) => perQuery.map((r) => r[mode].executionMs);
    const best = perQuery.map((r) => Math.min(r.gin.executionMs, r.walk.executionMs));
    const slower = perQuery.filter(
      (r) => r.planner.executionMs > 1.5 * Math.min(r.gin.executionMs, r.walk.executionMs) + 1,
    );
    return {
      articles: SCALE,
      searches: perQuery.length,
      executionMs: {
        planner: distribution(exec('planner')),
        gin: distribution(exec('gin')),
        walk: distribution(exec('walk')),
        defaultPageCosts: distribution(exec('defaultPageCosts')),
        bestOfBoth: distribution(best),
      },
      planningMs: distribution(perQuery.map((r) => r.planner.planningMs)),
      plannerWalked: perQuery.filter((r) => r.planner.walked).length,
      defaultPageCostsWalked: perQuery.filter((r) => r.defaultPageCosts.walked).length,
      plannerSlowerThanBestBy1_5xPlus1Ms: slower.length,
      slowest: [...perQuery]
        .sort((a, b) => b.planner.executionMs - a.planner.executionMs)
        .slice(0, SLOWEST_SHOWN)
        .map(
          (r) =>
            `${r.q}: ${r.matches} matches, ${r.planner.walked ? 'walked' : 'gin'} ${round2(r.planner.executionMs)} ms (gin ${round2(r.gin.executionMs)}, walk ${round2(r.walk.executionMs)})`,
        ),
      notes: [
        `Each statement is the one the API sends for the first page (searchRepository.rankedPageQuery), custom-planned, explained ${RUNS} times on one connection (the fastest counts), with timing off.`,
        'gin: enable_indexscan off (the GIN bitmap, then the newest matches sorted; the page join uses a bitmap too). walk: enable_bitmapscan off (down the date index, testing each article).',
        'matches: articles whose search vector matches the text query (the exact-keyword part aside).',
      ],
    };
  },
};
