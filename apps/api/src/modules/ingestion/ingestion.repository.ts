import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { articles } from '../../db/schema.js';
import type { HeldTitle } from './dedupe.js';

/** Serialises the check-then-insert of ingestion runs across processes (server, CLI, replicas). */
const INGESTION_LOCK_KEY = 'lede:ingestion';
/** Rows per statement: far below PostgreSQL's 65,535 bind parameters. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export const ingestionRepository = {
  /** Held until the surrounding transaction ends. */
  async lock(tx: DbExecutor): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${INGESTION_LOCK_KEY}))`);
  },

  async findHeldLinks(db: DbExecutor, links: readonly string[]): Promise<Set<string>> {
    const held = new Set<string>();
    for (const part of chunks([...new Set(links)])) {
      const rows = await db
        .select({ link: articles.link })
        .from(articles)
        .where(inArray(articles.link, part));
      for (const row of rows) held.add(row.link);
    }
    return held;
  },

  /**
   * How many articles are stored, and how many carry each of these keywords (through the GIN
   * index on keywords): how common a phrase is in the corpus the reader sees.
   */
  async keywordFrequencies(
    db: DbExecutor,
    keys: readonly string[],
  ): Promise<{ total: number; counts: Map<string, number> }> {
    const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(articles);
    const counts = new Map<string, number>();
    for (const part of chunks([...new Set(keys)])) {
      const rows = await db.execute<{ k: string; n: number }>(
        sql`select k, count(*)::int as n
              from ${articles}, unnest(${articles.keywords}) as k
             where ${articles.keywords} && ${sql.param(part)}::text[]
               and k = any(${sql.param(part)}::text[])
             group by k`,
      );
      for (const r of rows.rows) counts.set(r.k, Number(r.n));
    }
    return { total: row?.total ?? 0, counts };
  },

  /** Articles with one of these title keys published in [from, to], with their sources. */
  async findHeldTitles(
    db: DbExecutor,
    titleKeys: readonly string[],
    window: { from: Date; to: Date },
  ): Promise<HeldTitle[]> {
    const held: HeldTitle[] = [];
    for (const part of chunks([...new Set(titleKeys)])) {
      const rows = await db
        .select({
          titleKey: articles.titleKey,
          sourceName: articles.sourceName,
          pubDate: articles.pubDate,
        })
        .from(articles)
        .where(
          and(
            inArray(articles.titleKey, part),
            gte(articles.pubDate, window.from),
            lte(articles.pubDate, window.to),
          ),
        );
      held.push(...rows);
    }
    return held;
  },
};
