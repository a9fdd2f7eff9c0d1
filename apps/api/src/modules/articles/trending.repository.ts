import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { ENGAGEMENT_WEIGHTS } from '../../lib/engagement.js';

/**
 * Trending = engagement with time decay, plus momentum (other recent coverage of the same story:
 * other sources in its story, other stories sharing its salient terms), all measured against the
 * newest article held. Formula and reasons: ./README.md#trending.
 */
export const TRENDING = {
  /** Candidates: articles up to this many days older than the newest one... */
  windowDays: 14,
  /** ...but always at least this many (a quiet fortnight still gives a full list)... */
  minCandidates: 200,
  /** ...and never more than this many (bounds the cost of every request). */
  maxCandidates: 2000,
  /** The one engagement definition (lib/engagement.ts), shared with the recommendations. */
  weights: ENGAGEMENT_WEIGHTS,
  /**
   * Score added per other source reporting the article's story, and per other story with a report
   * sharing two of its salient terms (lib/text, stored; a term inside another of its terms, "fiona"
   * beside "hurricane fiona", is not counted again).
   */
  momentumWeight: 1,
  /** Each candidate's heaviest terms are compared: what marks its subject (and at most 15 pairs). */
  termsPerArticle: 6,
  /** A term carried by more than max(5, 5 % of candidates) is too common to mark a subject ("biden"). */
  genericTermMinCount: 5,
  genericTermShare: 0.05,
  /** decay = (age_hours + offset)^gravity: a day-old story needs ~2.8× the weight of a fresh one. */
  decayOffsetHours: 24,
  gravity: 1.5,
} as const;

const num = (value: number) => sql.raw(String(value));

export const trendingRepository = {
  /** One page of trending article ids, best first. */
  async rankedIds(
    db: DbExecutor,
    {
      now,
      offset,
      limit,
      collapse = false,
    }: { now: Date; offset: number; limit: number; collapse?: boolean },
  ): Promise<string[]> {
    const t = TRENDING;
    const w = t.weights;
    const result = await db.execute<{ id: string }>(sql`
      with candidates as (
        select id, pub_date, source_name, terms, likes, dislikes, saves, shares, views,
               coalesce(story_id, id) as story,
               row_number() over (order by pub_date desc nulls last, id) as recency_rank
        from articles
        where pub_date <= ${now}::timestamptz
        order by pub_date desc nulls last, id
        limit ${num(t.maxCandidates)}
      ),
      anchor as (select max(pub_date) as at from candidates),
      pool as (
        select c.*, '| ' || array_to_string(c.terms[1:${num(t.termsPerArticle)}], ' | ') || ' |' as listed
        from candidates c cross join anchor
        where c.recency_rank <= ${num(t.minCandidates)}
           or c.pub_date >= anchor.at - make_interval(days => ${num(t.windowDays)})
      ),
      -- Other sources reporting the article's story.
      story_sources as (
        select story, count(distinct source_name) - 1 as others from pool group by story
      ),
      -- Each candidate's heaviest salient terms (stored distinct), but a term inside another of
      -- them (met again once its own entry is taken out): the longer one is the evidence. ("< 1",
      -- not "= 0": the planner's default guess for it keeps the joins below hash joins.)
      pool_terms as (
        select p.recency_rank as n, p.story, t.term
        from pool p cross join unnest(p.terms[1:${num(t.termsPerArticle)}]) as t(term)
        where strpos(replace(p.listed, '| ' || t.term || ' |', '|'), ' ' || t.term || ' ') < 1
      ),
      -- The terms that can mark a subject: carried by 2 candidates, not by too many.
      marker_terms as (
        select term from pool_terms group by term
        having count(*) between 2 and greatest(
          ${num(t.genericTermMinCount)}, (select count(*) from pool) * ${num(t.genericTermShare)})
      ),
      marked as (select n, story, term from pool_terms join marker_terms using (term)),
      -- Each candidate's pairs of marker terms: two candidates sharing a pair share two terms.
      term_pairs as (
        select a.n, a.story, a.term as t1, b.term as t2
        from marked a join marked b on b.n = a.n and b.term > a.term
      ),
      -- Other stories with a report sharing two of the article's terms: on its subject.
      related_stories as (
        select a.n, count(distinct b.story) as others
        from term_pairs a
        join term_pairs b on b.t1 = a.t1 and b.t2 = a.t2 and b.story <> a.story
        group by a.n
      ),
      momentum as (
        select p.id, coalesce(s.others, 0) + coalesce(r.others, 0) as related
        from pool p
        left join story_sources s on s.story = p.story
        left join related_stories r on r.n = p.recency_rank
      ),
      scored as (
        select p.id, p.pub_date, p.story,
          (1
            + greatest(${num(w.likes)} * p.likes + ${num(w.saves)} * p.saves + ${num(w.shares)} * p.shares
                       + ${num(w.views)} * p.views + ${num(w.dislikes)} * p.dislikes, 0)
            + ${num(t.momentumWeight)} * coalesce(m.related, 0))::float8
          / power(extract(epoch from (anchor.at - p.pub_date))::float8 / 3600 + ${num(t.decayOffsetHours)}, ${num(t.gravity)}) as score
        from pool p
        cross join anchor
        left join momentum m on m.id = p.id
      ),
      -- One card per story when collapsed: its best ranked member.
      ranked as (
        select s.*, row_number() over (partition by s.story
                                       order by s.score desc, s.pub_date desc nulls last, s.id) as nth
        from scored s
      )
      select id from ranked
      where ${collapse ? sql`nth = 1` : sql`true`}
      order by score desc, pub_date desc nulls last, id
      offset ${offset}
      limit ${limit}
    `);
    return result.rows.map((row) => row.id);
  },
};
