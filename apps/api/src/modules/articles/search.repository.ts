import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { poolOf, type Database, type DbExecutor } from '../../db/client.js';
import { articleSearch, articles } from '../../db/schema.js';
import { publicJsonSelect } from './articles.repository.js';
import type { PublicArticleJsonSource } from './articles.serializer.js';
import { parseSearch, type ParsedSearch, type SearchTerm } from './search-query.js';
import {
  PAIR_BONUS,
  SHARE_OF_BEST,
  weighedTerms,
  weightsWithoutFrequencies,
  type SearchWeights,
} from './search-weights.js';

/** Bonus for an exact keyword hit (the whole search is one of the article's keywords), as coverage. */
export const EXACT_KEYWORD_BONUS = 0.25;
/** A term found only in the description counts this share of its weight (title, keywords: all). */
export const DESCRIPTION_CREDIT = 0.75;
/**
 * Freshness moves a score by at most this share: factor = 1 − 0.15 + 0.15 · 0.5^(age_days / 90),
 * so an article matching more of a question stays above a newer one matching less.
 */
export const FRESHNESS_SHARE = 0.15;
export const FRESHNESS_HALF_LIFE_DAYS = 90;
/**
 * How strongly the terms are there (PostgreSQL's cover density, `ts_rank_cd`, scaled to 0–1:
 * a word three times in the title, close together) adds at most this much: it orders articles
 * matching as much of the search, never one matching less above one matching more.
 */
export const DENSITY_SHARE = 0.1;

/** How many results a search pages to, at most. */
export const SEARCH_CANDIDATES = 300;
/**
 * How many candidates (the newest) a search scores: when every term must match, as many as it
 * shows; when a share suffices, more, as some fall short of it.
 */
export const SEARCH_SCAN_ALL = SEARCH_CANDIDATES;
export const SEARCH_SCAN_ANY = 2000;

const num = (value: number) => sql.raw(String(value));

export interface SearchInput {
  /** buildPrefixTsQuery's text for the search: a search without one finds nothing. */
  tsQuery: string;
  /** The search as typed, lowercased (searchKeyword): read again into its terms (parseSearch). */
  keyword: string;
  /** What freshness is measured from: the newest article held (see freshness-anchor.ts). */
  anchor: Date;
  offset: number;
  limit: number;
  /** One result per story, its best match (the default). */
  collapse?: boolean;
}

/** The values a search statement takes, by placeholder name. */
type SearchValues = {
  all: boolean;
  /** A term has symbol words: the candidates carry their `words`. */
  withWords: boolean;
  candidateQuery: string | null;
  candidateSymbols: string[];
  excludedQuery: string | null;
  excludedSymbols: string[];
  scan: number;
  altTerms: number[];
  altQueries: string[];
  altHeadQueries: string[];
  altSymbols: string[];
  weights: number[];
  pairQueries: string[];
  pairWeights: number[];
  needed: number;
  total: number;
  keyword: string;
  anchor: string;
  offset: number;
  limit: number;
  collapse: boolean;
};
const value = (name: keyof SearchValues) => sql.placeholder(name);
const tsQueryOf = (text: SQL) => sql`to_tsquery('english', ${text})`;

/**
 * One page of a search's ranking: `id` and `ord` (0-based rank among the results), best first.
 *
 * 1. Candidates, on the narrow rows of article_search: the articles matching every term (`all`),
 *    or one of the terms an article cannot do without (`any`, search-weights.ts), minus the
 *    excluded ones; the newest `scan` of them.
 * 2. Each candidate's matched weight (the terms it holds) and credit (full in the title or
 *    keywords, DESCRIPTION_CREDIT in the description only), plus the bonus of the typed pairs it
 *    holds side by side; those below `needed`, or below SHARE_OF_BEST of the best candidate's
 *    matched weight, leave.
 * 3. score = ((credit + pairs) / total + density + exact keyword bonus) × freshness; ties newest first;
 *    one per story when collapsed.
 */
