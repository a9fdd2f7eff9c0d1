/**
 * Change notices: what changed since a cached answer was built, so the prepared public
 * responses (../http/prepared-response.ts), the candidate pool and the search rankings know
 * when they are stale. One `Changes` per app, in `AppDeps.changes`; features announce through
 * it after their transactions commit.
 *
 * - `articlesChanged()`: the set of articles changed (ingestion inserted some, seeding
 *   loaded some). Every prepared body built before the call is stale.
 * - `articleCountsChanged(id)`: one article's counters changed (a like, dislike, save or
 *   share committed). Stale are the bodies that show that article (its likes) and those
 *   whose order depends on every article's counts (trending); a search or latest page
 *   without it stays valid.
 * - `feedChanged(readerId)`: a reader's feed changed (its rows in `recommendations`: rebuilt,
 *   read, retired, cleared). Stale is that reader's prepared feed answer; nothing else.
 *
 * Every cache of this process sees a change at its next lookup. Other processes (other
 * instances on the same database) hear it through PostgreSQL NOTIFY when server.ts starts the
 * relays beside this file (./articles-relay.ts, ./feeds-relay.ts), within milliseconds; should
 * a notification be lost, a body there still lives at most its TTL (`PUBLIC_CACHE_SECONDS`),
 * which bounds the staleness.
 */

/** What a prepared body shows, to know when it goes stale. */
export type Dependency =
  /**
   * It shows these articles (with their counts) and nothing else depends on counts; with
   * `feedOf`, it is that reader's feed and also goes stale when the feed changes.
   */
  | { articleIds: readonly string[]; feedOf?: string }
  /** Its order depends on every article's counts (trending). */
  | { allCounts: true };

/**
 * Lists (latest, trending, search, and a reader's feed) are rebuilt at most about twice a second under a stream of
 * likes: until then the previous body is served, its counts (and trending's order) at most this
 * old. A change to which articles exist is never served stale, and neither is one article's own
 * answer. Before, every like dropped the lists that showed the article, and under load the
 * search rebuilds alone took 62 % of the database's time (`pnpm bench load`).
 */
export const LIST_STALE_MS = 1_000;

/** Hears every change announced in this process (`undefined`: the set changed). */
export type ChangeListener = (articleId: string | undefined) => void;

/** Past this many remembered articles, forget them all and treat it as a change of the set. */
const REMEMBERED_ARTICLES = 10_000;
/** Past this many remembered feeds, forget them all and treat it as a change of every feed. */
const REMEMBERED_FEEDS = 10_000;

export type Changes = ReturnType<typeof createChanges>;

export function createChanges() {
  /** Bumped by every change of either kind: bodies remember the value they were built under. */
  let version = 0;
  /** The version of the last `articlesChanged()`. */
  let setChangedAt = 0;
  /** The version of the last counters change, of any article. */
  let countsChangedAt = 0;
  /** The version of the last counters change, per article. */
  const changedArticles = new Map<string, number>();
  /** The version of the last change of every feed, and of each reader's feed since. */
  let allFeedsChangedAt = 0;
  const changedFeeds = new Map<string, number>();

  let listener: ChangeListener | undefined;

  /** The one listener (./articles-relay.ts tells the other instances); `undefined` removes it. */
  function onArticlesChanged(next: ChangeListener | undefined): void {
    listener = next;
  }

  /** Call after a committed change to which articles exist. */
  function articlesChanged(): void {
    setChangedAt = ++version;
    changedArticles.clear();
    listener?.(undefined);
  }

  /** Call after a committed change of one article's counters. */
  function articleCountsChanged(articleId: string): void {
    if (changedArticles.size >= REMEMBERED_ARTICLES) return articlesChanged();
    countsChangedAt = ++version;
    changedArticles.delete(articleId);
    changedArticles.set(articleId, countsChangedAt);
    listener?.(articleId);
  }

  /**
   * Call after a committed change of a reader's feed, or of every feed (`undefined`: the
   * notifications of other instances' changes may have been missed). Not relayed from here:
   * a trigger on `recommendations` announces every change to every instance
   * (./feeds-relay.ts); this call is what makes the change seen at once by the
   * instance that made it, before its answer leaves.
   */
  function feedChanged(readerId?: string): void {
    const at = ++version;
    if (readerId === undefined || changedFeeds.size >= REMEMBERED_FEEDS) {
      allFeedsChangedAt = at;
      changedFeeds.clear();
      return;
    }
    changedFeeds.delete(readerId);
    changedFeeds.set(readerId, at);
  }

  function articlesVersion(): number {
    return version;
  }

  /** Whether a body built under `builtAt` showing `depends` still holds. */
  function stillValid(builtAt: number, depends: Dependency): boolean {
    if (builtAt === version) return true;
    if (setChangedAt > builtAt || feedChangedSince(builtAt, depends)) return false;
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
  function changesArticles<U, A extends unknown[], R>(
    fn: (reader: U, articleId: string, ...rest: A) => Promise<R>,
  ): (reader: U, articleId: string, ...rest: A) => Promise<R> {
    return (reader, articleId, ...rest) =>
      fn(reader, articleId, ...rest).finally(() => articleCountsChanged(articleId));
  }

  function feedChangedSince(builtAt: number, depends: Dependency): boolean {
    if (!('feedOf' in depends) || depends.feedOf === undefined) return false;
    if (allFeedsChangedAt > builtAt) return true;
    const changedAt = changedFeeds.get(depends.feedOf);
    return changedAt !== undefined && changedAt > builtAt;
  }

  /** `work()`, announcing `feedChanged(readerId)` once it settles (after its transaction ended). */
  function changingFeed<R>(readerId: string, work: () => Promise<R>): Promise<R> {
    return work().finally(() => feedChanged(readerId));
  }

  /** Whether the set of articles changed (not only counters) since a body built under `builtAt`. */
  function articlesSetChangedSince(builtAt: number): boolean {
    return setChangedAt > builtAt;
  }

  /**
   * Whether something other than counters changed since a body built under `builtAt` showing
   * `depends`: the set of articles, or the feed it is. Such a body is never served stale.
   */
  function moreThanCountsChangedSince(builtAt: number, depends: Dependency): boolean {
    return setChangedAt > builtAt || feedChangedSince(builtAt, depends);
  }

  return {
    onArticlesChanged,
    articlesChanged,
    articleCountsChanged,
    feedChanged,
    articlesVersion,
    stillValid,
    changesArticles,
    changingFeed,
    articlesSetChangedSince,
    moreThanCountsChangedSince,
  };
}
