import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ActivityAction } from '@lede/shared';
import type { DbExecutor } from '../../db/client.js';
import type { BudgetAnswer } from '../../http/write-limits.js';
import {
  articleReactions,
  articles,
  articleShares,
  savedArticles,
  users,
} from '../../db/schema.js';
import { articleColumns } from '../articles/index.js';
import type { SavedPosition } from './saved-cursor.js';

/** The calendar day of `at` in a time zone, as PostgreSQL computes it (YYYY-MM-DD). */
const localDaySql = (at: Date, timezone: string) =>
  sql`(${at.toISOString()}::timestamptz at time zone ${timezone})::date`;

/** A save's time in epoch microseconds, exactly (JavaScript dates stop at milliseconds). */
const savedAtMicros = sql<string>`(extract(epoch from ${savedArticles.createdAt}) * 1000000)::bigint`;
/** The inverse of savedAtMicros, exact for every integer a cursor may hold. */
const fromEpochMicros = (micros: number) =>
  sql`(timestamptz 'epoch' + ${micros}::float8 * interval '1 microsecond')`;

export type ReactionKind = (typeof articleReactions.$inferSelect)['kind'];
export type CounterName = 'likes' | 'dislikes' | 'saves' | 'shares' | 'views';
export type ArticleCounts = Record<CounterName, number>;

/**
 * What a toggle function answers: `no-reader` when the account is gone; `over-budget` (only
 * when charged in the statement) when the reader's write budget refused it.
 */
export type ToggleResult<T> =
  | ({ outcome: 'ok'; counts: ArticleCounts } & T)
  | { outcome: 'no-reader' | 'no-article' | 'over-budget' };

type ToggleRow = { outcome: 'ok' | 'no-reader' | 'no-article' | 'over-budget' } & ArticleCounts;

/** A write charged to the reader's budget in its own statement: the budget's answer and the write's. */
export interface ChargedWrite<T> {
  budget: BudgetAnswer;
  value: T;
}

const countsOf = ({ likes, dislikes, saves, shares, views }: ArticleCounts): ArticleCounts => ({
  likes,
  dislikes,
  saves,
  shares,
  views,
});

interface UserArticle {
  userId: string;
  articleId: string;
}

export interface ActivityRow {
  id: string;
  action: ActivityAction;
  at: Date;
  updatedAt: Date;
  articleId: string;
  articleTitle: string;
}

/** Timestamps leave raw SQL as epoch milliseconds: node-postgres would give Drizzle's untyped strings. */
const epochMs = (column: 'activity.at' | 'activity.updated_at') =>
  sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