function rankedSql(): SQL {
  const all = sql`${value('all')}::boolean`;
  const candidateQuery = tsQueryOf(sql`${value('candidateQuery')}::text`);
  const candidateSymbols = sql`${value('candidateSymbols')}::text[]`;
  // Every condition is written so that, planned for its own values, what does not apply folds
  // away (constant tests on the bound values): a walk down the dates tests only what is left,
  // and never reads the `words` or `keywords` of an article when the search has no use for them.
  const symbols = (name: 'candidateSymbols' | 'excludedSymbols') =>
    sql`cardinality(${value(name)}::text[]) > 0`;
  const textMatch = sql`(${value('candidateQuery')}::text is not null and ${articleSearch.search} @@ ${candidateQuery})`;
  // The whole search as one of its keywords (`covid-19`, which the search vector splits into
  // 'covid' and '-19'): the article matches every term. When the search, read as text, matches
  // the query, those articles are text matches already, and this is not tested at all.
  const hasKeyword = sql`${articleSearch.keywords} @> array[${value('keyword')}::text]`;
  const candidate = sql`(
      (${all} and (${value('candidateQuery')}::text is null or ${articleSearch.search} @@ ${candidateQuery})
              and (not ${symbols('candidateSymbols')} or ${articleSearch.words} @> ${candidateSymbols}))
      or (not ${all} and (${textMatch} or (${symbols('candidateSymbols')} and ${articleSearch.words} && ${candidateSymbols})))
      or (not coalesce(to_tsvector('english', ${value('keyword')}::text) @@ ${candidateQuery}, false) and ${hasKeyword}))
    and not coalesce(${articleSearch.search} @@ ${tsQueryOf(sql`${value('excludedQuery')}::text`)}, false)
    and not (${symbols('excludedSymbols')} and ${articleSearch.words} && ${value('excludedSymbols')}::text[])`;
  // float8 throughout: numeric power() costs far more per row than the ranking itself.
  const ageDays = sql`greatest(extract(epoch from (${value('anchor')}::timestamptz - candidates.pub_date))::float8, 0) / 86400`;
  const freshness = sql`(${num(1 - FRESHNESS_SHARE)} + ${num(FRESHNESS_SHARE)} * power(0.5::float8, ${ageDays} / ${num(FRESHNESS_HALF_LIFE_DAYS)}))`;
  // The candidates carry their vectors out of the limit, and the terms are tested on those rows
  // only: inside, the planner computes its select list for every match before the sort.
  return sql`
    with alts as materialized (
      select a.term::int as term,
             case when a.q = '' then null else to_tsquery('english', a.q) end as q,
             case when a.q = '' then null else to_tsquery('english', a.h) end as head,
             case when a.s = '' then null else string_to_array(a.s, ' ') end as syms
      from unnest(${value('altTerms')}::int[], ${value('altQueries')}::text[],
                  ${value('altHeadQueries')}::text[], ${value('altSymbols')}::text[]) as a(term, q, h, s)
    ),
    weights as materialized (
      select (w.n - 1)::int as term, w.weight
      from unnest(${value('weights')}::float8[]) with ordinality as w(weight, n)
    ),
    pairs as materialized (
      select to_tsquery('english', p.q) as q, p.weight
      from unnest(${value('pairQueries')}::text[], ${value('pairWeights')}::float8[]) as p(q, weight)
    ),
    candidates as materialized (
      select ${articleSearch.articleId} as id, ${articleSearch.pubDate} as pub_date,
             ${articleSearch.search} as search, ${hasKeyword} as exact,
             -- Carried through the sort only when a term has symbols (NULL, folded, otherwise).
             case when ${value('withWords')}::boolean then ${articleSearch.words} end as words
      from ${articleSearch}
      where ${candidate}
      order by ${articleSearch.pubDate} desc nulls last, ${articleSearch.articleId}
      limit ${value('scan')}
    ),
    -- Set-based, not a subquery per candidate: each candidate's terms, then its sums.
    hits as (
      select c.id, a.term, bool_or(a.q is null or c.search @@ a.head) as head
      from candidates c
      join alts a on (a.q is null or c.search @@ a.q) and (a.syms is null or c.words @> a.syms)
      group by c.id, a.term
    ),
    matched as (
      select h.id, sum(w.weight) as weight,
             sum(w.weight * case when h.head then 1 else ${num(DESCRIPTION_CREDIT)} end) as credit
      from hits h join weights w on w.term = h.term
      group by h.id
    ),
    paired as (
      select c.id, sum(p.weight) as weight
      from candidates c join pairs p on c.search @@ p.q
      group by c.id
    )
    select best.id, (row_number() over (order by best.score desc, best.pub_date desc nulls last, best.id) - 1)::int as ord
    from (
    select scored.*, row_number() over (partition by scored.story
                                        order by scored.score desc, scored.pub_date desc nulls last, scored.id) as nth
    from (
    select scored.*, max(scored.matched) over () as best_matched
    from (
      select candidates.id, candidates.pub_date,
             coalesce((select a.story_id from ${articles} a where a.id = candidates.id), candidates.id) as story,
             ((case when candidates.exact then ${value('total')}::float8 else coalesce(matched.credit, 0) end
               + coalesce(paired.weight, 0)) / ${value('total')}::float8
              + ${num(DENSITY_SHARE)} * coalesce(ts_rank_cd(candidates.search, ${candidateQuery}, 32), 0)
              + case when candidates.exact then ${num(EXACT_KEYWORD_BONUS)}::float8 else 0 end)
               * ${freshness} as score,
             case when candidates.exact then ${value('total')}::float8 else coalesce(matched.weight, 0) end as matched
      from candidates
      left join matched on matched.id = candidates.id
      left join paired on paired.id = candidates.id
    ) scored
    ) scored
    where scored.matched >= ${value('needed')}::float8 and scored.matched >= scored.best_matched * ${num(SHARE_OF_BEST)}
    ) best
    where best.nth = 1 or not ${value('collapse')}::boolean
    order by ord
    offset ${value('offset')}
    limit ${value('limit')}`;
}

