import type { DbExecutor } from '../../../db/client.js';
import type { Changes } from '../../../changes/index.js';
import { engagementOf } from '../../../lib/engagement.js';
import { LIST_STALE_MS } from '../../../changes/index.js';
import { corpusWindowKey } from './corpus-stats-cache.js';
import { matchTermsOf } from '../controls/profile-keywords.js';
import type { RankableArticle } from '../ranker/index.js';
import { signalsRepository as repo, type CorpusWindow } from './signals.repository.js';
import { CANDIDATE_LIMITS, CANDIDATE_POOL_MAX_AGE_MS } from '../feed.settings.js';

/**
 * What every reader's window sources pick from, the same for all of them: the window's
 * articles newest first, the newest overall (not bounded by the window) and the window's most
 * engaged-with. Read once and shared by every rebuild while it holds (picking and
 * returning these rows for each reader was about half of a refresh's PostgreSQL time).
 */
export interface CandidatePool {
  /** Published after the window's start and not after `now`, newest first (then by id). */
  window: readonly RankableArticle[];
  /** The newest CANDIDATE_LIMITS.newest articles up to `now`, window or not. */
  newest: readonly RankableArticle[];
  /** The window's CANDIDATE_LIMITS.engaging most engaged-with (then by id). */
  engaging: readonly RankableArticle[];
  /**
   * Per category, the newest CANDIDATE_LIMITS.olderPooledPerTopic articles before the window
   * (published at or before its start) whose primary category (their label) it is, newest
   * first: where widening looks first.
   */
  olderByCategory: ReadonlyMap<string, readonly RankableArticle[]>;
}

/** What a reader's window sources select by (see `windowSources`). */
export interface PoolSelection {
  topics: readonly string[];
  keywords: readonly string[];
  coEngagedIds: readonly string[];
}

const byId = (a: RankableArticle, b: RankableArticle) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** PostgreSQL's `order by pub_date desc nulls last, id`. */
const newestFirst = (a: RankableArticle, b: RankableArticle) =>
  b.pubDate.getTime() - a.pubDate.getTime() || byId(a, b);

export function buildCandidatePool(
  window: RankableArticle[],
  beforeWindow: RankableArticle[],
  olderByCategory: ReadonlyMap<string, readonly RankableArticle[]> = new Map(),
): CandidatePool {
  const newest = [...window].sort(newestFirst);
  const engagement = new Map(newest.map((a) => [a.id, engagementOf(a)]));
  return {
    window: newest,
    newest: [...newest, ...[...beforeWindow].sort(newestFirst)].slice(0, CANDIDATE_LIMITS.newest),
    engaging: [...newest]
      .sort((a, b) => engagement.get(b.id)! - engagement.get(a.id)! || byId(a, b))
      .slice(0, CANDIDATE_LIMITS.engaging),
    olderByCategory: new Map(
      [...olderByCategory].map(([category, older]) => [category, [...older].sort(newestFirst)]),
    ),
  };
}

const overlaps = (values: readonly string[], wanted: ReadonlySet<string>) =>
  values.some((v) => wanted.has(v));

const firstMatching = (
  articles: readonly RankableArticle[],
  matches: (a: RankableArticle) => boolean,
  limit: number,
) => {
  const found: RankableArticle[] = [];
  for (const a of articles) {
    if (found.length >= limit) break;
    if (matches(a)) found.push(a);
  }
  return found;
};

/**
 * The topic source: the newest of the window in the reader's topics, at most `limit`. Each
 * topic first gets its part of the bound (limit / topics) from its own articles (whose label,
 * the primary category, it is), so that a small section is not crowded out by the articles of
 * a large one that merely carry it; the rest of the bound goes to the newest carrying any.
 */
function byTopic(
  window: readonly RankableArticle[],
  topicList: readonly string[],
  limit: number,
): RankableArticle[] {
  if (topicList.length === 0) return [];
  const topics = new Set(topicList);
  const part = Math.floor(limit / topics.size);
  const own = new Map([...topics].map((t) => [t, 0]));
  const found = new Set<RankableArticle>();
  for (const a of window) {
    const primary = a.categories[0];
    const n = primary === undefined ? undefined : own.get(primary);
    if (n === undefined || n >= part) continue;
    own.set(primary!, n + 1);
    found.add(a);
  }
  for (const a of window) {
    if (found.size >= limit) break;
    if (overlaps(a.categories, topics)) found.add(a);
  }
  return [...found];
}

