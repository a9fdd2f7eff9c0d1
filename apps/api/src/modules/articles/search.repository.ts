import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { poolOf, type Database, type DbExecutor } from '../../db/client.js';
import { articleSearch, articles } from '../../db/schema.js';
import { publicJsonSelect } from './articles.repository.js';
import type { PublicArticleJsonSource } from './articles.serializer.js';

/** Bonus for an exact keyword hit, equal to ts_rank_cd's default weight of the keywords (B) part. */
export const EXACT_KEYWORD_BONUS = 0.4;
/** Freshness never costs more than half the relevance: factor = 0.5 + 0.5 · 0.5^(age_days / 90). */
export const FRESHNESS_HALF_LIFE_DAYS = 90;

/** How many matches (the newest) are ranked; also the deepest result a search pages to. */
export const SEARCH_CANDIDATES = 300;

const num = (value: number) => sql.raw(String(value));

export interface SearchInput {
  /** `to_tsquery` text from buildPrefixTsQuery: always syntactically valid. */
  tsQuery: string;
  /** The search as typed, lowercased: also matched as one whole keyword. */
  keyword: string;
  /** What freshness is measured from: the newest article held (see freshness-anchor.ts). */
  anchor: Date;
  offset: number;
  limit: number;
  /** One result per story, its best match. */
  collapse: boolean;
}

/** The values a search statement takes, by placeholder name. */
type SearchValues = {
  tsQuery: string;
  keyword: string;
  anchor: string;
  offset: number;
  limit: number;
  collapse: boolean;
};
const value = (name: keyof SearchValues) => sql.placeholder(name);

/** One page of a search's ranking: `id` and `ord` (0-based rank among the candidates), best first. */
function rankedSql(): SQL {
  const query = sql`to_tsquery('english', ${value('tsQuery')})`;
  const hasKeyword = sql`${articleSearch.keywords} @> array[${value('keyword')}::text]`;
  // float8 throughout: numeric power() costs far more per row than the ranking itself.
  const ageDays = sql`greatest(extract(epoch from (${value('anchor')}::timestamptz - candidates.pub_date))::float8, 0) / 86400`;
  const freshness = sql`(0.5 + 0.5 * power(0.5::float8, ${ageDays} / ${num(FRESHNESS_HALF_LIFE_DAYS)}))`;
  // The text matches and the articles holding the exact keyword are read apart (disjoint):
  // tested together, every article walked paid for the keyword test too. When the keyword,
  // read as text, matches the query (`abortion`, `new york`), its articles are text matches
  // already (keywords are part of `search`) and the second part is not run at all.
  // On the narrow rows of article_search (see schema.ts), not the articles' full rows.
  const matching = (where: SQL) => sql`
    select ${articleSearch.articleId} as id, ${articleSearch.pubDate} as pub_date,
           ${articleSearch.search} as search, ${hasKeyword} as exact
    from ${articleSearch}
    where ${where}
    order by ${articleSearch.pubDate} desc nulls last, ${articleSearch.articleId}
    limit ${num(SEARCH_CANDIDATES)}`;
  // The candidates carry their search vector out of the limit, and ts_rank_cd runs on those
  // SEARCH_CANDIDATES rows only: inside, the planner computes it for every match before the sort.
  // One result per story when collapsed: its best match (the story read by primary key, for
  // the candidates only).
  return sql`
    select best.id, (row_number() over (order by best.score desc, best.pub_date desc nulls last, best.id) - 1)::int as ord
    from (
    select scored.*, row_number() over (partition by scored.story
                                        order by scored.score desc, scored.pub_date desc nulls last, scored.id) as nth
    from (
      select candidates.id, candidates.pub_date,
             coalesce((select a.story_id from ${articles} a where a.id = candidates.id), candidates.id) as story,
             (ts_rank_cd(candidates.search, ${query}) + case when candidates.exact then ${num(EXACT_KEYWORD_BONUS)}::float8 else 0 end)
               * ${freshness} as score
      from (
        select * from (
          (${matching(sql`${articleSearch.search} @@ ${query}`)})
          union all
          (${matching(sql`not (to_tsvector('english', ${value('keyword')}) @@ ${query}) and ${hasKeyword} and not (${articleSearch.search} @@ ${query})`)})
        ) matched
        order by pub_date desc nulls last, id
        limit ${num(SEARCH_CANDIDATES)}
      ) candidates
    ) scored
    ) best
    where best.nth = 1 or not ${value('collapse')}::boolean
    order by ord
    offset ${value('offset')}
    limit ${value('limit')}`;
}

/**
 * A ranked page as one fixed statement: its text is built once, here, and every search only
 * binds its values. Building it per search and mapping the rows through the query builder
 * cost more API CPU than everything else a search does (issue 18). It is sent as a named
 * statement, so each connection parses it once.
 */
const rankedPageStatement = new PgDialect().sqlToQuery(sql`
  select ${publicJsonSelect}
  from ${articles}
  inner join (${rankedSql()}) as ranked on ranked.id = ${articles.id}
  order by ranked.ord`);

export const searchRepository = {
  /** The newest article's date up to `now` (`now` when none is older): see freshness-anchor.ts. */
  async freshnessAnchor(db: DbExecutor, now: Date): Promise<Date> {
    const result = await db.execute<{ at: string }>(
      sql`select coalesce(max(pub_date), ${now.toISOString()}::timestamptz) as at from ${articles} where pub_date <= ${now.toISOString()}::timestamptz`,
    );
    return new Date(result.rows[0]!.at);
  },

  /**
   * The statement `rankedPage` sends for `input`, named and with its values bound: `pnpm bench
   * search-plans` explains exactly this.
   */
  rankedPageQuery({
    tsQuery,
    keyword,
    anchor,
    offset,
    limit,
    collapse,
  }: SearchInput): pg.QueryConfig {
    const values: SearchValues = {
      tsQuery,
      keyword,
      anchor: anchor.toISOString(),
      offset,
      limit,
      collapse,
    };
    return {
      // Prepared once per connection; planned for each search's own values (openDatabase).
      name: 'lede_search_page',
      text: rankedPageStatement.sql,
      values: fillPlaceholders(rankedPageStatement.params, values),
    };
  },

  /**
   * Full-text matches over title (A), keywords (B) and description (C), plus
   * articles carrying the exact keyword, best first:
   * (ts_rank_cd + exact-keyword bonus) × freshness, where freshness is measured
   * from the newest article held (not the wall clock), so an old corpus ranks
   * the same way on any day. Only the newest SEARCH_CANDIDATES matches are
   * ranked, which keeps a very common word as cheap as a rare one.
   *
   * The candidates are found on narrow rows (id, date, search vector) and scored
   * after the limit; the page's articles are read in the same statement (a
   * primary-key join on the page's ids), in ranked order, as their stored public JSON.
   */
  async rankedPage(db: Database, input: SearchInput): Promise<PublicArticleJsonSource[]> {
    const result = await poolOf(db).query<PublicArticleJsonSource>(
      searchRepository.rankedPageQuery(input),
    );
    return result.rows;
  },
};
