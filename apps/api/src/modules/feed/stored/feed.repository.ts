import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../../db/client.js';
import { articles, recommendations, users } from '../../../db/schema.js';
import { articleColumns, type ArticleRecord } from '../../articles/index.js';
import { at, uuidArray } from '../sql-fragments.js';

export type RecommendationStatus = (typeof recommendations.$inferSelect)['status'];

/** One item of a reader's feed with its article. */
export interface FeedRow {
  id: string;
  score: number;
  status: RecommendationStatus;
  reasons: string[];
  createdAt: Date;
  /** Its place in the stored feed (ascending; gaps where rows were retired). */
  position: number;
  article: ArticleRecord;
}

export interface StoredPick {
  articleId: string;
  score: number;
  reasons: string[];
}

const feedColumns = {
  id: recommendations.id,
  score: recommendations.score,
  status: recommendations.status,
  reasons: recommendations.reasons,
  createdAt: recommendations.createdAt,
  position: recommendations.position,
  article: articleColumns,
};

/** The transaction advisory lock on one reader's feed (two-key form: its own key space). */
async function lockFeed(tx: DbExecutor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lede:feed'), hashtext(${userId}))`);
}

/** A reader's stored feed: the rows of `recommendations`, written under the reader's feed lock. */
/** Retires the active feed's articles that match `where` (a condition on articles). */
async function retireWhere(db: DbExecutor, userId: string, where: SQL, now: Date): Promise<void> {
  await db
    .update(recommendations)
    .set({ retiredAt: now })
    .where(
      and(
        eq(recommendations.userId, userId),
        isNull(recommendations.retiredAt),
        sql`${recommendations.articleId} in (select id from articles where ${where})`,
      ),
    );
}

/**
 * The insert of `picks` at positions `from`, `from` + 1, ... with `builtAt` as their build time,
 * as a CTE returning the rows written. A row the reader already had takes its new place (an
 * active one only when `moveActive`: a rebuild reorders its feed, a next page never moves what
 * was shown); a read row is never touched, nor shown again. Articles deleted meanwhile are
 * skipped.
 */
function storedPicks(
  tx: DbExecutor,
  userId: string,
  picks: StoredPick[],
  { from, builtAt, moveActive }: { from: number; builtAt: Date; moveActive: boolean },
) {
  const rows = JSON.stringify(
    picks.map((p, i) => ({
      article_id: p.articleId,
      score: p.score,
      reasons: p.reasons,
      position: from + i,
    })),
  );
  return tx
    .$with('stored', {
      id: recommendations.id,
      articleId: recommendations.articleId,
      score: recommendations.score,
      status: recommendations.status,
      reasons: recommendations.reasons,
      createdAt: recommendations.createdAt,
      position: recommendations.position,
    })
    .as(
      sql`
      insert into recommendations (user_id, article_id, score, status, reasons, position, created_at)
      select ${userId}, p.article_id, p.score, 'new',
             array(select jsonb_array_elements_text(p.reasons)), p.position, ${at(builtAt)}
      from jsonb_to_recordset(${rows}::jsonb) as p(article_id uuid, score real, reasons jsonb, position int)
      join articles a on a.id = p.article_id
      where not exists (
        select 1 from recommendations r
        where r.user_id = ${userId} and r.article_id = p.article_id and r.status = 'read'
      )
      on conflict (user_id, article_id) do update set
        score = excluded.score, reasons = excluded.reasons, position = excluded.position,
        created_at = excluded.created_at, retired_at = null
      where recommendations.status <> 'read'${moveActive ? sql`` : sql` and recommendations.retired_at is not null`}
      returning id, article_id, score, status, reasons, created_at, position`,
    );
}

/** The FeedRow columns of `storedPicks`' rows joined with their articles. */
const storedColumns = (stored: ReturnType<typeof storedPicks>) => ({
  id: stored.id,
  score: stored.score,
  status: stored.status,
  reasons: stored.reasons,
  createdAt: stored.createdAt,
  position: stored.position,
  article: articleColumns,
});

