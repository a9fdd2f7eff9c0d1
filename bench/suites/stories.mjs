// Suite "stories": what grouping articles into stories costs. Seeding the bundled corpus in
// its stories (storeInStories, as the server seeds); the backlog up to 100,000 articles left
// pending (what an upgraded database with no stories goes through once, clusterPending); then
// one fresh report at a time with 100,000 articles stored, as ingestion stores it: assigned
// before it is inserted (features, assignment, one write of the row, its story and the
// statistics), beside the former way (insert, then a pass that locks, reads and updates it) and
// an empty pass (lock and read, nothing to assign) measured in the same run; and the merge pass
// each ingestion run makes after its sources.
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

/**
 * Counts the time of the lede_* SQL functions from now on (track_functions, as superuser);
 * resolves to a function giving each one's calls and mean total and own time since, in ms.
 * Null when the server refuses.
 */
async function functionStats(pool) {
  try {
    await pool.query(`alter system set track_functions = 'all'`);
    await pool.query('select pg_reload_conf()');
    await pool.query('select pg_stat_reset()');
  } catch {
    return async () => null;
  }
  return async () => {
    await pool.query('select pg_stat_force_next_flush()').catch(() => undefined);
    const { rows } = await pool.query(
      `select funcname, calls::int, total_time, self_time from pg_stat_user_functions
        where funcname like 'lede\\_%' and calls > 0 order by total_time desc`,
    );
    await pool.query('alter system reset track_functions');
    await pool.query('select pg_reload_conf()');
    return Object.fromEntries(
      rows.map((r) => [
        r.funcname,
        {
          calls: r.calls,
          total: round3(r.total_time / r.calls),
          own: round3(r.self_time / r.calls),
        },
      ]),
    );
  };
}

