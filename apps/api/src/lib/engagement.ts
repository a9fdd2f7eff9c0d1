import { sql, type SQL } from 'drizzle-orm';

/**
 * The one definition of an article's engagement, used by trending (articles module), the
 * recommendation ranker's popularity signal and candidate source, and the offline
 * evaluation's trending baseline: likes + 2·saves + 3·shares + 0.25·views − dislikes, never
 * below 0. A share is the strongest public signal (the reader puts their name on it), a view
 * the weakest (it costs nothing and includes disappointed readers); a dislike cancels a like.
 * Each counter counts readers, not events (a reader's repeated shares and openings move
 * `shares` and `views` once: reader-actions.repository.ts), so no one reader outweighs others.
 */
export const ENGAGEMENT_WEIGHTS = {
  likes: 1,
  saves: 2,
  shares: 3,
  views: 0.25,
  dislikes: -1,
} as const;

export interface EngagementCounts {
  likes: number;
  saves: number;
  shares: number;
  views: number;
  dislikes: number;
}

/** Engagement of one article (≥ 0). */
export function engagementOf(a: EngagementCounts): number {
  const w = ENGAGEMENT_WEIGHTS;
  const e =
    w.likes * a.likes +
    w.saves * a.saves +
    w.shares * a.shares +
    w.views * a.views +
    w.dislikes * a.dislikes;
  return Number.isFinite(e) && e > 0 ? e : 0;
}

/** The same formula in SQL over the counter columns of `alias` (e.g. `a`, or none). */
export function engagementSql(alias = ''): SQL {
  const w = ENGAGEMENT_WEIGHTS;
  const p = alias ? `${alias}.` : '';
  return sql.raw(
    `greatest(${w.likes} * ${p}likes + ${w.saves} * ${p}saves + ${w.shares} * ${p}shares` +
      ` + ${w.views} * ${p}views + ${w.dislikes} * ${p}dislikes, 0)`,
  );
}