/**
 * A ranked page as one fixed statement: its text is built once, here, and every search only
 * binds its values. Building it per search and mapping the rows through the query builder
 * cost more API CPU than everything else a search does. It is sent as a named
 * statement, so each connection parses it once.
 */
const rankedPageStatement = new PgDialect().sqlToQuery(sql`
  select ${publicJsonSelect}
  from ${articles}
  inner join (${rankedSql()}) as ranked on ranked.id = ${articles.id}
  order by ranked.ord`);

/** A term's alternatives as one text query (any of them) and their symbol words, for counting. */
function termFilter(term: SearchTerm): { query: string; symbols: string } {
  const queries = term.alternatives.flatMap((alt) => alt.tsQuery ?? []);
  // An alternative with symbols and words ("c++ developers") is counted by its words alone.
  const symbols = term.alternatives
    .filter((alt) => alt.tsQuery === null)
    .flatMap((alt) => alt.symbols);
  return { query: queries.join(' | '), symbols: [...new Set(symbols)].join(' ') };
}

/** The statement's values for a search and its weights. */
function searchValues(
  search: ParsedSearch,
  weights: SearchWeights,
  { keyword, anchor, offset, limit, collapse = true }: SearchInput,
): SearchValues {
  const chosen = weights.candidateTerms.map((i) => termFilter(search.terms[i]!));
  const all = weights.mode === 'all';
  const queries = chosen.map((filter) => filter.query).filter(Boolean);
  const symbols = chosen.flatMap((filter) => filter.symbols.split(' ').filter(Boolean));
  const alternatives = search.terms.flatMap((term, i) =>
    term.alternatives.map((alt) => ({ term: i, ...alt })),
  );
  return {
    all,
    withWords: alternatives.some((alt) => alt.symbols.length > 0),
    candidateQuery:
      queries.length === 0 ? null : queries.map((q) => `(${q})`).join(all ? ' & ' : ' | '),
    candidateSymbols: [...new Set(symbols)],
    excludedQuery: search.excludedTsQuery,
    excludedSymbols: search.excludedSymbols,
    scan: all ? SEARCH_SCAN_ALL : SEARCH_SCAN_ANY,
    altTerms: alternatives.map((alt) => alt.term),
    altQueries: alternatives.map((alt) => alt.tsQuery ?? ''),
    altHeadQueries: alternatives.map((alt) => alt.headQuery ?? ''),
    altSymbols: alternatives.map((alt) => alt.symbols.join(' ')),
    weights: weights.weights,
    pairQueries: search.pairs.map((pair) => pair.tsQuery),
    pairWeights: search.pairs.map(
      (pair) => PAIR_BONUS * (weights.weights[pair.first]! + weights.weights[pair.second]!),
    ),
    needed: weights.needed,
    total: weights.total,
    keyword,
    anchor: anchor.toISOString(),
    offset,
    limit,
    collapse,
  };
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
   * The statement `rankedPage` sends for `input`, named and with its values bound: `pnpm bench
   * search-plans` explains exactly this.
   */
  rankedPageQuery(
    input: SearchInput,
    search: ParsedSearch | null = parseSearch(input.keyword),
    weights: SearchWeights | null = search && weightsWithoutFrequencies(search),
  ): pg.QueryConfig {
    if (!search || !weights)
      throw new Error('a search of more than two terms is weighed first (searchWeightsOf)');
    return {
      // Prepared once per connection; planned for each search's own values (openDatabase). Behind a
      // transaction pooler (DATABASE_POOLER=transaction) the name is dropped: parsed each time.
      name: 'lede_search_page',
      text: rankedPageStatement.sql,
      values: fillPlaceholders(rankedPageStatement.params, searchValues(search, weights, input)),
    };
  },

  /** The weights of a search's terms (search-weights.ts); null when no article holds any. */
  async searchWeightsOf(db: Database, search: ParsedSearch): Promise<SearchWeights | null> {
    const short = weightsWithoutFrequencies(search);
    if (short) return short;
    const { articles, frequencies } = await searchRepository.documentFrequencies(db, search.terms);
    return weighedTerms(frequencies, articles);
  },

  /**
   * How many articles hold each term (any of its alternatives), and how many articles there
   * are: the planner's count once the table was analysed, else a count.
   */
  async documentFrequencies(
    db: Database,
    terms: readonly SearchTerm[],
  ): Promise<{ articles: number; frequencies: number[] }> {
    const filters = terms.map(termFilter);
    const result = await poolOf(db).query<{ articles: number; frequencies: number[] }>({
      name: 'lede_search_frequencies',
      text: `select coalesce((select reltuples::float8 from pg_class
                               where oid = 'article_search'::regclass and reltuples >= 1000),
                              (select count(*)::float8 from article_search)) as articles,
                    array(select (select count(*)::int from article_search s
                                   where s.search @@ t.q or s.words && t.syms)
                            from (select case when f.q = '' then null else to_tsquery('english', f.q) end as q,
                                         string_to_array(f.s, ' ') as syms, f.n
                                    from unnest($1::text[], $2::text[]) with ordinality as f(q, s, n)) t
                           order by t.n) as frequencies`,
      values: [filters.map((f) => f.query), filters.map((f) => f.symbols)],
    });
    const row = result.rows[0]!;
    return { articles: Number(row.articles), frequencies: row.frequencies };
  },

  /**
   * A page of the articles matching enough of the search, best first (rankedSql). Only the newest
   * SEARCH_SCAN_ALL / SEARCH_SCAN_ANY candidates are scored, which keeps a very common word as
   * cheap as a rare one; freshness is measured from the newest article held (not the wall
   * clock), so an old corpus ranks the same way on any day. The page's articles are read in the
   * same statement (a primary-key join on the page's ids), in ranked order, as their stored
   * public JSON.
   */
  async rankedPage(db: Database, input: SearchInput): Promise<PublicArticleJsonSource[]> {
    const search = parseSearch(input.keyword);
    const weights = search && (await searchRepository.searchWeightsOf(db, search));
    if (!search || !weights) return [];
    const result = await poolOf(db).query<PublicArticleJsonSource>(
      searchRepository.rankedPageQuery(input, search, weights),
    );
    return result.rows;
  },
};
