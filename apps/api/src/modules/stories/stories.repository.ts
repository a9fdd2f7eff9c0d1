import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import {
  articleColumns,
  articleInsertRecord,
  type ArticleRecord,
  type BulkArticle,
} from '../articles/index.js';
import { articles, stories, storyTerms } from '../../db/schema.js';
import type { StoryMerge } from './clustering/clusterer.js';

/** An article as the clustering reads it back. */
export interface ClusteredArticleRow {
  id: string;
  title: string;
  description: string;
  keywords: string[];
  sourceName: string;
  pubDate: Date;
  /** Null while pending. */
  storyId: string | null;
}

/** What an article's assignment writes. */
export interface StoredAssignment {
  articleId: string;
  storyId: string;
  rule: 'new' | 'similar' | 'same-title' | 'merged';
  score: number;
  sharedTerms: string[];
}

/** The reserved term under which story_terms keeps how many articles were counted. */
const TOTAL_TERM = '';

const clusteredColumns = sql`a.id, a.title, a.description, to_json(a.keywords) as keywords,
  a.source_name as "sourceName", a.pub_date as "pubDate", a.story_id as "storyId"`;

type RawRow = Omit<ClusteredArticleRow, 'pubDate'> & { pubDate: Date | string };

/**
 * How much a report's source weighs, on top of the report's centrality (a mean cosine in 0–1),
 * when the story's title is chosen: the source that reported it first, and the share of the
 * story's reports its source wrote ("cited most"). Small: they decide between reports about as
 * central, never for an outlier.
 */
export const TITLE_FIRST_SOURCE_BONUS = 0.05;
export const TITLE_CITED_BONUS = 0.05;

/**
 * The arguments after the story ids of `lede_refresh_stories` (migration 0028): when, and the
 * title's source bonuses. It recomputes each story's row from its members: title (the report
 * nearest the story's centre by its stored terms, `lede_story_title_pick`), size, sources, span.
 */
const refreshArguments = (now: Date) =>
  sql`${now.toISOString()}::timestamptz, ${TITLE_FIRST_SOURCE_BONUS}::float8,
      ${TITLE_CITED_BONUS}::float8`;

const asRows = (rows: RawRow[]): ClusteredArticleRow[] =>
  rows.map((r) => ({ ...r, pubDate: new Date(r.pubDate) }));

