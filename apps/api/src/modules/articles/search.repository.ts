import { arrayContains, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { articles } from '../../db/schema.js';

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
  now: Date;
  offset: number;
  limit: number;
}

export const searchRepository = {
  /**
   * Full-text matches over title (A), keywords (B) and description (C), plus
   * articles carrying the exact keyword, best first:
   * (ts_rank_cd + exact-keyword bonus) × freshness, where freshness is measured
   * from the newest article held (not the wall clock), so an old corpus ranks
   * the same way on any day. Only the newest SEARCH_CANDIDATES matches are
   * ranked, which keeps a very common word as cheap as a rare one.
   *
   * The candidates are found and scored on narrow rows (id, date, rank) while
   * their search vectors are at hand; the page's ids come back in order, and the
   * caller reads those rows in full (articlesRepository.findByIdsInOrder).
   */
  async rankedIds(
    db: DbExecutor,
    { tsQuery, keyword, now, offset, limit }: SearchInput,
  ): Promise<string[]> {
    const query = sql`to_tsquery('english', ${tsQuery})`;
    const hasKeyword = arrayContains(articles.keywords, [keyword]);
    const anchor = sql`coalesce((select max(pub_date) from articles where pub_date <= ${now}::timestamptz), ${now}::timestamptz)`;
    // float8 throughout: numeric power() costs far more per row than the ranking itself.
    const ageDays = sql`greatest(extract(epoch from (${anchor} - candidates.pub_date))::float8, 0) / 86400`;
    const freshness = sql`(0.5 + 0.5 * power(0.5::float8, ${ageDays} / ${num(FRESHNESS_HALF_LIFE_DAYS)}))`;
    const rows = await db.execute<{ id: string }>(sql`
      select candidates.id,
             (candidates.rank + case when candidates.exact then ${num(EXACT_KEYWORD_BONUS)}::float8 else 0 end)
               * ${freshness} as score
      from (
        select ${articles.id} as id, ${articles.pubDate} as pub_date,
               ts_rank_cd(${articles.search}, ${query}) as rank, ${hasKeyword} as exact
        from ${articles}
        where ${articles.search} @@ ${query} or ${hasKeyword}
        order by ${articles.pubDate} desc nulls last, ${articles.id}
        limit ${num(SEARCH_CANDIDATES)}
      ) candidates
      order by score desc, candidates.pub_date desc nulls last, candidates.id
      offset ${offset}
      limit ${limit}`);
    return rows.rows.map((row) => row.id);
  },
};