/**
 * The union of a reader's window sources, each bounded before the union (by id, ascending):
 * the newest of the window in the reader's topics (each topic's own articles first: `byTopic`),
 * the newest overall, the window's most engaged-with, the newest of the window carrying one of
 * the reader's profile terms (its stored terms, or its keywords when none are stored), and the window's articles among their best co-engagement
 * scores.
 */
export function windowSources(pool: CandidatePool, selection: PoolSelection): RankableArticle[] {
  const l = CANDIDATE_LIMITS;
  const keywords = new Set(selection.keywords);
  const coEngaged = new Set(selection.coEngagedIds);
  const picked = new Map<string, RankableArticle>();
  const add = (articles: readonly RankableArticle[]) => {
    for (const a of articles) picked.set(a.id, a);
  };
  add(byTopic(pool.window, selection.topics, l.byTopic));
  add(pool.newest);
  add(pool.engaging);
  add(firstMatching(pool.window, (a) => overlaps(matchTermsOf(a), keywords), l.byKeyword));
  add(pool.window.filter((a) => coEngaged.has(a.id)));
  return [...picked.values()].sort(byId);
}

/** The pooled older articles of a reader's topics (each once), to ask the reader's flags of. */
export function pooledOlder(pool: CandidatePool, topics: readonly string[]): RankableArticle[] {
  const found = new Map<string, RankableArticle>();
  for (const topic of topics)
    for (const a of pool.olderByCategory.get(topic) ?? []) found.set(a.id, a);
  return [...found.values()];
}

/**
 * Widening from the pool: for each topic, its newest CANDIDATE_LIMITS.olderPerTopic pooled
 * older articles that the reader has not seen (`isSeen`), in one list (each once, by id).
 * Undefined when a topic's pooled list cannot tell: it was used up while full (the reader has
 * seen too many of them) or there is none (not a category): the database is asked then.
 */
export function olderFromPool(
  pool: CandidatePool,
  topics: readonly string[],
  isSeen: (a: RankableArticle) => boolean,
): RankableArticle[] | undefined {
  const { olderPerTopic, olderPooledPerTopic } = CANDIDATE_LIMITS;
  const found = new Map<string, RankableArticle>();
  for (const topic of topics) {
    const pooled = pool.olderByCategory.get(topic);
    if (!pooled) return undefined;
    let taken = 0;
    for (const a of pooled) {
      if (taken >= olderPerTopic) break;
      if (isSeen(a)) continue;
      found.set(a.id, a);
      taken++;
    }
    if (taken < olderPerTopic && pooled.length >= olderPooledPerTopic) return undefined;
  }
  return [...found.values()].sort(byId);
}

/**
 * The shared pool, kept while the candidate window stays the same (same newest article, same
 * count, same newest ingestion) and the counters it holds are current: after a like, save,
 * share or dislike anywhere (announced in this process, or relayed from another instance) it
 * is read again once it is LIST_STALE_MS old, so the counts the ranker sees lag by at most a
 * second, as on the public lists; and at the latest after CANDIDATE_POOL_MAX_AGE_MS, should a
 * change go unannounced. Times are the app's clock. Concurrent rebuilds share one read.
 */
export function createCandidatePoolCache({ articlesVersion, stillValid }: Changes) {
  let current:
    { key: string; builtAt: number; loadedAtMs: number; pool: Promise<CandidatePool> } | undefined;

  return function poolFor(
    db: DbExecutor,
    window: CorpusWindow,
    bounds: { since: Date; now: Date },
  ): Promise<CandidatePool> {
    const key = corpusWindowKey(window);
    const age = bounds.now.getTime() - (current?.loadedAtMs ?? 0);
    const fresh =
      current?.key === key &&
      age < CANDIDATE_POOL_MAX_AGE_MS &&
      (age < LIST_STALE_MS || stillValid(current.builtAt, { allCounts: true }));
    if (!fresh) {
      const entry = {
        key,
        builtAt: articlesVersion(),
        loadedAtMs: bounds.now.getTime(),
        pool: repo
          .candidatePool(db, bounds.since, bounds.now, {
            newest: CANDIDATE_LIMITS.newest,
            olderPerCategory: CANDIDATE_LIMITS.olderPooledPerTopic,
          })
          .then((rows) => buildCandidatePool(rows.window, rows.beforeWindow, rows.olderByCategory)),
      };
      // A failed read must not stay cached.
      entry.pool.catch(() => {
        if (current === entry) current = undefined;
      });
      current = entry;
    }
    return current!.pool;
  };
}
