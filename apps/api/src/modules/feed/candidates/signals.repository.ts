import { CATEGORY_IDS } from '@lede/shared';
import { asc, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../../db/client.js';
import { articles } from '../../../db/schema.js';
import type { HistoryAction, RankableArticle } from '../ranker/index.js';
import { CANDIDATE_LIMITS, CO_ENGAGEMENT } from '../feed.settings.js';
import { at, epochMs, num, textArray, uuidArray } from '../sql-fragments.js';

/** The newest article held (not after `now`) and what the window before it holds. */
export interface CorpusWindow {
  anchor: Date;
  articles: number;
  lastIngestedMs: number;
}

export interface HistoryRow {
  action: HistoryAction;
  at: Date;
  article: RankableArticle;
}

/** One neighbour and their newest likes and saves, by article id (ascending). */
export interface NeighbourRow {
  readerId: string;
  articleIds: string[];
}

export interface CandidateRow {
  article: RankableArticle;
  /** Shown recently and left unread: only used when the fresh candidates run out. */
  recentlyShown: boolean;
}

export interface CandidateQuery {
  userId: string;
  /** Declared interests and learned topics: each gets its own source, not bounded by the window. */
  topics: readonly string[];
  keywords: readonly string[];
  coEngagedIds: readonly string[];
  /** Window bounds: published after `since` and not after `now`. */
  since: Date;
  now: Date;
  /**
   * The feed being replaced (still active while its successor is built) and replaced-but-unread
   * items retired after this instant count as recently shown.
   */
  ignoredSince: Date;
  /** The reader's hidden sources and "fewer like this" articles (reader controls). */
  hiddenSources: readonly string[];
  fewerArticleIds: readonly string[];
  /** The reader's declared interests: whether the window ran dry is counted over them. */
  interests: readonly string[];
}

/** What a reader did with one article, as a rebuild needs it (see `readerFlags`). */
export interface ReaderFlags {
  blocked: boolean;
  recentlyShown: boolean;
  seen: boolean;
}

/**
 * What the ranker reads of an article, from alias `a`. The arrays come as JSON: parsed by
 * JSON.parse rather than the driver's text-array parser, which took 7 % of the bench process's
 * CPU in a rebuild (candidates and history: a few hundred rows with two arrays each).
 */
const RANKABLE_COLUMNS = sql`a.id, a.title, a.description, to_json(a.keywords) as keywords,
  to_json(a.categories) as categories, a.source_name,
  ${epochMs('a.pub_date')} as pub_date_ms, a.title_key, a.likes, a.dislikes, a.saves, a.shares, a.views,
  a.story_id, to_json(a.terms) as terms, to_json(a.term_weights) as term_weights`;

interface RankableRecord extends Record<string, unknown> {
  id: string;
  title: string;
  description: string;
  keywords: string[];
  categories: string[];
  source_name: string;
  pub_date_ms: number;
  title_key: string;
  likes: number;
  dislikes: number;
  saves: number;
  shares: number;
  views: number;
  story_id: string | null;
  terms: string[] | null;
  term_weights: number[] | null;
}

const toRankable = (r: RankableRecord): RankableArticle => ({
  id: r.id,
  title: r.title,
  description: r.description,
  keywords: r.keywords,
  categories: r.categories,
  sourceName: r.source_name,
  pubDate: new Date(r.pub_date_ms),
  titleKey: r.title_key,
  likes: r.likes,
  dislikes: r.dislikes,
  saves: r.saves,
  shares: r.shares,
  views: r.views,
  storyId: r.story_id,
  terms: r.terms ?? undefined,
  termWeights: r.term_weights ?? undefined,
});

/**
 * The reader's newest `events` reactions, saves, shares and reads as (article_id, action, at),
 * newest first: each kind is bounded before the merge.
 */
function newestEvents(userId: string, events: number) {
  return sql`(select article_id, action, at from (
        (select article_id, kind as action, created_at as at from article_reactions
         where user_id = ${userId} order by created_at desc limit ${num(events)})
        union all
        (select article_id, 'save', created_at from saved_articles
         where user_id = ${userId} order by created_at desc limit ${num(events)})
        union all
        (select article_id, 'share', created_at from article_shares
         where user_id = ${userId} order by created_at desc limit ${num(events)})
        union all
        (select article_id, 'read', viewed_at from article_views
         where user_id = ${userId} order by local_day desc, viewed_at desc limit ${num(events)})
      ) recent order by at desc, article_id limit ${num(events)})`;
}

/**
 * What a rebuild reads besides the feed: the corpus window, the reader's history and flags,
 * their neighbours' likes and the candidate articles.
 */
export const signalsRepository = {
  /**
   * The newest article published by `now` and the count and newest ingestion time of the
   * articles in the `windowDays` before it: together they identify the corpus statistics.
   */
  async corpusWindow(
    db: DbExecutor,
    now: Date,
    windowDays: number,
  ): Promise<CorpusWindow | undefined> {
    const result = await db.execute<{
      anchor_ms: number;
      articles: number;
      last_ingested_ms: number;
    }>(sql`
      with newest as (
        select pub_date from articles where pub_date <= ${at(now)}
        order by pub_date desc nulls last, id limit 1
      )
      select ${epochMs('n.pub_date')} as anchor_ms, count(a.id)::int as articles,
             coalesce(${epochMs('max(a.ingested_at)')}, 0) as last_ingested_ms
      from newest n
      left join articles a
        on a.pub_date > n.pub_date - make_interval(days => ${num(windowDays)}) and a.pub_date <= n.pub_date
      group by n.pub_date
    `);
    const row = result.rows[0];
    return (
      row && {
        anchor: new Date(row.anchor_ms),
        articles: row.articles,
        lastIngestedMs: row.last_ingested_ms,
      }
    );
  },

  /** The texts IDF statistics are built from: the window's newest articles. */
  async windowTexts(db: DbExecutor, since: Date, now: Date, limit: number) {
    return db
      .select({
        title: articles.title,
        description: articles.description,
        keywords: articles.keywords,
      })
      .from(articles)
      .where(sql`${articles.pubDate} > ${at(since)} and ${articles.pubDate} <= ${at(now)}`)
      .orderBy(sql`${articles.pubDate} desc nulls last`, asc(articles.id))
      .limit(limit);
  },

  /**
   * The reader's newest events of every kind, plus older dislikes (they keep excluding
   * near-duplicates), each with its article. Each branch is bounded before the merge.
   *
   * A liked or saved report teaches its story's subject, not only its own wording: its
   * keywords take those that two or more reports of its story carry.
   */
  async readerHistory(
    db: DbExecutor,
    userId: string,
    { events, dislikes }: { events: number; dislikes: number },
  ): Promise<HistoryRow[]> {
    const result = await db.execute<
      RankableRecord & { action: HistoryAction; at_ms: number; story_keywords: string[] | null }
    >(sql`
      with events as (
        ${newestEvents(userId, events)}
        union
        (select article_id, kind, created_at from article_reactions
         where user_id = ${userId} and kind = 'dislike' order by created_at desc limit ${num(dislikes)})
      )
      select e.action, ${epochMs('e.at')} as at_ms, ${RANKABLE_COLUMNS},
             case when e.action in ('like', 'save') and a.story_id is not null then
               (select to_json(array_agg(k order by k)) from (
                  select k from articles m cross join unnest(m.keywords) as k
                   where m.story_id = a.story_id group by k having count(*) >= 2) shared)
             end as story_keywords
      from events e join articles a on a.id = e.article_id
      order by e.at desc, e.article_id, e.action
    `);
    return result.rows.map((r) => {
      const article = toRankable(r);
      if (r.story_keywords?.length)
        article.keywords = [...new Set([...article.keywords, ...r.story_keywords])];
      return { action: r.action, at: new Date(r.at_ms), article };
    });
  },

  /**
   * Co-engagement input: other readers who liked or saved some of the reader's own positives
   * (the newest `ownPositives` liked or saved articles among their newest `events` events, as
   * the history the feed is built from holds them), a bounded sample per article, most
   * articles in common first, each with their newest likes and saves. The reader's positives
   * are found in the same statement, so this read needs nothing read before it. One row per
   * neighbour (their articles as one comma-separated text): as a row per article, the driver
   * parsed about 1,700 rows a refresh, most of all the rows a refresh reads.
   */
  async neighbourPositives(
    db: DbExecutor,
    userId: string,
    { events, ownPositives }: { events: number; ownPositives: number },
  ): Promise<NeighbourRow[]> {
    const c = CO_ENGAGEMENT;
    const result = await db.execute<{ reader_id: string; article_ids: string }>(sql`
      with mine as (
        select article_id from ${newestEvents(userId, events)} e
        where action in ('like', 'save')
        group by article_id order by max(at) desc, article_id limit ${num(ownPositives)}
      ),
      others as (
        select o.user_id from mine
        cross join lateral (
          (select user_id from article_reactions r
           where r.article_id = mine.article_id and r.kind = 'like' and r.user_id <> ${userId}
           limit ${num(c.readersPerArticle)})
          union all
          (select user_id from saved_articles s
           where s.article_id = mine.article_id and s.user_id <> ${userId}
           limit ${num(c.readersPerArticle)})
        ) o
      ),
      neighbours as (
        select user_id from others group by user_id
        order by count(*) desc, user_id limit ${num(c.neighbours)}
      )
      select n.user_id as reader_id, p.article_ids
      from neighbours n
      cross join lateral (
        select string_agg(newest.article_id::text, ',' order by newest.article_id) as article_ids
        from (
          select article_id from (
            select article_id, created_at as at from article_reactions
            where user_id = n.user_id and kind = 'like'
            union all
            select article_id, created_at from saved_articles where user_id = n.user_id
          ) positives
          order by at desc, article_id limit ${num(c.positivesPerNeighbour)}
        ) newest
      ) p
      where p.article_ids is not null
      order by n.user_id
    `);
    return result.rows.map((r) => ({
      readerId: r.reader_id,
      articleIds: r.article_ids.split(','),
    }));
  },

  /**
   * The shared candidate pool's rows (candidate-pool.ts): every article of the window
   * (published after `since`, not after `now`); the newest `newest` before it, which the
   * newest-overall source needs when the window holds fewer than that; and for each category
   * the newest `olderPerCategory` before it whose primary category (their label) it is (a range
   * of the category's own newest-first index, whose condition the containment repeats so that
   * the partial index serves, filtered by the first element), for widening.
   */
  async candidatePool(
    db: DbExecutor,
    since: Date,
    now: Date,
    { newest, olderPerCategory }: { newest: number; olderPerCategory: number },
  ): Promise<{
    window: RankableArticle[];
    beforeWindow: RankableArticle[];
    olderByCategory: Map<string, RankableArticle[]>;
  }> {
    const olderByCategory = CATEGORY_IDS.map(
      (category) => sql`
      union all
      (select ${RANKABLE_COLUMNS}, ${category} as part from articles a
       where a.pub_date <= ${at(since)} and a.categories @> array[${category}]::text[]
         and a.categories[1] = ${category}
       order by a.pub_date desc nulls last, a.id limit ${num(olderPerCategory)})`,
    );
    const result = await db.execute<RankableRecord & { part: string }>(sql`
      (select ${RANKABLE_COLUMNS}, 'window' as part from articles a
       where a.pub_date > ${at(since)} and a.pub_date <= ${at(now)})
      union all
      (select ${RANKABLE_COLUMNS}, 'before' from articles a where a.pub_date <= ${at(since)}
       order by a.pub_date desc nulls last, a.id limit ${num(newest)})
      ${sql.join(olderByCategory)}
    `);
    // One object per article, however many parts list it.
    const byId = new Map<string, RankableArticle>();
    const one = (r: RankableRecord) => {
      let found = byId.get(r.id);
      if (!found) byId.set(r.id, (found = toRankable(r)));
      return found;
    };
    const window: RankableArticle[] = [];
    const beforeWindow: RankableArticle[] = [];
    const older = new Map<string, RankableArticle[]>(CATEGORY_IDS.map((c) => [c, []]));
    for (const r of result.rows) {
      if (r.part === 'window') window.push(one(r));
      else if (r.part === 'before') beforeWindow.push(one(r));
      else older.get(r.part)?.push(one(r));
    }
    return { window, beforeWindow, olderByCategory: older };
  },

  /**
   * What the reader did with each of `articles` (a rebuild's window picks and the pooled older
   * articles of its topics), for the articles where it matters; an article not in the answer
   * is untouched:
   *
   * - `blocked`: never a candidate: read, reacted to, saved or viewed, or a same-title copy of
   *   one they disliked;
   * - `recentlyShown`: in the feed being replaced, or replaced after `ignoredSince` unread;
   * - `seen` (widening's sense): reacted to, viewed, read or recently shown.
   *
   * Bounded by the articles asked about, not by the reader's history.
   */
  async readerFlags(
    tx: DbExecutor,
    q: Pick<CandidateQuery, 'userId' | 'ignoredSince'>,
    articles: readonly Pick<RankableArticle, 'id' | 'titleKey'>[],
  ): Promise<Map<string, ReaderFlags>> {
    const result = await tx.execute<{
      id: string;
      blocked: boolean;
      recently_shown: boolean;
      seen: boolean;
    }>(sql`
      with touched as materialized (
        select article_id from article_reactions where user_id = ${q.userId}
        union select article_id from article_views where user_id = ${q.userId}
      ), saved as materialized (
        select article_id from saved_articles where user_id = ${q.userId}
      ), disliked_keys as materialized (
        select distinct d.title_key from article_reactions r join articles d on d.id = r.article_id
        where r.user_id = ${q.userId} and r.kind = 'dislike' and d.title_key <> ''
      ), asked as (
        select c.id, c.title_key, rec.status, rec.retired_at, rec.id is not null as recommended,
               exists (select 1 from touched t where t.article_id = c.id) as touched
        from unnest(${uuidArray(articles.map((a) => a.id))}, ${textArray(articles.map((a) => a.titleKey))})
          as c(id, title_key)
        left join recommendations rec on rec.user_id = ${q.userId} and rec.article_id = c.id
      ), flagged as (
        select id,
               coalesce(status = 'read', false) or touched
                 or exists (select 1 from saved s where s.article_id = asked.id)
                 or exists (select 1 from disliked_keys k where k.title_key = asked.title_key) as blocked,
               (recommended and (retired_at is null or retired_at > ${at(q.ignoredSince)})) as recently_shown,
               (recommended and (status = 'read' or retired_at is null or retired_at > ${at(q.ignoredSince)}))
                 or touched as seen
        from asked
      )
      select * from flagged where blocked or recently_shown or seen
    `);
    return new Map(
      result.rows.map((r) => [
        r.id,
        { blocked: r.blocked, recentlyShown: r.recently_shown, seen: r.seen },
      ]),
    );
  },

  /**
   * Widening from the database, for a reader whose window ran dry and who has seen too many
   * of the pooled older articles of a topic to find its share among them (see
   * candidate-pool.ts, `olderFromPool`): for each topic, the newest `olderPerTopic` articles
   * before the window whose primary category (their label) it is that the reader has not seen
   * (not read, reacted to, saved, or shown within the cooldown), minus what the reader excluded
   * (as for the window's, hidden sources and "fewer" articles) and the window's candidates
   * (`freshIds`). By id.
   */
  async olderCandidates(
    tx: DbExecutor,
    q: CandidateQuery,
    freshIds: readonly string[],
  ): Promise<CandidateRow[]> {
    if (q.topics.length === 0) return [];
    const l = CANDIDATE_LIMITS;
    // One branch per topic with the category as a value, so that each branch is a range of
    // that category's own newest-first index (articles_<category>_recency_idx). What the reader
    // has seen is gathered once (a hashed subplan in each branch): with three NOT EXISTS per
    // branch, planning cost more than running (10 topics: 11 ms of planning, now 2.5).
    const olderByTopic = sql.join(
      q.topics.map(
        (category) => sql`(select t.id from articles t
           where t.pub_date <= ${at(q.since)} and t.categories @> array[${category}]::text[]
             and t.categories[1] = ${category}
             and t.id not in (select article_id from seen)
           order by t.pub_date desc nulls last, t.id limit ${num(l.olderPerTopic)})`,
      ),
      sql` union `,
    );
    return unseenOlder(tx, q, olderByTopic, freshIds);
  },

  /**
   * The taught-subject source: of the newest `scanned` articles before the window (published
   * at or before `since`) whose stored terms share one of `terms` (the reader's liked, saved
   * and shared articles' top terms) and that the reader has not seen, the `limit` sharing the
   * most terms (newest first among equals), minus what they excluded
   * and `knownIds` (the candidates found already), as `olderCandidates`. One range of the
   * terms' GIN index (articles_terms_idx), sorted by date: bounded by the articles carrying
   * the terms, not by the table.
   */
  async taughtCandidates(
    tx: DbExecutor,
    q: CandidateQuery,
    terms: readonly string[],
    knownIds: readonly string[],
    { limit, scanned }: { limit: number; scanned: number },
  ): Promise<CandidateRow[]> {
    if (terms.length === 0 || limit <= 0) return [];
    // The newest `scanned` sharing any term (a bitmap range of the GIN index, then a top-N
    // sort), of them the `limit` sharing most, newest first: one common term alone ("risk")
    // would otherwise fill the source with articles on other subjects.
    const taught = sql`(select m.id from (
         select t.id, t.pub_date, t.terms from articles t
         where t.terms && ${textArray(terms)} and t.pub_date <= ${at(q.since)}
           and t.id not in (select article_id from seen)
           and t.id <> all(${uuidArray(knownIds)})
         order by t.pub_date desc nulls last, t.id limit ${num(scanned)}) m
       order by cardinality(array(select unnest(m.terms) intersect select unnest(${textArray(terms)}))) desc,
                m.pub_date desc nulls last, m.id
       limit ${num(limit)})`;
    return unseenOlder(tx, q, taught, knownIds);
  },
};

/**
 * The rows of `older` (a statement selecting `id`s, which may read the CTE `seen`: what the
 * reader reacted to, viewed, saved or was shown within the cooldown) that the reader may be
 * shown: not read, saved or a same-title copy of a dislike, not from a hidden source or a
 * "fewer" article, not among `freshIds`. By id.
 */
async function unseenOlder(
  tx: DbExecutor,
  q: CandidateQuery,
  older: SQL,
  freshIds: readonly string[],
): Promise<CandidateRow[]> {
  const result = await tx.execute<RankableRecord & { recently_shown: boolean }>(sql`
    with seen as materialized (
      select article_id from article_reactions where user_id = ${q.userId}
      union select article_id from article_views where user_id = ${q.userId}
      union select article_id from saved_articles where user_id = ${q.userId}
      union select article_id from recommendations where user_id = ${q.userId}
        and (status = 'read' or retired_at is null or retired_at > ${at(q.ignoredSince)})
    ), disliked_keys as (
      select d.title_key from article_reactions r join articles d on d.id = r.article_id
      where r.user_id = ${q.userId} and r.kind = 'dislike' and d.title_key <> ''
    )
    select ${RANKABLE_COLUMNS},
           (rec.id is not null and (rec.retired_at is null or rec.retired_at > ${at(q.ignoredSince)})) as recently_shown
    from (${older}) older
    join articles a on a.id = older.id
    left join recommendations rec on rec.user_id = ${q.userId} and rec.article_id = a.id
    where (rec.status is null or rec.status <> 'read')
      and not exists (select 1 from saved_articles s where s.user_id = ${q.userId} and s.article_id = a.id)
      and not exists (select 1 from disliked_keys k where k.title_key = a.title_key)
      and a.source_name <> all(${textArray(q.hiddenSources)})
      and a.id::text <> all(${textArray(q.fewerArticleIds)})
      and a.id <> all(${uuidArray(freshIds)})
    order by a.id
  `);
  return result.rows.map((r) => ({ article: toRankable(r), recentlyShown: r.recently_shown }));
}
