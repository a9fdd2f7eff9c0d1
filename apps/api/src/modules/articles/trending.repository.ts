import { CATEGORY_IDS } from '@lede/shared';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { ENGAGEMENT_WEIGHTS } from '../../lib/engagement.js';

/**
 * Trending = engagement with time decay, plus momentum (other recent coverage
 * of the same story), all measured against the newest article held. Formula
 * and reasons: ./README.md#trending.
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
  /** Score added per related article in the window. */
  momentumWeight: 1,
  /** Two articles are about the same story when they share at least this many story keywords. */
  sharedKeywordsForStory: 2,
  /** A keyword carried by more than max(5, 5 % of candidates) is too generic to mark a story ("biden"). */
  genericKeywordMinCount: 5,
  genericKeywordShare: 0.05,
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
        select id, pub_date, keywords, likes, dislikes, saves, shares, views,
               coalesce(story_id, id) as story,
               row_number() over (order by pub_date desc nulls last, id) as recency_rank
        from articles
        where pub_date <= ${now}::timestamptz
        order by pub_date desc nulls last, id
        limit ${num(t.maxCandidates)}
      ),
      anchor as (select max(pub_date) as at from candidates),
      pool as (
        select c.* from candidates c cross join anchor
        where c.recency_rank <= ${num(t.minCandidates)}
           or c.pub_date >= anchor.at - make_interval(days => ${num(t.windowDays)})
      ),
      story_words as (
        select distinct p.id, k.word
        from pool p cross join unnest(p.keywords) as k(word)
        where k.word <> all(${sql.param([...CATEGORY_IDS])}::text[])
      ),
      marker_words as (
        select word from story_words group by word
        having count(*) between 2 and greatest(
          ${num(t.genericKeywordMinCount)}, (select count(*) from pool) * ${num(t.genericKeywordShare)})
      ),
      story_links as (
        select a.id
        from story_words a
        join marker_words using (word)
        join story_words b on b.word = a.word and b.id <> a.id
        group by a.id, b.id
        having count(*) >= ${num(t.sharedKeywordsForStory)}
      ),
      momentum as (select id, count(*) as related from story_links group by id),
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