export const storiesRepository = {
  /** Held until the transaction ends: one clustering pass at a time, across instances. */
  async lock(tx: DbExecutor): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lede:stories'))`);
  },

  /**
   * Articles not yet in a story, oldest first (the order they are assigned in): all of them, or
   * only those of `ids`. Also how many articles the statistics have counted, read after the
   * lock: whether an index kept by this process is still the database's.
   */
  async pending(
    db: DbExecutor,
    { limit, ids }: { limit: number; ids?: readonly string[] },
  ): Promise<{ rows: ClusteredArticleRow[]; counted: number }> {
    // By id when the caller knows what it stored: the scan for a null story_id walks the index
    // entries every assigned article left behind until vacuum (600 pages at 100,000 articles).
    const only = ids ? sql`and a.id = any(${sql.param([...ids])}::uuid[])` : sql``;
    const { rows } = await db.execute<RawRow & { counted: number | null }>(
      sql`select ${clusteredColumns},
                 (select df from ${storyTerms} where term = ${TOTAL_TERM}) as counted
            from ${articles} a where a.story_id is null ${only}
           order by a.pub_date, a.id limit ${limit}`,
    );
    return { rows: asRows(rows), counted: rows[0]?.counted ?? 0 };
  },

  /** How many articles the statistics have counted (read after the lock, as `pending` does). */
  async counted(db: DbExecutor): Promise<number> {
    const { rows } = await db.execute<{ df: number }>(
      sql`select df from ${storyTerms} where term = ${TOTAL_TERM}`,
    );
    return rows[0]?.df ?? 0;
  },

  /**
   * The members of the stories (not merged away) whose span comes within [from, to], in the
   * order they were published: what a pass puts back before assigning.
   */
  async activeMembers(db: DbExecutor, from: Date, to: Date): Promise<ClusteredArticleRow[]> {
    const { rows } = await db.execute<RawRow>(
      sql`select ${clusteredColumns}
            from ${stories} s join ${articles} a on a.story_id = s.id
           where s.merged_into is null and s.last_published >= ${from.toISOString()}
             and s.first_published <= ${to.toISOString()}
           order by a.pub_date, a.id`,
    );
    return asRows(rows);
  },

  /** Every stored document frequency, and how many articles were counted. */
  async termStats(
    db: DbExecutor,
  ): Promise<{ total: number; documentFrequency: Array<[string, number]> }> {
    const { rows } = await db.execute<{ term: string; df: number }>(
      sql`select term, df from ${storyTerms}`,
    );
    const total = rows.find((r) => r.term === TOTAL_TERM)?.df ?? 0;
    return {
      total,
      documentFrequency: rows.filter((r) => r.term !== TOTAL_TERM).map((r) => [r.term, r.df]),
    };
  },

  /**
   * In one call (`lede_save_assignments`, migration 0028): each article's story and why it
   * joined, the `articlesCounted` articles and term occurrences the statistics gain, and the rows
   * of the stories `touched` recomputed from their members.
   */
  async saveAssignments(
    db: DbExecutor,
    rows: readonly StoredAssignment[],
    {
      articlesCounted,
      counts,
      touched,
      now,
    }: {
      articlesCounted: number;
      counts: ReadonlyMap<string, number>;
      touched: readonly string[];
      now: Date;
    },
  ): Promise<void> {
    const column = <T>(pick: (row: StoredAssignment) => T) => sql.param(rows.map(pick));
    await db.execute(
      sql`select lede_save_assignments(
            ${column((r) => r.articleId)}::uuid[], ${column((r) => r.storyId)}::uuid[],
            ${column((r) => r.rule)}::text[], ${column((r) => r.score)}::real[],
            ${column((r) => JSON.stringify(r.sharedTerms))}::json[],
            ${sql.param([TOTAL_TERM, ...counts.keys()])}::text[],
            ${sql.param([articlesCounted, ...counts.values()])}::int[],
            ${sql.param([...touched])}::uuid[], ${refreshArguments(now)})`,
    );
  },

  /**
   * New articles written once, each with its story and why it joined, with the document
   * frequencies of their `features` and the rows of their stories (`lede_insert_in_stories`,
   * migration 0031), in one call under the advisory lock. `counted`: the articles the statistics
   * held when the assignments were made; another count writes nothing and answers null (null
   * skips the check). A row whose link is held is skipped. The ids written.
   */
  async insertInStories(
    db: DbExecutor,
    rows: ReadonlyArray<{
      id: string;
      article: BulkArticle;
      assignment: Omit<StoredAssignment, 'articleId'>;
      features: Iterable<string>;
    }>,
    { counted, ingestedAt, now }: { counted: number | null; ingestedAt?: Date; now: Date },
  ): Promise<string[] | null> {
    const records = rows.map(({ id, article, assignment: a, features }) => ({
      id,
      ...articleInsertRecord(article),
      story_id: a.storyId,
      story_rule: a.rule,
      story_score: a.score,
      story_shared_terms: a.sharedTerms,
      features: [...features],
    }));
    const { rows: result } = await db.execute<{ ids: string[] | null }>(
      sql`select to_json(lede_insert_in_stories(${counted}::int, ${JSON.stringify(records)}::json,
            ${ingestedAt?.toISOString() ?? null}::timestamptz, ${refreshArguments(now)})) as ids`,
    );
    return result[0]?.ids ?? null;
  },

  /**
   * Moves the members of each merged story to the story it joined (`into` already resolved to
   * the story that stays), and keeps the merged story's row pointing there.
   */
  async applyMerges(db: DbExecutor, merges: readonly StoryMerge[], now: Date): Promise<void> {
    if (merges.length === 0) return;
    const from = sql.param(merges.map((m) => m.from));
    const into = sql.param(merges.map((m) => m.into));
    await db.execute(
      sql`update ${articles} a set story_id = t.into_id
            from unnest(${from}::uuid[], ${into}::uuid[]) as t(from_id, into_id)
           where a.story_id = t.from_id`,
    );
    // Two statements, each through an index: with `or` in one, a scan of every story.
    for (const match of [sql`s.id = t.from_id`, sql`s.merged_into = t.from_id`]) {
      await db.execute(
        sql`update ${stories} s set merged_into = t.into_id, updated_at = ${now.toISOString()}
              from unnest(${from}::uuid[], ${into}::uuid[]) as t(from_id, into_id)
             where ${match}`,
      );
    }
  },

  /**
   * Recomputes the rows of these stories from their members: title (the most representative
   * report's), size, sources and span. A merged-away story keeps its row and its `merged_into`.
   */
  async refresh(db: DbExecutor, storyIds: readonly string[], now: Date): Promise<void> {
    if (storyIds.length === 0) return;
    await db.execute(
      sql`select lede_refresh_stories(${sql.param([...storyIds])}::uuid[], ${refreshArguments(now)})`,
    );
  },

  /**
   * Recomputes the rows of the stories an older version wrote without `title_article_id` (its
   * title was the first report's), `batch` at a time; how many. Run at start-up.
   */
  async retitle(db: DbExecutor, now: Date, batch = 5_000): Promise<number> {
    let done = 0;
    for (;;) {
      const { rows } = await db.execute<{ id: string }>(
        sql`select id from ${stories}
             where title_article_id is null and merged_into is null limit ${batch}`,
      );
      if (rows.length === 0) return done;
      const ids = rows.map((r) => r.id);
      await storiesRepository.refresh(db, ids, now);
      // A row without members (none should be) is given its own id, not read again.
      await db.execute(
        sql`update ${stories} set title_article_id = id
             where id = any(${sql.param(ids)}::uuid[]) and title_article_id is null`,
      );
      done += ids.length;
    }
  },

  /** Records on a merged story's first article why it now belongs to the story it joined. */
  async explainMerges(db: DbExecutor, merges: readonly StoryMerge[]): Promise<void> {
    if (merges.length === 0) return;
    await db.execute(
      sql`update ${articles} a
             set story_rule = 'merged', story_score = t.score,
                 story_shared_terms = array(select json_array_elements_text(t.terms))
            from unnest(${sql.param(merges.map((m) => m.from))}::uuid[],
                        ${sql.param(merges.map((m) => m.score))}::real[],
                        ${sql.param(merges.map((m) => JSON.stringify(m.sharedTerms)))}::json[])
              as t(id, score, terms)
           where a.id = t.id`,
    );
  },
};

