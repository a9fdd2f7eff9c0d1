import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../../db/client.js';
import { articles, readerControls } from '../../../db/schema.js';

export type ReaderControlKind = (typeof readerControls.$inferSelect)['kind'];
const STEER_ROW_KINDS: ReaderControlKind[] = ['steer_up', 'steer_down', 'steer_off'];
export interface ReaderControlRow {
  kind: ReaderControlKind;
  value: string;
  count: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The rows of reader_controls (hidden sources, muted topics, removed learned topics). */
export const readerControlsRepository = {
  /** Articles per source published in (since, until], without the `leftOut` sources. */
  async articlesBySource(
    db: DbExecutor,
    since: Date,
    until: Date,
    leftOut: readonly string[],
  ): Promise<Map<string, number>> {
    const rows = await db
      .select({ source: articles.sourceName, count: sql<number>`count(*)::int` })
      .from(articles)
      .where(
        and(
          sql`${articles.pubDate} > ${since.toISOString()}`,
          sql`${articles.pubDate} <= ${until.toISOString()}`,
          leftOut.length > 0
            ? sql`${articles.sourceName} <> all(${sql.param([...leftOut])}::text[])`
            : undefined,
        ),
      )
      .groupBy(articles.sourceName);
    return new Map(rows.map((r) => [r.source, r.count]));
  },

  async all(db: DbExecutor, userId: string): Promise<ReaderControlRow[]> {
    return db
      .select({
        kind: readerControls.kind,
        value: readerControls.value,
        count: readerControls.count,
        createdAt: readerControls.createdAt,
        updatedAt: readerControls.updatedAt,
      })
      .from(readerControls)
      .where(eq(readerControls.userId, userId))
      .orderBy(asc(readerControls.createdAt), asc(readerControls.kind), asc(readerControls.value));
  },

  /**
   * Adds the rows; an existing (kind, value) is counted once more (`bump`) or only re-dated.
   */
  async add(
    db: DbExecutor,
    userId: string,
    rows: Array<{ kind: ReaderControlKind; value: string }>,
    now: Date,
    { bump }: { bump: boolean },
  ): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insert(readerControls)
      .values(rows.map((r) => ({ ...r, userId, count: 1, createdAt: now, updatedAt: now })))
      .onConflictDoUpdate({
        target: [readerControls.userId, readerControls.kind, readerControls.value],
        set: {
          count: bump ? sql`${readerControls.count} + 1` : readerControls.count,
          updatedAt: now,
        },
      });
  },

  /**
   * Steering (issue 18): one row per target, of kind `steer_<state>`, value `<kind>:<key>`;
   * `none` leaves no row. Idempotent.
   */
  async setSteering(
    db: DbExecutor,
    userId: string,
    kind: 'subject' | 'category',
    key: string,
    state: 'up' | 'down' | 'off' | 'none',
    now: Date,
  ): Promise<void> {
    const value = `${kind}:${key}`;
    const target = state === 'none' ? undefined : (`steer_${state}` as const);
    await db.delete(readerControls).where(
      and(
        eq(readerControls.userId, userId),
        inArray(
          readerControls.kind,
          STEER_ROW_KINDS.filter((k) => k !== target),
        ),
        eq(readerControls.value, value),
      ),
    );
    if (!target) return;
    await db
      .insert(readerControls)
      .values({ userId, kind: target, value, count: 1, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
  },

  /** The article's categories and topic words, which "Fewer like this" mutes. */
  async articleTopics(
    db: DbExecutor,
    articleId: string,
  ): Promise<{ categories: string[]; keywords: string[] } | undefined> {
    const [article] = await db
      .select({ categories: articles.categories, keywords: articles.keywords })
      .from(articles)
      .where(eq(articles.id, articleId));
    return article;
  },

  /** Removes every row of these kinds. */
  async removeKinds(db: DbExecutor, userId: string, kinds: ReaderControlKind[]): Promise<void> {
    await db
      .delete(readerControls)
      .where(and(eq(readerControls.userId, userId), inArray(readerControls.kind, kinds)));
  },

  /** True when a row was removed. */
  async remove(
    db: DbExecutor,
    userId: string,
    kinds: ReaderControlKind[],
    value: string,
  ): Promise<boolean> {
    const rows = await db
      .delete(readerControls)
      .where(
        and(
          eq(readerControls.userId, userId),
          inArray(readerControls.kind, kinds),
          eq(readerControls.value, value),
        ),
      )
      .returning({ value: readerControls.value });
    return rows.length > 0;
  },
};
