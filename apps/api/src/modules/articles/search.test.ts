import { DEFAULT_ARTICLE_IMAGE_PATH } from '@lede/shared';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles } from '../../../test/fixtures.js';
import { openDatabase } from '../../db/client.js';
import { CACHED_DATA_PAGE_COSTS } from '../../db/embedded.js';
import { buildPrefixTsQuery } from './search-query.js';
import { searchRepository } from './search.repository.js';

let ctx: TestContext;
const at = (month: number, day: number) => new Date(Date.UTC(2022, month - 1, day, 12));

beforeAll(async () => {
  // Articles are written straight into the database here, as another instance would: no
  // prepared answers are kept, so each request reads the table (the cache: prepared-responses.test.ts).
  ctx = await createTestContext({ publicCacheSeconds: 0 });
  await insertArticles(ctx.deps.db, [
    // Title match, and two months older than the description-only match below.
    {
      title: 'Technology giants face new blockchain rules',
      description: 'Regulators in Brussels agreed on a package.',
      pubDate: at(7, 1),
    },
    {
      title: 'Local bakery opens its doors',
      description: 'The owners used clever technology and a blockchain to cut waste.',
      pubDate: at(9, 1),
    },
    {
      title: 'Factory floor changes',
      description: 'Automation arrives.',
      keywords: ['covid-19', 'new york'],
      pubDate: at(8, 1),
    },
    ...Array.from({ length: 7 }, (_, i) => ({
      title: `Solar farm number ${i + 1} connected`,
      description: 'Panels everywhere.',
      pubDate: at(6, i + 1),
    })),
  ]);
});
afterAll(async () => {
  await ctx.close();
});

const search = (keyword: string, query: Record<string, string | number> = {}) =>
  ctx
    .request()
    .get('/api/articles/getarticlebykeyword')
    .query({ keyword, ...query });
const titles = (body: { articles: { title: string }[] }) => body.articles.map((a) => a.title);