export const readerActionsRepository = {
  /**
   * Consecutive days, in the reader's time zone, with at least one article read. A run
   * that ended yesterday still counts (today is not over); one that ended earlier is 0.
   */
  async readingStreak(
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
  },

  /**
   * Account deletion: subtracts one reader's likes, dislikes, saves, shares and views from the
   * articles' counters, so counters keep matching rows once the reader's rows are gone. Shares
   * and views count readers, so the reader takes back one of each per article at most.
   */
  async takeBackReaderCounters(tx: DbExecutor, userId: string): Promise<void> {
    await tx.execute(sql`
      with contributions as (
        select article_id,
               count(*) filter (where kind = 'like') as likes,
               count(*) filter (where kind = 'dislike') as dislikes,
               0 as saves, 0 as shares, 0 as views
        from article_reactions where user_id = ${userId} group by article_id
        union all
        select article_id, 0, 0, count(*), 0, 0 from saved_articles where user_id = ${userId} group by article_id
        union all
        select article_id, 0, 0, 0, 1, 0 from article_shares where user_id = ${userId} group by article_id
        union all
        select article_id, 0, 0, 0, 0, 1 from article_views where user_id = ${userId} group by article_id
      ), totals as (
        select article_id, sum(likes)::int as likes, sum(dislikes)::int as dislikes, sum(saves)::int as saves,
               sum(shares)::int as shares, sum(views)::int as views
        from contributions group by article_id
      )
      update articles a set
        likes = greatest(a.likes - t.likes, 0),
        dislikes = greatest(a.dislikes - t.dislikes, 0),
        saves = greatest(a.saves - t.saves, 0),
        shares = greatest(a.shares - t.shares, 0),
        views = greatest(a.views - t.views, 0)
      from totals t
      where a.id = t.article_id
    `);
  },

  /**
   * Serialises one reader's own writes (a double click sends two toggles at once), so each sees
   * the state the previous one left; account deletion takes the same row first. Different
   * readers never wait on each other here. False when the account is gone.
   */
  async lockReader(tx: DbExecutor, userId: string): Promise<boolean> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    return rows.length === 1;
  },

  /**
   * Like or dislike, in one round trip (`lede_toggle_reaction`, migration 0030, first written in
   * 0007): the reader's row is locked; then, without `want`, the same kind again removes the
   * reaction and the other kind replaces it (its time restarts: a new action for the activity
   * list); with `want`, the reaction of `kind` becomes present (true, replacing the other kind)
   * or absent (false, leaving the other kind), and nothing is written when it already was. The
   * counters move by what changed.
   *
   * Why PL/pgSQL and not TypeScript here: the toggle locks, reads, writes and moves counters,
   * six statements. Sent one by one from a transaction they held a pooled connection idle in
   * transaction between round trips, and under `pnpm bench load` that put half the pool idle
   * and like/save p99 at 2.5 s; as one function call it is one round trip with the same
   * snapshots per statement. The rules therefore live in the migration, which spells them out.
   */
  async toggleReaction(
    db: DbExecutor,
    { userId, articleId }: UserArticle,
    kind: ReactionKind,
    at: Date,
    want?: boolean,
  ): Promise<ToggleResult<{ reaction: ReactionKind | null }>> {
    const result = await db.execute<ToggleRow & { reaction: ReactionKind | null }>(
      sql`select * from lede_toggle_reaction(${userId}, ${articleId}, ${kind}, ${at.toISOString()}::timestamptz, ${want ?? null}::boolean)`,
    );
    const row = result.rows[0]!;
    return row.outcome === 'ok'
      ? { outcome: 'ok', reaction: row.reaction, counts: countsOf(row) }
      : { outcome: row.outcome };
  },

  /**
   * Save or unsave, in one round trip (`lede_toggle_save`), like toggleReaction: a toggle without
   * `want`, else the save becomes `want` (nothing written when it already was).
   */
  async toggleSave(
    db: DbExecutor,
    { userId, articleId }: UserArticle,
    at: Date,
    want?: boolean,
  ): Promise<ToggleResult<{ saved: boolean }>> {
    const result = await db.execute<ToggleRow & { saved: boolean }>(
      sql`select * from lede_toggle_save(${userId}, ${articleId}, ${at.toISOString()}::timestamptz, ${want ?? null}::boolean)`,
    );
    const row = result.rows[0]!;
    return row.outcome === 'ok'
      ? { outcome: 'ok', saved: row.saved, counts: countsOf(row) }
      : { outcome: row.outcome };
  },

  /**
   * toggleReaction with the reader's write budget charged in the same statement
   * (`lede_charge_and_toggle_reaction`, migration 0032; `budgetArgs` from the budget's store):
   * one round trip for both. Over budget the outcome is `over-budget` and nothing is written.
   */
  async chargeAndToggleReaction(
    db: DbExecutor,
    budgetArgs: SQL,
    { userId, articleId }: UserArticle,
    kind: ReactionKind,
    at: Date,
    want?: boolean,
  ): Promise<ChargedWrite<ToggleResult<{ reaction: ReactionKind | null }>>> {
    const result = await db.execute<ToggleRow & BudgetAnswer & { reaction: ReactionKind | null }>(
      sql`select * from lede_charge_and_toggle_reaction(${budgetArgs}, ${userId}, ${articleId}, ${kind}, ${at.toISOString()}::timestamptz, ${want ?? null}::boolean)`,
    );
    const row = result.rows[0]!;
    return {
      budget: row,
      value:
        row.outcome === 'ok'
          ? { outcome: 'ok', reaction: row.reaction, counts: countsOf(row) }
          : { outcome: row.outcome },
    };
  },

  /** toggleSave with the budget charged in the same statement (`lede_charge_and_toggle_save`). */
  async chargeAndToggleSave(
    db: DbExecutor,
    budgetArgs: SQL,
    { userId, articleId }: UserArticle,
    at: Date,
    want?: boolean,
  ): Promise<ChargedWrite<ToggleResult<{ saved: boolean }>>> {
    const result = await db.execute<ToggleRow & BudgetAnswer & { saved: boolean }>(
      sql`select * from lede_charge_and_toggle_save(${budgetArgs}, ${userId}, ${articleId}, ${at.toISOString()}::timestamptz, ${want ?? null}::boolean)`,
    );
    const row = result.rows[0]!;
    return {
      budget: row,
      value:
        row.outcome === 'ok'
          ? { outcome: 'ok', saved: row.saved, counts: countsOf(row) }
          : { outcome: row.outcome },
    };
  },

  /**
   * Records a share: every share is a row (the reader's activity), but the shares counter moves
   * only for the reader's first share of the article, so it counts readers (one
   * account sharing 60 times once topped trending). One statement; the caller holds the reader's row
   * lock, so two shares of one reader cannot both be first. Undefined when the article does not
   * exist.
   */
  async recordShare(
    tx: DbExecutor,
    { userId, articleId }: UserArticle,
    at: Date,
  ): Promise<ArticleCounts | undefined> {
    const result = await tx.execute<ArticleCounts>(sql`
      with article as (
        select id, likes, dislikes, saves, shares, views from articles where id = ${articleId}
      ), shared_before as (
        select exists (
          select 1 from ${articleShares} where user_id = ${userId} and article_id = ${articleId}
        ) as yes
      ), recorded as (
        insert into ${articleShares} (user_id, article_id, created_at)
        select ${userId}, article.id, ${at.toISOString()}::timestamptz from article
        returning article_id
      ), counted as (
        update articles set shares = shares + 1
        where id in (select article_id from recorded) and not (select yes from shared_before)
        returning likes, dislikes, saves, shares, views
      )
      select likes, dislikes, saves, shares, views from counted
      union all
      select likes, dislikes, saves, shares, views from article
      where not exists (select 1 from counted)
    `);
    const row = result.rows[0];
    return row && countsOf(row);
  },

  /**
   * Records a reader opening an article, at most once per reader, article and day in the
   * reader's time zone (the streak counts these days); the views counter moves only for the
   * reader's first opening of the article, so it counts readers: reading it again another day,
   * or in another time zone, moves trending no more. One statement.
   */
  async recordView(
    db: DbExecutor,
    { userId, articleId }: UserArticle,
    timezone: string,
    at: Date,
  ): Promise<{ found: boolean; recorded: boolean }> {
    const result = await db.execute<{ found: boolean; recorded: boolean }>(sql`
      with article as (
        select id from articles where id = ${articleId}
      ), inserted as (
        insert into article_views (user_id, article_id, viewed_at, local_day)
        select ${userId}, article.id, ${at.toISOString()}::timestamptz, ${localDaySql(at, timezone)} from article
        on conflict do nothing
        returning article_id
      ), counted as (
        update articles set views = views + 1
        where id in (select article_id from inserted)
          and not exists (
            select 1 from article_views where user_id = ${userId} and article_id = ${articleId})
        returning id
      )
      select exists (select 1 from article) as found, exists (select 1 from counted) as recorded
    `);
    return result.rows[0] ?? { found: false, recorded: false };
  },

  async reactedArticleIds(
    db: DbExecutor,
    userId: string,
    kind: ReactionKind,
    limit: number,
  ): Promise<string[]> {
    const rows = await db
      .select({ articleId: articleReactions.articleId })
      .from(articleReactions)
      .where(and(eq(articleReactions.userId, userId), eq(articleReactions.kind, kind)))
      .orderBy(desc(articleReactions.updatedAt))
      .limit(limit);
    return rows.map((r) => r.articleId);
  },

  async savedArticleIds(db: DbExecutor, userId: string, limit: number): Promise<string[]> {
    const rows = await db
      .select({ articleId: savedArticles.articleId })
      .from(savedArticles)
      .where(eq(savedArticles.userId, userId))
      .orderBy(desc(savedArticles.createdAt))
      .limit(limit);
    return rows.map((r) => r.articleId);
  },

  /** Newest saved first (then by id), after `after` when given. */
  async savedArticles(db: DbExecutor, userId: string, limit: number, after?: SavedPosition) {
    return db
      .select({
        id: savedArticles.id,
        savedAt: savedArticles.createdAt,
        savedAtMicros: savedAtMicros.mapWith(Number),
        article: articleColumns,
      })
      .from(savedArticles)
      .innerJoin(articles, eq(articles.id, savedArticles.articleId))
      .where(
        and(
          eq(savedArticles.userId, userId),
          after &&
            sql`(${savedArticles.createdAt}, ${savedArticles.id}) < (${fromEpochMicros(after.savedAtMicros)}, ${after.id}::uuid)`,
        ),
      )
      .orderBy(desc(savedArticles.createdAt), desc(savedArticles.id))
      .limit(limit);
  },

  /** The reader's current reactions, saves and shares as one list, newest first. */
  async recentActivity(db: DbExecutor, userId: string, limit: number): Promise<ActivityRow[]> {
    const result = await db.execute<{
      id: string;
      action: ActivityAction;
      at: number;
      updated_at: number;
      article_id: string;
      article_title: string;
    }>(sql`
      select activity.id, activity.action, ${epochMs('activity.at')} as at,
             ${epochMs('activity.updated_at')} as updated_at, activity.article_id, a.title as article_title
      from (
        select id, kind as action, created_at as at, updated_at, article_id
        from article_reactions where user_id = ${userId}
        union all
        select id, 'save', created_at, created_at, article_id
        from saved_articles where user_id = ${userId}
        union all
        select id, 'share', created_at, created_at, article_id
        from article_shares where user_id = ${userId}
      ) activity
      join articles a on a.id = activity.article_id
      order by activity.at desc, activity.id desc
      limit ${limit}
    `);
    return result.rows.map((r) => ({
      id: r.id,
      action: r.action,
      at: new Date(r.at),
      updatedAt: new Date(r.updated_at),
      articleId: r.article_id,
      articleTitle: r.article_title,
    }));
  },
};

export type SavedArticleRow = Awaited<
  ReturnType<typeof readerActionsRepository.savedArticles>
>[number];