export const feedRepository = {
  /**
   * Serialises one reader's feed writes (rebuilds, and the interests change that clears the
   * feed) on the advisory lock `lede:feed` + reader, and holds a KEY SHARE lock on the reader's
   * row so the account cannot be deleted meanwhile. KEY SHARE does not conflict with the row
   * lock that likes and saves take (FOR NO KEY UPDATE), so a reader's likes never wait for their
   * feed being ranked. Undefined when the account is gone.
   *
   * In the same round trip (one fewer per rebuild), the transaction's commit is made not to
   * wait for its WAL to reach the disk (PostgreSQL's asynchronous commit, for this transaction
   * only; only rebuilds, their previews and next pages take this lock). A rebuilt feed is
   * derived data, and a crash within the WAL writer's delay (a fraction of a second) loses at
   * most that rebuild (or next page), leaving the previous feed in place, consistent. A flush took 1.4 ms at the median and 13 ms
   * at the 99th percentile of refreshes under the recommendations bench. Steering and read
   * marks, which a reader typed, commit durably in their own transactions; a preview rolls back.
   */
  async lockReader(tx: DbExecutor, userId: string): Promise<{ interests: string[] } | undefined> {
    // One round trip: the advisory lock is taken while the row is read, and the row lock on
    // top of that (LockRows comes last), so the order is the one lockFeed + select had.
    const result = await tx.execute<{ interests: string[] }>(sql`
      select u.interests, set_config('synchronous_commit', 'off', true) as synchronous_commit
      from (select pg_advisory_xact_lock(hashtext('lede:feed'), hashtext(${userId}))) l
      cross join ${users} u
      where u.id = ${userId}
      for key share of u
    `);
    const row = result.rows[0];
    return row && { interests: row.interests };
  },

  /** The feed being shown, in order (an index range scan of recommendations_feed_idx). */
  async activeFeed(db: DbExecutor, userId: string): Promise<FeedRow[]> {
    return db
      .select(feedColumns)
      .from(recommendations)
      .innerJoin(articles, eq(articles.id, recommendations.articleId))
      .where(and(eq(recommendations.userId, userId), isNull(recommendations.retiredAt)))
      .orderBy(asc(recommendations.position));
  },

  async feedEntry(db: DbExecutor, userId: string, articleId: string): Promise<FeedRow | undefined> {
    const [row] = await db
      .select(feedColumns)
      .from(recommendations)
      .innerJoin(articles, eq(articles.id, recommendations.articleId))
      .where(and(eq(recommendations.userId, userId), eq(recommendations.articleId, articleId)));
    return row;
  },

  /**
   * Replaces the reader's feed with `picks` and returns it as activeFeed would, in one
   * statement: the feed shown so far is retired (except the picks it already held, which stay
   * and take their new place), the picks are stored, and the rows written are exactly the feed
   * now shown. A row the reader already had (shown before, back after its cooldown) re-enters
   * the feed; a read row is never touched by the insert, nor shown again. Articles deleted
   * meanwhile are skipped.
   */
  async replaceFeed(
    tx: DbExecutor,
    userId: string,
    picks: StoredPick[],
    now: Date,
  ): Promise<FeedRow[]> {
    // The retiring update and the insert must not touch the same row (one statement changes a
    // row once): the update leaves the unread picks to the insert, the insert skips read rows.
    // Data-modifying statements can only be top-level CTEs, hence two of them.
    const retired = tx.$with('retired', { id: recommendations.id }).as(sql`
      update recommendations set retired_at = ${at(now)}
      where user_id = ${userId} and retired_at is null
        and (status = 'read' or article_id <> all(${uuidArray(picks.map((p) => p.articleId))}))
      returning id`);
    const stored = storedPicks(tx, userId, picks, { from: 0, builtAt: now, moveActive: true });
    return tx
      .with(retired, stored)
      .select(storedColumns(stored))
      .from(stored)
      .innerJoin(articles, eq(articles.id, stored.articleId))
      .orderBy(asc(stored.position));
  },

  /**
   * Appends `picks` to the active feed from position `from`, as rows of the build of `builtAt`
   * (the feed keeps its age), and returns them as activeFeed would. The feed shown so far stays
   * as it is; a row the reader had before (shown and retired) comes back; a read row never.
   */
  async appendToFeed(
    tx: DbExecutor,
    userId: string,
    picks: StoredPick[],
    { from, builtAt }: { from: number; builtAt: Date },
  ): Promise<FeedRow[]> {
    const stored = storedPicks(tx, userId, picks, { from, builtAt, moveActive: false });
    return tx
      .with(stored)
      .select(storedColumns(stored))
      .from(stored)
      .innerJoin(articles, eq(articles.id, stored.articleId))
      .orderBy(asc(stored.position));
  },

  /** False when the article was never recommended to the reader. The first read time is kept. */
  async markRead(db: DbExecutor, userId: string, articleId: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(recommendations)
      .set({ status: 'read', readAt: sql`coalesce(${recommendations.readAt}, ${at(now)})` })
      .where(and(eq(recommendations.userId, userId), eq(recommendations.articleId, articleId)))
      .returning({ id: recommendations.id });
    return rows.length === 1;
  },

  /** Takes the article out of the reader's active feed at once (reader controls). */
  async retireArticle(db: DbExecutor, userId: string, articleId: string, now: Date) {
    await retireWhere(db, userId, sql`id = ${articleId}::uuid`, now);
  },

  /** Takes the source's articles out of the reader's active feed at once (reader controls). */
  async retireSource(db: DbExecutor, userId: string, sourceName: string, now: Date) {
    await retireWhere(db, userId, sql`source_name = ${sourceName}`, now);
  },

  /** Pass the transaction that changes the interests: a rebuild under way finishes first. */
  async clearFeed(db: DbExecutor, userId: string): Promise<void> {
    await lockFeed(db, userId);
    await db.delete(recommendations).where(eq(recommendations.userId, userId));
  },
};
