import {
  and,
  arrayContains,
  asc,
  eq,
  getTableColumns,
  gt,
  inArray,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import {
  contentWords,
  understandArticle,
  type ArticleUnderstanding,
} from '../../lib/text/index.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { articles, stories } from '../../db/schema.js';
import type { ArticleRow, PublicArticleJsonSource, StoryRef } from './articles.serializer.js';
import type { KeysetPosition } from './page-cursor.js';
import type { RelatedArticle } from './related.js';

/**
 * An article as read for responses: everything but the (large, internal) search vector and
 * stored JSON, with its story's id, size and sources.
 */
export type ArticleRecord = Omit<ArticleRow, 'search' | 'publicJson' | 'words'> & {
  story: StoryRef | null;
};
/** What a bulk load (seed, generated benchmark data) provides; counters and times take their defaults. */
export interface BulkArticle {
  title: string;
  description: string;
  creator: string[];
  pubDate: Date;
  imageUrl: string | null;
  link: string;
  sourceName: string;
  sourceUrl: string | null;
  sourceIcon: string | null;
  keywords: string[];
  /** Primary first. */
  categories: string[];
  titleKey: string;
  origin: string;
  /** What lib/text understood of it; `understood` fills what a caller left out. */
  categoryScores?: number[];
  /**
   * Whether the source gave a time of day with the date (`dateTextHasTime` of its date text);
   * true when left out. The bundled corpus gives days only.
   */
  pubDateHasTime?: boolean;
  sourceCategory?: string | null;
  terms?: string[];
  termWeights?: number[];
  words?: string[];
}

/**
 * The text arrays come as JSON: parsed by JSON.parse rather than the driver's text-array parser
 * (character by character in JavaScript), which took 7 % of a feed rebuild's CPU.
 */
const jsonArray = (column: AnyPgColumn) => sql<string[]>`to_json(${column})`;
/** The article's StoryRef: a primary-key lookup of its story. */
const storyRef = sql<StoryRef | null>`(select json_build_array(${stories.id}, ${stories.size}, ${stories.sourceCount})
  from ${stories} where ${stories.id} = ${articles.storyId})`;

const {
  search: _search,
  publicJson: _publicJson,
  words: _words,
  ...columns
} = getTableColumns(articles);
/**
 * An article's columns as ArticleRecord, for selects (everything but the search vector, the
 * search words and the stored JSON).
 */
export const articleColumns = {
  ...columns,
  creator: jsonArray(articles.creator),
  keywords: jsonArray(articles.keywords),
  categories: jsonArray(articles.categories),
  categoryScores: sql<number[]>`to_json(${articles.categoryScores})`,
  terms: jsonArray(articles.terms),
  termWeights: sql<number[]>`to_json(${articles.termWeights})`,
  story: storyRef,
};

/**
 * What publicArticleJson reads, named as PublicArticleJsonSource names them: the stored JSON
 * and the three things it leaves out.
 */
export const publicJsonSelect = sql`${articles.id} as "id", ${articles.publicJson} as "publicJson",
  ${articles.imageUrl} as "imageUrl", ${articles.likes} as "likes", ${storyRef} as "story"`;

/** pub_date at full PostgreSQL precision (JS dates stop at milliseconds), for keyset cursors. */
const pubDateKey = sql<string>`to_char(${articles.pubDate} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Spelled out to match the index: pub_date is NOT NULL, but the planner only uses an index whose NULLS order matches. */
export const NEWEST_FIRST = [sql`${articles.pubDate} desc nulls last`, asc(articles.id)];

export type ChronologicalRow = ArticleRecord & { pubDateKey: string };

/** Later than `position` in NEWEST_FIRST order. */
function comesAfter(position: KeysetPosition): SQL | undefined {
  const pubDate = sql`${position.pubDate}::timestamptz`;
  // Mixed directions rule out a row comparison; `<=` keeps an index condition on pub_date.
  return and(
    lte(articles.pubDate, pubDate),
    or(lt(articles.pubDate, pubDate), gt(articles.id, position.id)),
  );
}

/** `rows` in the order of `ids`; an id without a row is left out. */
function inOrderOf<Row extends { id: string }>(ids: string[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const articlesRepository = {
  /**
   * Newest first, strictly after `after`. Ties on pub_date go by ascending id:
   * exactly the order of articles_pub_date_idx ("pub_date" DESC NULLS LAST, "id"),
   * so a page is an index range scan, not a sort of the whole table.
   */
  async newestFirst(
    db: DbExecutor,
    { filter, after, limit }: { filter?: SQL; after?: KeysetPosition; limit: number },
  ): Promise<ChronologicalRow[]> {
    const afterPosition = after && comesAfter(after);
    return db
      .select({ ...articleColumns, pubDateKey })
      .from(articles)
      .where(and(filter, afterPosition))
      .orderBy(...NEWEST_FIRST)
      .limit(limit);
  },

  /**
   * A category's list: the articles whose primary category it is. The containment test lets
   * the category's partial index (schema.ts) serve; the first element decides.
   */
  inCategory: (categoryId: string): SQL =>
    and(
      arrayContains(articles.categories, [categoryId]),
      sql`${articles.categories}[1] = ${categoryId}`,
    )!,

  /**
   * One card per story in a newest-first list: the article no newer member of its story (in
   * the same category, for a category's list) comes before. A probe of articles_story_idx.
   */
  newestOfItsStory(categoryId?: string): SQL {
    const sameList = categoryId ? sql`and newer.categories[1] = ${categoryId}` : sql``;
    return sql`not exists (
      select 1 from ${articles} newer
       where newer.story_id = ${articles.storyId} ${sameList}
         and newer.pub_date >= ${articles.pubDate}
         and (newer.pub_date > ${articles.pubDate} or newer.id < ${articles.id}))`;
  },

  async findById(db: DbExecutor, id: string): Promise<ArticleRecord | undefined> {
    const [row] = await db.select(articleColumns).from(articles).where(eq(articles.id, id));
    return row;
  },

  /** The articles with these ids, in the order of `ids` (missing ones left out). */
  async findByIdsInOrder(db: DbExecutor, ids: string[]): Promise<ArticleRecord[]> {
    if (ids.length === 0) return [];
    const rows = await db.select(articleColumns).from(articles).where(inArray(articles.id, ids));
    return inOrderOf(ids, rows);
  },

  /** The stored JSON of the articles with these ids, in the order of `ids` (missing ones left out). */
  async publicJsonByIdsInOrder(db: DbExecutor, ids: string[]): Promise<PublicArticleJsonSource[]> {
    if (ids.length === 0) return [];
    const { rows } = await db.execute<PublicArticleJsonSource>(
      sql`select ${publicJsonSelect} from ${articles} where ${inArray(articles.id, ids)}`,
    );
    return inOrderOf(ids, rows);
  },

  /**
   * "More like this" candidates (related.ts scores and picks them): up to `limit` articles
   * carrying any of `terms` (the GIN index on terms finds them), those sharing the most first;
   * never the article itself, a report of its story or a copy of its headline.
   */
  async relatedCandidates(
    db: DbExecutor,
    {
      id,
      titleKey,
      storyId,
      terms,
      limit,
    }: { id: string; titleKey: string; storyId: string | null; terms: string[]; limit: number },
  ): Promise<RelatedArticle[]> {
    if (terms.length === 0) return [];
    const wanted = sql`${sql.param(terms)}::text[]`;
    const { rows } = await db.execute<{
      id: string;
      title_key: string;
      story_id: string | null;
      terms: string[];
      term_weights: number[];
      categories: string[];
      pub_ms: number;
    }>(
      sql`select a.id, a.title_key, a.story_id, to_json(a.terms) as terms,
                 to_json(a.term_weights) as term_weights, to_json(a.categories) as categories,
                 (extract(epoch from a.pub_date) * 1000)::float8 as pub_ms
            from ${articles} a
           where a.terms && ${wanted} and a.id <> ${id} and a.title_key <> ${titleKey}
             and (${storyId}::uuid is null or a.story_id is distinct from ${storyId}::uuid)
           order by cardinality(array(select unnest(a.terms) intersect select unnest(${wanted}))) desc,
                    a.pub_date desc nulls last, a.id
           limit ${limit}`,
    );
    return rows.map((r) => ({
      id: r.id,
      titleKey: r.title_key,
      storyId: r.story_id,
      terms: r.terms,
      termWeights: r.term_weights,
      categories: r.categories,
      pubDate: new Date(r.pub_ms),
    }));
  },

  /** Held until the transaction ends: API instances starting together seed one after the other. */
  async lockForSeeding(tx: DbExecutor): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lede:seed-corpus'))`);
  },

  async isEmpty(db: DbExecutor): Promise<boolean> {
    const rows = await db.select({ id: articles.id }).from(articles).limit(1);
    return rows.length === 0;
  },

  /**
   * Inserts what is new; an article whose link is already held is skipped.
   * One statement per batch over column arrays (unnest): several times faster
   * than a multi-row VALUES list for thousands of rows. Returns how many were added.
   */
  /** Up to `limit` articles stored before lib/text understood them (an older version's rows). */
  async notUnderstood(db: DbExecutor, limit: number) {
    return db
      .select({
        id: articles.id,
        title: articles.title,
        description: articles.description,
        sourceCategory: articles.sourceCategory,
        categories: jsonArray(articles.categories),
      })
      .from(articles)
      .where(sql`${articles.words} = '{}'::text[]`)
      .limit(limit);
  },

  /** Stores what lib/text understood of articles already held (`notUnderstood`). */
  async storeUnderstanding(
    db: DbExecutor,
    rows: ReadonlyArray<{ id: string } & Omit<ArticleUnderstanding, 'categories'>>,
  ): Promise<void> {
    if (rows.length === 0) return;
    const list = (pick: (row: (typeof rows)[number]) => unknown) =>
      sql.param(rows.map((row) => JSON.stringify(pick(row))));
    await db.execute(sql`
      update articles a
      set category_scores = array(select json_array_elements_text(t.category_scores)::real),
          keywords = array(select json_array_elements_text(t.keywords)),
          terms = array(select json_array_elements_text(t.terms)),
          term_weights = array(select json_array_elements_text(t.term_weights)::real),
          words = array(select json_array_elements_text(t.words))
      from unnest(${sql.param(rows.map((r) => r.id))}::uuid[], ${list((r) => r.categoryScores)}::json[],
                  ${list((r) => r.keywords)}::json[], ${list((r) => r.terms)}::json[],
                  ${list((r) => r.termWeights)}::json[], ${list((r) => r.words)}::json[])
        as t(id, category_scores, keywords, terms, term_weights, words)
      where a.id = t.id
    `);
  },

  async insertNew(db: DbExecutor, rows: readonly BulkArticle[]): Promise<number> {
    if (rows.length === 0) return 0;
    const full = rows.map(understood);
    const column = <T>(pick: (row: Required<BulkArticle>) => T) => sql.param(full.map(pick));
    const list = (pick: (row: Required<BulkArticle>) => readonly (string | number)[]) =>
      column((row) => JSON.stringify(pick(row)));
    const texts = (name: string) => sql.raw(`array(select json_array_elements_text(t.${name}))`);
    const reals = (name: string) =>
      sql.raw(`array(select json_array_elements_text(t.${name})::real)`);
    // Ragged text[][] is impossible in PostgreSQL, so the list columns travel as JSON.
    const result = await db.execute(sql`
      insert into articles (title, description, creator, pub_date, pub_date_has_time, image_url, link,
                            source_name, source_url, source_icon, keywords, categories, category_scores,
                            source_category, terms, term_weights, words, title_key, origin)
      select t.title, t.description, ${texts('creator')}, t.pub_date, t.pub_date_has_time, t.image_url,
             t.link, t.source_name, t.source_url, t.source_icon, ${texts('keywords')},
             ${texts('categories')}, ${reals('category_scores')}, t.source_category, ${texts('terms')},
             ${reals('term_weights')}, ${texts('words')}, t.title_key, t.origin
      from unnest(${column((r) => r.title)}::text[], ${column((r) => r.description)}::text[],
                  ${list((r) => r.creator)}::json[], ${column((r) => r.pubDate)}::timestamptz[],
                  ${column((r) => r.pubDateHasTime)}::boolean[], ${column((r) => r.imageUrl)}::text[],
                  ${column((r) => r.link)}::text[], ${column((r) => r.sourceName)}::text[],
                  ${column((r) => r.sourceUrl)}::text[],
                  ${column((r) => r.sourceIcon)}::text[], ${list((r) => r.keywords)}::json[],
                  ${list((r) => r.categories)}::json[], ${list((r) => r.categoryScores)}::json[],
                  ${column((r) => r.sourceCategory)}::text[], ${list((r) => r.terms)}::json[],
                  ${list((r) => r.termWeights)}::json[], ${list((r) => r.words)}::json[],
                  ${column((r) => r.titleKey)}::text[], ${column((r) => r.origin)}::text[])
        as t(title, description, creator, pub_date, pub_date_has_time, image_url, link, source_name,
             source_url, source_icon, keywords, categories, category_scores, source_category, terms,
             term_weights, words, title_key, origin)
      on conflict (link) do nothing
    `);
    return result.rowCount ?? 0;
  },
};