describe('GET /api/articles/getarticlebykeyword as free-text search', () => {
  it('ranks a title match above a newer description-only match', async () => {
    const res = await search('blockchain').expect(200);
    expect(titles(res.body)).toEqual([
      'Technology giants face new blockchain rules',
      'Local bakery opens its doors',
    ]);
  });

  it('matches the last word as a prefix', async () => {
    expect(titles((await search('technol').expect(200)).body)).toEqual([
      'Technology giants face new blockchain rules',
      'Local bakery opens its doors',
    ]);
    expect(titles((await search('bakery ope').expect(200)).body)).toEqual([
      'Local bakery opens its doors',
    ]);
    expect(titles((await search('Brussel').expect(200)).body)).toEqual([
      'Technology giants face new blockchain rules',
    ]);
  });

  it('finds exact keywords, including ones the text search would split', async () => {
    expect(titles((await search('COVID-19').expect(200)).body)).toEqual(['Factory floor changes']);
    expect(titles((await search('New York').expect(200)).body)).toEqual(['Factory floor changes']);
  });

  it('supports quoted phrases and exclusions', async () => {
    expect(titles((await search('"farm number 3"').expect(200)).body)).toEqual([
      'Solar farm number 3 connected',
    ]);
    expect(titles((await search('blockchain -bakery').expect(200)).body)).toEqual([
      'Technology giants face new blockchain rules',
    ]);
  });

  it('prefers the fresher of two equally relevant articles', async () => {
    const res = await search('solar', { limit: 2 }).expect(200);
    expect(titles(res.body)).toEqual([
      'Solar farm number 7 connected',
      'Solar farm number 6 connected',
    ]);
  });

  it('pages through ranked results without repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: Response = await search(
        'solar',
        cursor ? { limit: 3, cursor } : { limit: 3 },
      ).expect(200);
      seen.push(...titles(res.body));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });

  it('shows each article exactly as its own endpoint and the latest list do', async () => {
    // Microseconds, no picture, no source address: the stored JSON the page is written from
    // (pubDate as ISO text, the default image added) must match the shared serialiser.
    await ctx.database.pool.query(
      `update articles set pub_date = '2022-06-03 12:00:00.291999+00', image_url = null,
         source_url = null, creator = '{}' where title = 'Solar farm number 3 connected'`,
    );
    const answer = await search('solar').expect(200);
    const found = answer.body.articles as { _id: string }[];
    const latest = (await ctx.request().get('/api/articles/getlatestarticles').expect(200)).body
      .articles as { _id: string }[];
    expect(found).toHaveLength(7);
    for (const article of found) {
      const own = await ctx
        .request()
        .get('/api/articles/getarticlebyid')
        .query({ article_id: article._id })
        .expect(200);
      expect(article).toEqual(own.body.article);
      expect(article).toEqual(latest.find((a) => a._id === article._id));
      // Byte for byte: the search page is written from the stored JSON, not serialised again.
      expect(answer.text).toContain(JSON.stringify(own.body.article));
    }
    const third = found.find((a) => (a as { title?: string }).title?.endsWith('3 connected'));
    expect(third).toMatchObject({
      pubDate: '2022-06-03T12:00:00.291Z',
      image_url: DEFAULT_ARTICLE_IMAGE_PATH,
      source_url: null,
      creator: [],
    });
  });

  it('plans every search for its own words, however often its statement ran', async () => {
    // One connection, so every search below reuses the one prepared statement.
    const single = openDatabase(ctx.database.pool.options.connectionString!, 1);
    try {
      const anchor = new Date(Date.UTC(2022, 8, 1));
      const words = ['solar', 'blockchain', 'technol', 'farm', 'bakery', 'panels', 'factory'];
      for (const word of [...words, ...words]) {
        const rows = await searchRepository.rankedPage(single.db, {
          tsQuery: buildPrefixTsQuery(word)!,
          keyword: word,
          anchor,
          offset: 0,
          limit: 3,
          collapse: true,
        });
        expect(rows.length, word).toBeGreaterThan(0);
      }
      const { rows } = await single.pool.query(
        `select current_setting('plan_cache_mode') as mode, generic_plans::int as generic,
                custom_plans::int as custom
           from pg_prepared_statements where name = 'lede_search_page'`,
      );
      expect(rows).toEqual([{ mode: 'force_custom_plan', generic: 0, custom: 14 }]);
    } finally {
      await single.close();
    }
  });

  it('runs on a server that prices page reads as for data held in memory', async () => {
    // With PostgreSQL's defaults (1 and 4) the planner walks the date index for words with a
    // few thousand matches at 100,000 articles, where the GIN index costs half (search-plans).
    const { rows } = await ctx.database.pool.query(
      `select current_setting('seq_page_cost') as seq_page_cost,
              current_setting('random_page_cost') as random_page_cost`,
    );
    expect(rows).toEqual([CACHED_DATA_PAGE_COSTS]);
  });

  it('follows an article through a corrected title, a new date and its deletion', async () => {
    const { pool } = ctx.database;
    const [harbour] = await insertArticles(ctx.deps.db, [
      { title: 'Quiet harbour reopens', description: 'Boats return.', pubDate: at(5, 1) },
    ]);
    expect(titles((await search('harbour').expect(200)).body)).toEqual(['Quiet harbour reopens']);
    await pool.query(`update articles set title = 'Quiet marina reopens' where id = $1`, [
      harbour!.id,
    ]);
    expect(titles((await search('harbour').expect(200)).body)).toEqual([]);
    expect(titles((await search('marina').expect(200)).body)).toEqual(['Quiet marina reopens']);
    // Newer than every solar farm: it now leads a search both match, all else equal.
    await pool.query(
      `update articles set title = 'Solar marina reopens', pub_date = $2 where id = $1`,
      [harbour!.id, at(9, 30)],
    );
    expect(titles((await search('solar', { limit: 1 }).expect(200)).body)).toEqual([
      'Solar marina reopens',
    ]);
    await pool.query(`update articles set likes = likes + 1 where id = $1`, [harbour!.id]);
    const inStep = async () =>
      (
        await pool.query(
          `select count(*)::int as articles, count(s.article_id)::int as rows,
                  count(*) filter (where s.pub_date is distinct from a.pub_date
                    or s.keywords is distinct from a.keywords or s.search is distinct from a.search)::int as stale
             from articles a left join article_search s on s.article_id = a.id`,
        )
      ).rows[0];
    const before = await inStep();
    expect(before).toEqual({ articles: before.articles, rows: before.articles, stale: 0 });
    await pool.query('delete from articles where id = $1', [harbour!.id]);
    expect((await search('marina').expect(200)).body.articles).toEqual([]);
    const { rows } = await pool.query('select count(*)::int as n from article_search');
    expect(rows[0].n).toBe(before.articles - 1);
  });

  it('answers an empty list for unknown words', async () => {
    expect((await search('zyxwvut').expect(200)).body).toEqual({ articles: [], nextCursor: null });
    expect((await search('the').expect(200)).body).toEqual({ articles: [], nextCursor: null });
  });

  it('never fails on odd input', async () => {
    const odd = [
      '"',
      '&|!',
      '(',
      ')',
      ':*',
      '🙂',
      '🙂 solar',
      'a'.repeat(200),
      "'",
      "o'brien",
      '\\',
      '<->',
      '!!!',
      'a & b',
      'foo:*bar',
      '-',
      '--x',
      'or',
      'solar or',
      'OR OR',
      '-solar',
      '%',
      'null',
      '\uD800',
      'ﬁnance',
      '((((',
      '" unclosed phrase',
      'word:A',
      'x'.repeat(199) + ':',
    ];
    for (const keyword of odd) {
      const res = await search(keyword);
      expect(res.status, JSON.stringify(keyword)).toBe(200);
      expect(Array.isArray(res.body.articles)).toBe(true);
    }
    const res = await ctx.request().get('/api/articles/getarticlebykeyword?keyword=%FF%FE%28');
    expect(res.status).toBeLessThan(500);
    // Control characters (NUL included) are refused by the shared schema before any query.
    for (const keyword of ['\u0000', 'solar\u0000', 'a\tb', '\u009b']) {
      const refused = await search(keyword);
      expect(refused.status, JSON.stringify(keyword)).toBe(400);
      expect(refused.body.message).toBe('Text must not contain control characters.');
    }
  });

  it('builds queries PostgreSQL always accepts, whatever the input (randomised)', async () => {
    const alphabet = [...`ab z9 "'-&|!():*<>\\\t%_~é`, 'or', 'OR', '🙂', 'ß', '\u0301'];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const queries = Array.from({ length: 2000 }, () =>
      Array.from(
        { length: 1 + Math.floor(random() * 12) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join(''),
    )
      .map(buildPrefixTsQuery)
      .filter((q): q is string => q !== null);
    expect(queries.length).toBeGreaterThan(500);
    const { rows } = await ctx.database.pool.query(
      `select count(to_tsquery('english', q))::int as n from unnest($1::text[]) as q`,
      [queries],
    );
    expect(rows[0].n).toBe(queries.length);
  });

  it('refuses a cursor it did not issue', async () => {
    const offset = (o: number) => Buffer.from(JSON.stringify({ o })).toString('base64url');
    for (const cursor of ['not-a-cursor', offset(-1), offset(1e20), offset(1.5)]) {
      const res = await search('solar', { cursor });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid cursor');
    }
    expect((await search('solar', { cursor: offset(5000) }).expect(200)).body).toEqual({
      articles: [],
      nextCursor: null,
    });
  });
});
