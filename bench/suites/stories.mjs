// Suite "stories": what grouping articles into stories costs. Clustering the bundled
// corpus as seeding does; the backlog up to 100,000 articles (what an upgraded database with
// no stories goes through once); then one fresh report at a time, as ingestion assigns it, with
// 100,000 articles stored: per article, the whole pass (lock, features, assignment, writes),
// beside an empty pass (lock and reads, nothing to assign) measured in the same run; and the
// merge pass each ingestion run makes after its sources.
import { quantile } from '../lib/quantile.mjs';
import { importTool } from '../lib/tools.mjs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const API_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/dist');
const importApi = (relative) => import(pathToFileURL(path.join(API_DIST, relative)).href);

const SCALE = Number(process.env.BENCH_ARTICLES_SCALE || 100_000);
const FRESH_REPORTS = Number(process.env.BENCH_STORY_REPORTS || 300);
const BATCH = 20;
const SOURCES = ['Coast Herald', 'Pacific Wire', 'Daily Ledger', 'Morning Post', 'Evening Star'];
const FRESH_LINK = 'https://bench.stories.invalid/';

const round3 = (n) => Math.round(n * 1000) / 1000;
function distribution(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: round3(quantile(sorted, 0.5)),
    p90: round3(quantile(sorted, 0.9)),
    p99: round3(quantile(sorted, 0.99)),
    max: round3(sorted.at(-1)),
  };
}