/** A new article's columns keyed as stored, for a write that takes its rows as JSON. */
export interface ArticleInsertRecord {
  title: string;
  description: string;
  creator: string[];
  pub_date: string;
  pub_date_has_time: boolean;
  image_url: string | null;
  link: string;
  source_name: string;
  source_url: string | null;
  source_icon: string | null;
  keywords: string[];
  categories: string[];
  category_scores: number[];
  source_category: string | null;
  terms: string[];
  term_weights: number[];
  words: string[];
  title_key: string;
  origin: string;
}

/**
 * `row` as a write of JSON rows takes it (the stories' `lede_insert_in_stories`, migration
 * 0031): the columns `insertNew` writes, what lib/text understood included.
 */
export function articleInsertRecord(row: BulkArticle): ArticleInsertRecord {
  const r = understood(row);
  return {
    title: r.title,
    description: r.description,
    creator: r.creator,
    pub_date: r.pubDate.toISOString(),
    pub_date_has_time: r.pubDateHasTime,
    image_url: r.imageUrl,
    link: r.link,
    source_name: r.sourceName,
    source_url: r.sourceUrl,
    source_icon: r.sourceIcon,
    keywords: r.keywords,
    categories: r.categories,
    category_scores: r.categoryScores,
    source_category: r.sourceCategory,
    terms: r.terms,
    term_weights: r.termWeights,
    words: r.words,
    title_key: r.titleKey,
    origin: r.origin,
  };
}

/**
 * A row with everything lib/text knows of it: what the caller (seed, ingestion) computed with
 * the corpus's statistics, else understood here on its own text (no corpus: tests, tools).
 */
function understood(row: BulkArticle): Required<BulkArticle> {
  const words = row.words ?? [...new Set(contentWords(`${row.title} ${row.description}`))];
  const pubDateHasTime = row.pubDateHasTime ?? true;
  if (row.terms && row.termWeights && row.categoryScores)
    return {
      ...row,
      pubDateHasTime,
      categoryScores: row.categoryScores,
      sourceCategory: row.sourceCategory ?? null,
      terms: row.terms,
      termWeights: row.termWeights,
      words,
    };
  const text = understandArticle({ title: row.title, description: row.description });
  return {
    ...row,
    pubDateHasTime,
    categoryScores: row.categoryScores ?? row.categories.map(() => 0),
    sourceCategory: row.sourceCategory ?? null,
    terms: row.terms ?? text.terms,
    termWeights: row.termWeights ?? text.termWeights,
    words,
  };
}
