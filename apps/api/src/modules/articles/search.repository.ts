import { arrayContains, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { articles } from '../../db/schema.js';
import { articleColumns, type ArticleRecord } from './articles.repository.js';

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
}

/** One page of a search's ranking: `id` and `ord` (0-based rank among the candidates), best first. */
function rankedSql({ tsQuery, keyword, anchor, offset, limit }: SearchInput): SQL {
  const query = sql`to_tsquery('english', ${tsQuery})`;
  const hasKeyword = arrayContains(articles.keywords, [keyword]);
  // float8 throughout: numeric power() costs far more per row than the ranking itself.
  const ageDays = sql`greatest(extract(epoch from (${anchor.toISOString()}::timestamptz - candidates.pub_date))::float8, 0) / 86400`;
  const freshness = sql`(0.5 + 0.5 * power(0.5::float8, ${ageDays} / ${num(FRESHNESS_HALF_LIFE_DAYS)}))`;
  // The text matches and the articles holding the exact keyword are read apart (disjoint):
  // tested together, every article walked paid for the keyword test too. When the keyword,
  // read as text, matches the query (`abortion`, `new york`), its articles are text matches
  // already (keywords are part of `search`) and the second part is not run at all.
  const matching = (where: SQL) => sql`
    select ${articles.id} as id, ${articles.pubDate} as pub_date, ${articles.search} as search,
           ${hasKeyword} as exact
    from ${articles}
    where ${where}
    order by ${articles.pubDate} desc nulls last, ${articles.id}
    limit ${num(SEARCH_CANDIDATES)}`;
  // The candidates carry their search vector out of the limit, and ts_rank_cd runs on those
  // SEARCH_CANDIDATES rows only: inside, the planner computes it for every match before the sort.
  return sql`
    select scored.id, (row_number() over (order by scored.score desc, scored.pub_date desc nulls last, scored.id) - 1)::int as ord
    from (
      select candidates.id, candidates.pub_date,
             (ts_rank_cd(candidates.search, ${query}) + case when candidates.exact then ${num(EXACT_KEYWORD_BONUS)}::float8 else 0 end)
               * ${freshness} as score
      from (
        select * from (
          (${matching(sql`${articles.search} @@ ${query}`)})
          union all
          (${matching(sql`not (to_tsvector('english', ${keyword}) @@ ${query}) and ${hasKeyword} and not (${articles.search} @@ ${query})`)})
        ) matched
        order by pub_date desc nulls last, id
        limit ${num(SEARCH_CANDIDATES)}
      ) candidates
    ) scored
    order by ord
    offset ${offset}
    limit ${limit}`;
}

export const searchRepository = {
  /** The newest article's date up to `now` (`now` when none is older): see freshness-anchor.ts. */
  async freshnessAnchor(db: DbExecutor, now: Date): Promise<Date> {
    const result = await db.execute<{ at: string }>(
      sql`select coalesce(max(pub_date), ${now.toISOString()}::timestamptz) as at from ${articles} where pub_date <= ${now.toISOString()}::timestamptz`,
    );
    return new Date(result.rows[0]!.at);
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
   * primary-key join on the page's ids), in ranked order.
   */
  async rankedPage(db: DbExecutor, input: SearchInput): Promise<ArticleRecord[]> {
    return db
      .select(articleColumns)
      .from(articles)
      .innerJoin(sql`(${rankedSql(input)}) as ranked`, sql`ranked.id = ${articles.id}`)
      .orderBy(sql`ranked.ord`);
  },
};