export default {
  name: 'stories',
  description: `story clustering: the corpus at seeding, the backlog to ${SCALE}, one report at a time at ${SCALE}`,

  /** @param {import('../run.mjs').SuiteContext} ctx */
  async run({ api, log }) {
    const [{ seedCorpusIfEmpty }, stories, { storiesRepository }, { loadGeneratedArticles }] =
      await Promise.all([
        importApi('modules/articles/seed.js'),
        importApi('modules/stories/index.js'),
        importApi('modules/stories/stories.repository.js'),
        importTool('synthetic-articles.ts'),
      ]);
    // The one write of storeInStories, timed on its own (the rest is features and assignment).
    const writes = [];
    const insertInStories = storiesRepository.insertInStories;
    storiesRepository.insertInStories = async (...args) => {
      const t = performance.now();
      try {
        return await insertInStories.apply(storiesRepository, args);
      } finally {
        writes.push(performance.now() - t);
      }
    };
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
    /**
     * Reports stored as ingestion stores them, in one transaction: `inPassMs` is storeInStories
     * (features, assignment, the one write), `withCommitMs` adds the commit.
     */
    const timedStore = async (index, reports) => {
      const started = performance.now();
      let inPassMs = 0;
      await db.transaction(async (tx) => {
        const t = performance.now();
        await stories.storeInStories(tx, reports, { now: new Date(), index });
        inPassMs = performance.now() - t;
      });
      return { inPassMs, withCommitMs: performance.now() - started };
    };
    /** The floor of any write: one statement in a transaction, and its commit. */
    const timedStatement = async () => {
      const started = performance.now();
      let inPassMs = 0;
      await db.transaction(async (tx) => {
        const t = performance.now();
        await tx.execute('select 1');
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

    // The corpus as the server seeds it: written in its stories.
    await pool.query('delete from articles');
    await pool.query('truncate stories, story_terms');
    log('stories: seeding the bundled corpus in its stories');
    const corpus = await timed(() =>
      seedCorpusIfEmpty(db, logger, { write: stories.writeInStories({}) }),
    );
    const corpusStories = Number(
      (await pool.query('select count(*) from stories where merged_into is null')).rows[0].count,
    );

    log(`stories: generating up to ${SCALE} articles and clustering the backlog`);
    await loadGeneratedArticles(db, SCALE);
    const backlog = await timed(() => pass(undefined));
    await pool.query('analyze articles, stories, story_terms');

    // Fresh reports of real stories: corpus headlines, dated after the newest article.
    const { rows: newest } = await pool.query('select max(pub_date) as at from articles');
    const start = new Date(newest[0].at).getTime();
    const { rows: records } = await pool.query(
      `select title, description, keywords, categories, category_scores, terms, term_weights, words
         from articles where link not like '%#copy-%' order by pub_date desc limit $1`,
      [FRESH_REPORTS * 2],
    );
    let inserted = 0;
    /** `count` reports as ingestion hands them over (understood, not yet stored). */
    const newReports = (count) => {
      const reports = [];
      for (let i = 0; i < count; i++, inserted++) {
        const r = records[inserted % records.length];
        reports.push({
          title: r.title,
          description: r.description,
          creator: [],
          pubDate: new Date(start + (inserted + 1) * 60_000),
          imageUrl: null,
          link: `${FRESH_LINK}${inserted}`,
          sourceName: SOURCES[inserted % SOURCES.length],
          sourceUrl: null,
          sourceIcon: null,
          keywords: r.keywords,
          categories: r.categories,
          categoryScores: r.category_scores.map(Number),
          terms: r.terms,
          termWeights: r.term_weights.map(Number),
          words: r.words,
          titleKey: r.title.toLowerCase(),
          origin: 'rss',
        });
      }
      return reports;
    };
    /** Stores `count` reports without a story, as ingestion did before its pass; their ids. */
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
    const build = await timed(() => timedStore(index, newReports(1)));
    // Where the write's time goes, per SQL function (mean): its statements by the server.
    const functionTimes = await functionStats(pool);
    writes.length = 0;
    log(`stories: ${FRESH_REPORTS} reports one at a time, each way`);
    // Interleaved, on the same kept stories: each way pays the same load of the machine.
    const single = [];
    const insertedMs = [];
    const former = [];
    const features = [];
    const statement = [];
    const empty = [];
    const mergeRuns = [];
    for (let i = 0; i < FRESH_REPORTS; i++) {
      const reports = newReports(1);
      const t = performance.now();
      stories.articleFeatures({
        ...reports[0],
        id: 'x',
        source: reports[0].sourceName,
        publishedAt: reports[0].pubDate,
      });
      features.push(performance.now() - t);
      single.push(await timedStore(index, reports));
      mergeRuns.push(await timedMerge(index));
      const t0 = performance.now();
      const ids = await insertReports(1);
      insertedMs.push(performance.now() - t0);
      former.push(await timedPass(index, ids));
      statement.push(await timedStatement());
      empty.push(await timedPass(index, []));
    }
    const oneWriteMs = distribution(writes);
    // Each store of the loop made one write, in order: what it spent before that write is the
    // assignment (features, the choice of a story, the rows it will write).
    const assignmentMs = distribution(single.map((t, i) => t.inPassMs - writes[i]));
    const byFunction = await functionTimes();
    const batched = [];
    for (let i = 0; i < FRESH_REPORTS / BATCH; i++) {
      batched.push((await timedStore(index, newReports(BATCH))).inPassMs / BATCH);
    }

    const { rows: sizes } = await pool.query(
      `select count(*)::int as stories, count(*) filter (where size > 1)::int as grouped,
              max(size)::int as largest from stories where merged_into is null`,
    );
    const articles = Number((await pool.query('select count(*) from articles')).rows[0].count);
    const pendingLeft = Number(
      (await pool.query('select count(*) from articles where story_id is null')).rows[0].count,
    );
    await forgetStories();
    await pass(undefined);
    return {
      corpus: { seeded: corpus.result, stories: corpusStories, ms: Math.round(corpus.ms) },
      backlog: {
        ...backlog.result,
        ms: Math.round(backlog.ms),
        perArticleMs: round3(backlog.ms / backlog.result.assigned),
      },
      [`at${SCALE}`]: {
        articles,
        stories: sizes[0],
        pendingLeft,
        firstPassBuildsIndexMs: round3(build.ms),
        oneReportPerPassMs: distribution(single.map((t) => t.inPassMs)),
        oneReportPerPassWithCommitMs: distribution(single.map((t) => t.withCommitMs)),
        featuresMs: distribution(features),
        assignmentMs,
        oneReportWriteMs: oneWriteMs,
        writeByFunctionMeanMs: byFunction,
        formerInsertMs: distribution(insertedMs),
        formerPassMs: distribution(former.map((t) => t.inPassMs)),
        formerInsertThenPassWithCommitMs: distribution(
          former.map((t, i) => t.withCommitMs + insertedMs[i]),
        ),
        oneStatementMs: distribution(statement.map((t) => t.inPassMs)),
        oneStatementWithCommitMs: distribution(statement.map((t) => t.withCommitMs)),
        // After each pass, as after each ingestion run: the merge pass when due (every 30
        // minutes of the reports' time), else the check that it is not.
        mergePassMs: distribution(mergeRuns.filter((t) => t.mergePasses > 0).map((t) => t.ms)),
        mergeNotDueMs: distribution(mergeRuns.filter((t) => t.mergePasses === 0).map((t) => t.ms)),
        merges: mergeRuns.reduce((n, t) => n + t.merges, 0),
        perReportInWritesOf20Ms: distribution(batched),
        emptyPassMs: distribution(empty.map((t) => t.inPassMs)),
        emptyPassWithCommitMs: distribution(empty.map((t) => t.withCommitMs)),
      },
      notes: [
        'Each write is a transaction through the API code on the embedded PostgreSQL. oneReportPerPassMs is one report stored as ingestion stores it (storeInStories, the stories kept between writes, no merging): wink-nlp features, assignment, and one call (lede_insert_in_stories) that takes the advisory lock, checks the kept stories still hold, and inserts the article with its story, its story row and the statistics. featuresMs is the features of that report alone, measured just before.',
        'former*: the way before, in the same run and on the same kept stories: the report inserted without a story (formerInsertMs, its own commit), then a pass (clusterPending by id: lock, read of the pending row, features, assignment, the update of the row, its story and the statistics). emptyPassMs, that pass with nothing to assign (lock and read), and oneStatementMs, one statement in a transaction, are floors measured in the same run. The *WithCommit figures add the commit.',
        'mergePassMs is the merge pass an ingestion run makes after its sources when 30 minutes of article time have passed (its own transaction, commit included); mergeNotDueMs, the check when none is due.',
        'assignmentMs is oneReportPerPassMs without its one write: features, the choice of a story and the rows to write, the assignment proper. oneReportWriteMs is that one call alone, as the client waits for it; writeByFunctionMeanMs, the mean time of each SQL function per call over the same reports (track_functions; total includes the functions it calls, own excludes them).',
        'Fresh reports repeat recent corpus headlines from five sources, one minute apart, so most join an existing story; they come understood (terms, words), as ingestion hands them over.',
        'corpus: the bundled corpus seeded in its stories (writeInStories, as the server seeds); backlog: the generated articles, left pending, clustered in one pass. The suite leaves the bundled corpus and its generated copies clustered afresh, without its own reports.',
      ],
    };
  },
};
