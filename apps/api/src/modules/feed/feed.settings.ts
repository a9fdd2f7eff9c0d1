/**
 * Tunables of the stored feed and of candidate gathering. Constants, not environment
 * variables: they shape the product, not the deployment (CANDIDATE_WINDOW_DAYS is the one a
 * deployment with much faster ingestion might want to change).
 */

/** Items per feed (what one refresh stores and `get` returns). */
export const FEED_SIZE = 30;

/** A feed older than this is rebuilt by the next `get`. */
export const FEED_STALE_AFTER_MS = 6 * 3_600_000;

/** Once the reader has read from the feed and fewer unread than this remain, `get` rebuilds it. */
export const LOW_UNREAD = 10;

/**
 * Shown and left unread ("shown-and-ignored") items stay out of feeds built within this many
 * days of being replaced, then may come back. Read items never come back.
 */
export const IGNORED_COOLDOWN_DAYS = 3;

/**
 * Candidates come from the articles published up to this many days before the newest article
 * held (not the wall clock: the bundled corpus ends in 2022).
 */
export const CANDIDATE_WINDOW_DAYS = 45;

/**
 * Widening: when the window holds fewer than WIDEN_BELOW unseen (not recently shown) articles
 * of the reader's topics, a second query reaches back before the window, per topic; and the
 * freshness half-lives are stretched by (age of the WIDEN_AFTER-th newest unseen article in
 * the declared interests) / CANDIDATE_WINDOW_DAYS, at most MAX_FRESHNESS_STRETCH, so that older
 * articles of the reader's topics are not outranked by fresh ones of topics they never chose.
 */
export const WIDEN_BELOW = 30;
/** Also when one declared interest has fewer unseen articles than this: it keeps its floor. */
export const WIDEN_PER_INTEREST = 4;
export const WIDEN_AFTER = 15;
export const MAX_FRESHNESS_STRETCH = 12;

/** Upper bounds of each candidate source, so the cost does not grow with the table. */
export const CANDIDATE_LIMITS = {
  /** Newest in the window whose categories overlap the reader's topics (interests, learned). */
  byTopic: 400,
  /** Widening: per topic, the newest unseen articles before the window. */
  olderPerTopic: 20,
  /**
   * Widening: per category, the newest articles before the window that the shared candidate
   * pool holds, to find a reader's `olderPerTopic` unseen ones among (when a reader has seen
   * too many of them, the database is asked instead).
   */
  olderPooledPerTopic: 60,
  /** Newest overall (not bounded by the window, so a quiet period still fills a feed). */
  newest: 200,
  /** Most engaged-with in the window. */
  engaging: 200,
  /** Newest in the window carrying one of the reader's profile keywords. */
  byKeyword: 200,
  /** Best co-engagement scores ("readers who liked what you liked"), in the window. */
  coEngaged: 200,
  /**
   * Taught subject: of the newest `taughtScanned` unseen articles before the window sharing a
   * term with what the reader liked, saved or shared (TAUGHT_TERMS of them), the `taught`
   * sharing most.
   */
  taught: 40,
  taughtScanned: 400,
} as const;

/**
 * The shared candidate pool (candidate-pool.ts) is read again at the latest this old, even
 * when no change of counters was announced (it is read again a second after one is).
 */
export const CANDIDATE_POOL_MAX_AGE_MS = 60_000;

/** IDF statistics come from at most this many of the window's newest articles. */
export const STATS_MAX_ARTICLES = 5_000;

/** The reader's newest events (reactions, saves, shares, reads) the profile is built from... */
export const HISTORY_EVENTS = 200;
/** ...plus up to this many older dislikes, so their near-duplicates stay excluded. */
export const REMEMBERED_DISLIKES = 500;

/** Profile keywords matched against article keywords for candidates. */
export const PROFILE_KEYWORDS = 12;
/** The top terms of the reader's liked, saved and shared articles the taught source matches. */
export const TAUGHT_TERMS = 8;

/** Co-engagement is computed over a bounded neighbourhood. */
export const CO_ENGAGEMENT = {
  /** The reader's newest likes and saves used to find neighbours. */
  ownPositives: 50,
  /** Other readers looked at per one of those articles. */
  readersPerArticle: 50,
  /** Neighbours kept (most articles in common first). */
  neighbours: 100,
  /** Newest likes and saves read per neighbour. */
  positivesPerNeighbour: 100,
} as const;

/**
 * Tie-breaking seed of the ranker. The same for every reader on purpose: two readers in the
 * same state get the same feed (a per-reader seed would only reorder exact ties).
 */
export const RANK_SEED = 0x1ede;
