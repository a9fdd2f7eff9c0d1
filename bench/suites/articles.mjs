// Suite "articles": the public reading endpoints on the bundled corpus, each next to the bare
// Express route measured in the same run, then search at 100,000 articles (generated from the
// corpus by apps/api/tools/synthetic-articles.ts).
import { importTool } from '../lib/tools.mjs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const API_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/dist');
const importApi = (relative) => import(pathToFileURL(path.join(API_DIST, relative)).href);

const SCALE = Number(process.env.BENCH_ARTICLES_SCALE || 100_000);
const SEARCHES = {
  phrase: 'climate change',
  prefix: 'elect',
  commonWord: 'trump',
};

export default {
  name: 'articles',
  description: `latest, trending, search, article by id, category on the corpus; search at ${SCALE} articles`,

  /** @param {import('../run.mjs').SuiteContext} ctx */
  async run({ api, bare, options, measure, log }) {
    const [{ seedCorpusIfEmpty }, { loadGeneratedArticles }] = await Promise.all([
      importApi('modules/articles/seed.js'),
      importTool('synthetic-articles.ts'),
    ]);
    const { db, pool } = api.deps;
    let started = Date.now();
    await seedCorpusIfEmpty(db, api.deps.logger);
    const seedMs = Date.now() - started;
    const count = async () =>
      Number((await pool.query('select count(*) from articles')).rows[0].count);
    const corpusSize = await count();
    const { rows } = await pool.query(
      'select id from articles order by pub_date desc limit 1 offset 100',
    );
    const articleId = rows[0].id;
    log(`articles: ${corpusSize} corpus articles loaded in ${seedMs} ms`);

    const get = (label, pathAndQuery, settle = api.drain) =>
      measure({ label, url: api.url, path: pathAndQuery, settle, options, log });
    const search = (q) => `/api/articles/getarticlebykeyword?keyword=${encodeURIComponent(q)}`;

    const corpus = {
      articles: corpusSize,
      seedMs,
      bareExpressHello: await measure({
        label: 'bare express GET /hello',
        url: bare.url,
        path: '/hello',
        settle: bare.drain,
        options,
        log,
      }),
      latest: await get('latest', '/api/articles/getlatestarticles'),
      trending: await get('trending', '/api/articles/getlatesttrendingarticles'),
      searchPhrase: await get(`search "${SEARCHES.phrase}"`, search(SEARCHES.phrase)),
      category: await get('category sports', search('sports')),
      articleById: await get(
        'article by id',
        `/api/articles/getarticlebyid?article_id=${articleId}`,
      ),
    };

    log(`articles: generating up to ${SCALE} articles`);
    started = Date.now();
    await loadGeneratedArticles(db, SCALE);
    const generateMs = Date.now() - started;
    // Statistics for what the searches read too (article_search, filled by a trigger).
    await pool.query('analyze articles, article_search');
    const scaled = {
      articles: await count(),
      generateMs,
      bareExpressHello: await measure({
        label: 'bare express GET /hello',
        url: bare.url,
        path: '/hello',
        settle: bare.drain,
        options,
        log,
      }),
      searchPhrase: await get(`search "${SEARCHES.phrase}" @${SCALE}`, search(SEARCHES.phrase)),
      searchPrefix: await get(`search "${SEARCHES.prefix}" @${SCALE}`, search(SEARCHES.prefix)),
      searchCommonWord: await get(
        `search "${SEARCHES.commonWord}" @${SCALE}`,
        search(SEARCHES.commonWord),
      ),
      latest: await get(`latest @${SCALE}`, '/api/articles/getlatestarticles'),
      trending: await get(`trending @${SCALE}`, '/api/articles/getlatesttrendingarticles'),
    };
    return {
      corpus,
      [`at${SCALE}`]: scaled,
      notes: [
        'Each figure is autocannon against the API on 127.0.0.1 with the default page size (50 articles).',
        `Search queries: ${JSON.stringify(SEARCHES)}; "sports" is a category lookup.`,
        'The bare Express route is re-measured before each block so it shares the machine state of the figures beside it.',
      ],
    };
  },
};