export default {
  name: 'stories',
  description: `story clustering: the corpus at seeding, the backlog to ${SCALE}, one report at a time at ${SCALE}`,

  /** @param {import('../run.mjs').SuiteContext} ctx */
  async run({ api, log }) {
    const [{ seedCorpusIfEmpty }, stories, { loadGeneratedArticles }] = await Promise.all([
      importApi('modules/articles/seed.js'),
      importApi('modules/stories/index.js'),
      importTool('synthetic-articles.ts'),
    ]);
    const { db, pool, logger } = api.deps;
    const pass = (index, now = new Date()) =>
      db.transaction((tx) => stories.clusterPending(tx, { now, index }));
    /**
     * A pass as ingestion runs it, inside the transaction that stored the articles: `inPassMs`
     * is the assignment's own time, `withCommitMs` adds the commit (whose WAL flush ingestion
     * pays for the articles anyway).
     */
    const timedPass = async (index, articleIds) => {
      const started = performance.now();
      let inPassMs = 0;
      await db.transaction(async (tx) => {
        const t = performance.now();
        await stories.clusterPending(tx, { now: new Date(), index, articleIds, merge: false });
        inPassMs = performance.now() - t;
      });
      return { inPassMs, withCommitMs: performance.now() - started };
    };
    /** The merge pass an ingestion run makes after its sources, in a transaction of its own. */
    const timedMerge = async (index) => {
      const started = performance.now();
      const { mergePasses, merges } = await db.transaction((tx) =>
        stories.mergeDueStories(tx, { now: new Date(), index }),
      );
      return { ms: performance.now() - started, mergePasses, merges };
    };
    const timed = async (fn) => {
      const started = performance.now();
      const result = await fn();
      return { ms: performance.now() - started, result };
    };
    const forgetStories = async () => {
      await pool.query(`delete from articles where link like '${FRESH_LINK}%'`);
      await pool.query(
        'update articles set story_id = null, story_rule = null, story_score = null, story_shared_terms = null where story_id is not null',
      );
      await pool.query('truncate stories, story_terms');
    };

    await seedCorpusIfEmpty(db, logger);
    await forgetStories();
    log('stories: clustering the bundled corpus');
    const corpus = await timed(() => pass(undefined));

    log(`stories: generating up to ${SCALE} articles and clustering the backlog`);
    await loadGeneratedArticles(db, SCALE);
    const backlog = await timed(() => pass(undefined));
    await pool.query('analyze articles, stories, story_terms');

    // Fresh reports of real stories: corpus headlines, dated after the newest article.
    const { rows: newest } = await pool.query('select max(pub_date) as at from articles');
    const start = new Date(newest[0].at).getTime();
    const { rows: records } = await pool.query(
      `select title, description, keywords, categories from articles
        where link not like '%#copy-%' order by pub_date desc limit $1`,
      [FRESH_REPORTS * 2],
    );
    let inserted = 0;
    /** Stores `count` reports, as ingestion does before its pass; their ids. */
    const insertReports = async (count) => {
      const values = [];
      for (let i = 0; i < count; i++, inserted++) {
        const r = records[inserted % records.length];
        values.push([
          r.title,
          r.description,
          new Date(start + (inserted + 1) * 60_000).toISOString(),
          `${FRESH_LINK}${inserted}`,
          SOURCES[inserted % SOURCES.length],
          r.title.toLowerCase(),
          JSON.stringify(r.keywords),
          JSON.stringify(r.categories),
        ]);
      }
      const { rows: ids } = await pool.query(
        `insert into articles (title, description, pub_date, link, source_name, title_key, keywords, categories)
         select t.title, t.description, t.pub_date, t.link, t.source_name, t.title_key,
                array(select json_array_elements_text(t.keywords)), array(select json_array_elements_text(t.categories))
           from unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::json[], $8::json[])
             as t(title, description, pub_date, link, source_name, title_key, keywords, categories)
         returning id`,
        [0, 1, 2, 3, 4, 5, 6, 7].map((k) => values.map((v) => v[k])),
      );
      return ids.map((r) => r.id);
    };

    const index = stories.createStoryIndex();
    await insertReports(1);
    const build = await timed(() => pass(index));
    log(`stories: ${FRESH_REPORTS} reports one at a time`);
    const single = [];
    const mergeRuns = [];
    for (let i = 0; i < FRESH_REPORTS; i++) {
      single.push(await timedPass(index, await insertReports(1)));
      mergeRuns.push(await timedMerge(index));
    }
    const batched = [];
    for (let i = 0; i < FRESH_REPORTS / BATCH; i++) {
      batched.push((await timedPass(index, await insertReports(BATCH))).inPassMs / BATCH);
    }
    const empty = [];
    for (let i = 0; i < FRESH_REPORTS; i++) empty.push(await timedPass(index, []));

    const { rows: sizes } = await pool.query(
      `select count(*)::int as stories, count(*) filter (where size > 1)::int as grouped,
              max(size)::int as largest from stories where merged_into is null`,
    );
    const articles = Number((await pool.query('select count(*) from articles')).rows[0].count);
    await forgetStories();
    await pass(undefined);
    return {
      corpus: { ...corpus.result, ms: Math.round(corpus.ms) },
      backlog: {
        ...backlog.result,
        ms: Math.round(backlog.ms),
        perArticleMs: round3(backlog.ms / backlog.result.assigned),
      },
      [`at${SCALE}`]: {
        articles,
        stories: sizes[0],
        firstPassBuildsIndexMs: round3(build.ms),
        oneReportPerPassMs: distribution(single.map((t) => t.inPassMs)),
        oneReportPerPassWithCommitMs: distribution(single.map((t) => t.withCommitMs)),
        // After each pass, as after each ingestion run: the merge pass when due (every 30
        // minutes of the reports' time), else the check that it is not.
        mergePassMs: distribution(mergeRuns.filter((t) => t.mergePasses > 0).map((t) => t.ms)),
        mergeNotDueMs: distribution(mergeRuns.filter((t) => t.mergePasses === 0).map((t) => t.ms)),
        merges: mergeRuns.reduce((n, t) => n + t.merges, 0),
        perReportInPassesOf20Ms: distribution(batched),
        emptyPassMs: distribution(empty.map((t) => t.inPassMs)),
        emptyPassWithCommitMs: distribution(empty.map((t) => t.withCommitMs)),
      },
      notes: [
        'Each pass is a transaction through the API code (clusterPending) on the embedded PostgreSQL: advisory lock, pending read, wink-nlp features, assignment, and the writes (one statement: articles, stories, story_terms).',
        'oneReportPerPassMs is the cost of assigning one article as ingestion does (inside its transaction, by id, the index kept between passes, no merging); emptyPassMs, a pass with nothing to assign, is its floor in the same run. The *WithCommit figures add the commit, which ingestion pays for the stored articles anyway.',
        'mergePassMs is the merge pass an ingestion run makes after its sources when 30 minutes of article time have passed (its own transaction, commit included); mergeNotDueMs, the check when none is due.',
        'Fresh reports repeat recent corpus headlines from five sources, one minute apart, so most join an existing story.',
        'The suite leaves the bundled corpus and its generated copies clustered afresh, without its own reports.',
      ],
    };
  },
};