/** A story's row as the story page reads it. */
export type StoryRow = typeof stories.$inferSelect;

/** A member as the story page shows it: the article, and why it joined. */
export type StoryMemberRow = ArticleRecord & {
  storyRule: string | null;
  storyScore: number | null;
  storySharedTerms: string[] | null;
};

export interface StorySourceRow {
  sourceName: string;
  sourceUrl: string | null;
  sourceIcon: string | null;
  firstReported: Date;
  /** Whether that report's source gave a time of day. */
  firstReportedHasTime: boolean;
  articleId: string;
  articles: number;
}

/** How far `merged_into` is followed: merges are flattened when made, so one step is usual. */
const MAX_MERGE_HOPS = 8;

export const storyPageRepository = {
  /** The story `id`, or the story it was merged into. */
  async find(db: DbExecutor, id: string): Promise<StoryRow | undefined> {
    let current = id;
    for (let hop = 0; hop < MAX_MERGE_HOPS; hop++) {
      const [row] = await db.select().from(stories).where(eq(stories.id, current));
      if (!row?.mergedInto) return row;
      current = row.mergedInto;
    }
    return undefined;
  },

  /** Its newest `limit` articles, newest first. */
  async members(db: DbExecutor, storyId: string, limit: number): Promise<StoryMemberRow[]> {
    return db
      .select({
        ...articleColumns,
        storyRule: articles.storyRule,
        storyScore: articles.storyScore,
        storySharedTerms: articles.storySharedTerms,
      })
      .from(articles)
      .where(eq(articles.storyId, storyId))
      .orderBy(desc(articles.pubDate), asc(articles.id))
      .limit(limit);
  },

  /** Each source once, with its first report, in the order they first reported. */
  async sources(db: DbExecutor, storyId: string): Promise<StorySourceRow[]> {
    const { rows } = await db.execute<
      Omit<StorySourceRow, 'firstReported'> & { firstReported: string | Date }
    >(
      sql`select * from (
            select distinct on (a.source_name) a.source_name as "sourceName",
                   a.source_url as "sourceUrl", a.source_icon as "sourceIcon",
                   a.pub_date as "firstReported",
                   a.pub_date_has_time as "firstReportedHasTime", a.id as "articleId",
                   (count(*) over (partition by a.source_name))::int as articles
              from ${articles} a where a.story_id = ${storyId}
             order by a.source_name, a.pub_date, a.id
          ) firsts order by "firstReported", "articleId"`,
    );
    return rows.map((r) => ({ ...r, firstReported: new Date(r.firstReported) }));
  },
};
