import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../../db/client.js';
import { articles, readerControls, recommendations } from '../../../db/schema.js';

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
/** A control row as the controls read it. */
const controlColumns = {
  kind: readerControls.kind,
  value: readerControls.value,
  count: readerControls.count,
  createdAt: readerControls.createdAt,
  updatedAt: readerControls.updatedAt,
};

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
      .select(controlColumns)
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
   * Steering: one row per target, of kind `steer_<state>`, value `<kind>:<key>`;
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

  /** What "Fewer like this" reads of the article: its stored salient terms and its text. */
  async articleSubject(
    db: DbExecutor,
    articleId: string,
  ): Promise<
    | {
        title: string;
        description: string;
        keywords: string[];
        terms: string[];
        termWeights: number[];
      }
    | undefined
  > {
    const [article] = await db
      .select({
        title: articles.title,
        description: articles.description,
        keywords: articles.keywords,
        terms: articles.terms,
        termWeights: articles.termWeights,
      })
      .from(articles)
      .where(eq(articles.id, articleId));
    return article;
  },

  /**
   * How many articles carry each content word (`articles.words`, GIN-indexed), and how many
   * articles there are: what tells a rare word from a common one.
   */
  async wordFrequencies(
    db: DbExecutor,
    words: readonly string[],
  ): Promise<{ total: number; df: Map<string, number> }> {
    const result = await db.execute<{ word: string | null; df: number }>(sql`
      select null as word, count(*)::int as df from articles
      union all
      select w as word, (select count(*)::int from articles a where a.words @> array[w]) as df
      from unnest(${sql.param([...words])}::text[]) w
    `);
    let total = 0;
    const df = new Map<string, number>();
    for (const row of result.rows) {
      if (row.word === null) total = Number(row.df);
      else df.set(row.word, Number(row.df));
    }
    return { total, df };
  },

  /** The reader's row of this kind and value, if any. */
  async find(
    db: DbExecutor,
    userId: string,
    kind: ReaderControlKind,
    value: string,
  ): Promise<ReaderControlRow | undefined> {
    const [row] = await db
      .select(controlColumns)
      .from(readerControls)
      .where(
        and(
          eq(readerControls.userId, userId),
          eq(readerControls.kind, kind),
          eq(readerControls.value, value),
        ),
      );
    return row;
  },

  /**
   * Takes the article and the rest of its story out of the reader's active feed, at `now`
   * (what `restoreRetired` finds again).
   */
  async retireStoryOf(db: DbExecutor, userId: string, articleId: string, now: Date) {
    await db.execute(sql`
      update recommendations set retired_at = ${now.toISOString()}
      where user_id = ${userId} and retired_at is null
        and article_id in (
          select ${articleId}::uuid
          union
          select s.id from articles s
          join articles a on a.story_id = s.story_id
          where a.id = ${articleId}::uuid
        )
    `);
  },

  /** Brings back the rows of the article's story that were retired at `at` (an undo). */
  async restoreRetired(db: DbExecutor, userId: string, articleId: string, at: Date) {
    await db
      .update(recommendations)
      .set({ retiredAt: null })
      .where(
        and(
          eq(recommendations.userId, userId),
          eq(recommendations.retiredAt, at),
          sql`${recommendations.articleId} in (
            select ${articleId}::uuid
            union
            select s.id from articles s
            join articles a on a.story_id = s.story_id
            where a.id = ${articleId}::uuid
          )`,
        ),
      );
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
