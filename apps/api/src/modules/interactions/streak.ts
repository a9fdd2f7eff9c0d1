import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';

/** The calendar day of `at` in a time zone, as PostgreSQL computes it (YYYY-MM-DD). */
export const localDaySql = (at: Date, timezone: string) =>
  sql`(${at.toISOString()}::timestamptz at time zone ${timezone})::date`;

/**
 * Consecutive days, in the reader's time zone, with at least one article read. A run
 * that ended yesterday still counts (today is not over); one that ended earlier is 0.
 */
export async function readingStreak(
  db: DbExecutor,
  userId: string,
  timezone: string,
  now: Date,
): Promise<number> {
  const result = await db.execute<{ streak: number }>(sql`
    with days as (
      select distinct local_day from article_views where user_id = ${userId}
    ), today as (
      select ${localDaySql(now, timezone)} as d
    ), runs as (
      select local_day, local_day + (row_number() over (order by local_day desc))::int as run_key
      from days
    ), latest as (
      select run_key from runs
      where local_day >= (select d from today) - 1
      order by local_day desc limit 1
    )
    select count(*)::int as streak from runs where run_key = (select run_key from latest)
  `);
  return result.rows[0]?.streak ?? 0;
}
