/**
 * The invalidation hooks of the prepared public responses (./prepared-response.ts).
 *
 * - `articlesChanged()`: the set of articles changed (ingestion inserted some, seeding
 *   loaded some). Every prepared body built before the call is stale.
 * - `articleCountsChanged(id)`: one article's counters changed (a like, dislike, save or
 *   share committed). Stale are the bodies that show that article (its likes) and those
 *   whose order depends on every article's counts (trending); a search or latest page
 *   without it stays valid.
 *
 * Every cache of this process sees a change at its next lookup. Other processes (other
 * instances on the same database) hear it through PostgreSQL NOTIFY when server.ts starts
 * ../db/articles-changed-relay.ts, within milliseconds; should a notification be lost, a
 * body there still lives at most its TTL (`PUBLIC_CACHE_SECONDS`), which bounds the staleness.
 */

/** Bumped by every change of either kind: bodies remember the value they were built under. */
let version = 0;
/** The version of the last `articlesChanged()`. */
let setChangedAt = 0;
/** The version of the last counters change, of any article. */
let countsChangedAt = 0;
/** The version of the last counters change, per article. */
const changedArticles = new Map<string, number>();
/** Past this many remembered articles, forget them all and treat it as a change of the set. */
const REMEMBERED_ARTICLES = 10_000;

/** Hears every change announced in this process (`undefined`: the set changed). */
type ChangeListener = (articleId: string | undefined) => void;
let listener: ChangeListener | undefined;

/** The one listener (../db/articles-changed-relay.ts tells the other instances); `undefined` removes it. */
export function onArticlesChanged(next: ChangeListener | undefined): void {
  listener = next;
}

/** Call after a committed change to which articles exist. */
export function articlesChanged(): void {
  setChangedAt = ++version;
  changedArticles.clear();
  listener?.(undefined);
}

/** Call after a committed change of one article's counters. */
export function articleCountsChanged(articleId: string): void {
  if (changedArticles.size >= REMEMBERED_ARTICLES) return articlesChanged();
  countsChangedAt = ++version;
  changedArticles.delete(articleId);
  changedArticles.set(articleId, countsChangedAt);
  listener?.(articleId);
}

export function articlesVersion(): number {
  return version;
}

/** What a prepared body shows, to know when it goes stale. */
export type Dependency =
  /** It shows these articles (with their counts) and nothing else depends on counts. */
  | { articleIds: readonly string[] }
  /** Its order depends on every article's counts (trending). */
  | { allCounts: true };

/** Whether a body built under `builtAt` showing `depends` still holds. */
export function stillValid(builtAt: number, depends: Dependency): boolean {
  if (builtAt === version) return true;
  if (setChangedAt > builtAt) return false;
  if (countsChangedAt <= builtAt) return true;
  if ('allCounts' in depends) return false;
  for (const id of depends.articleIds) {
    const changedAt = changedArticles.get(id);
    if (changedAt !== undefined && changedAt > builtAt) return false;
  }
  return true;
}

/**
 * `fn(reader, articleId, ...)`, announcing `articleCountsChanged(articleId)` once its promise
 * settles (after its transaction committed). For like, dislike, save and share.
 */
export function changesArticles<U, A extends unknown[], R>(
  fn: (reader: U, articleId: string, ...rest: A) => Promise<R>,
): (reader: U, articleId: string, ...rest: A) => Promise<R> {
  return (reader, articleId, ...rest) =>
    fn(reader, articleId, ...rest).finally(() => articleCountsChanged(articleId));
}

/** Whether the set of articles changed (not only counters) since a body built under `builtAt`. */
export function articlesSetChangedSince(builtAt: number): boolean {
  return setChangedAt > builtAt;
}
