import type { Changes } from '../../../changes/index.js';
import type { DbExecutor } from '../../../db/client.js';
import {
  createCandidatePoolCache,
  olderFromPool,
  pooledOlder,
  windowSources,
  type CandidatePool,
} from '../candidates/candidate-pool.js';
import { createCorpusStatsCache } from '../candidates/corpus-stats-cache.js';
import { topProfileKeywords, topTaughtTerms } from '../controls/profile-keywords.js';
import {
  coEngagementFor,
  learnedTopics,
  normaliseInterests,
  notOnPageWith,
  rank,
  topicFeedback,
  type HistoryEvent,
  type RankContext,
  type RankedArticle,
  type RankUser,
  type RankableArticle,
  type CorpusStats,
} from '../ranker/index.js';
import {
  signalsRepository as repo,
  type CandidateQuery,
  type CandidateRow,
  type CorpusWindow,
  type HistoryRow,
  type NeighbourRow,
  type ReaderFlags,
} from '../candidates/signals.repository.js';
import type { StoredPick } from './feed.repository.js';
import {
  CANDIDATE_LIMITS,
  CANDIDATE_WINDOW_DAYS,
  MAX_FRESHNESS_STRETCH,
  WIDEN_AFTER,
  WIDEN_BELOW,
  WIDEN_PER_INTEREST,
  CO_ENGAGEMENT,
  FEED_SIZE,
  HISTORY_EVENTS,
  IGNORED_COOLDOWN_DAYS,
  PROFILE_KEYWORDS,
  RANK_SEED,
  REMEMBERED_DISLIKES,
  TAUGHT_TERMS,
} from '../feed.settings.js';
import { loadReaderControls, toRankControls } from '../controls/reader-controls.js';
import type { ReaderControlRow } from '../controls/reader-controls.repository.js';

const DAY_MS = 86_400_000;

export interface FeedReader {
  id: string;
  interests: string[];
}

/**
 * Building the page that follows the feed shown so far (a next page, not a rebuild): its
 * articles are all new to the feed, none a near-duplicate of one shown, and none shown and
 * retired within the cooldown (those only fill a rebuilt page), and its scores continue below
 * the last one shown.
 */
export interface NextPage {
  shown: readonly Pick<RankableArticle, 'title' | 'titleKey' | 'storyId'>[];
  belowScore: number;
}

/** The ranking step (the ranker; the offline evaluation swaps in its baselines). */
export type RankFn = typeof rank;

/**
 * What a feed is built from that its rebuild does not write: the corpus window and its
 * statistics, the reader's history and their neighbours' likes and saves. Read before the
 * rebuild's transaction, on pooled connections at once (they need nothing from each other),
 * never while a connection is held for the transaction: a transaction waiting for the pool
 * could otherwise wait on the other transactions holding it.
 */
export interface ReaderSignals {
  window: CorpusWindow | undefined;
  stats: CorpusStats | undefined;
  /** What every reader's window sources pick from (shared, cached: candidate-pool.ts). */
  pool: CandidatePool | undefined;
  history: HistoryRow[];
  neighbours: NeighbourRow[];
  /** The reader's controls, when read with the rest (a preview writes its own first). */
  controls?: ReaderControlRow[];
}

/**
 * Builds readers' next feeds: `readSignals` gathers what the reader did (outside any
 * transaction), `buildFeed` the candidates and controls inside the caller's transaction, and
 * ranks them. Holds the corpus statistics cache, so create one builder per process (the
 * service does).
 */
export function createFeedBuilder(changes: Changes, rankFeed: RankFn = rank) {
  const statsFor = createCorpusStatsCache();
  const poolFor = createCandidatePoolCache(changes);

  async function readSignals(
    db: DbExecutor,
    readerId: string,
    now: Date,
    { withControls = false } = {},
  ): Promise<ReaderSignals> {
    const [corpus, history, neighbours, controls] = await Promise.all([
      repo.corpusWindow(db, now, CANDIDATE_WINDOW_DAYS).then(async (window) => {
        if (!window) return { window, stats: undefined, pool: undefined };
        const bounds = { since: windowStart(window), now };
        const [stats, pool] = await Promise.all([
          statsFor(db, window, bounds),
          poolFor(db, window, bounds),
        ]);
        return { window, stats, pool };
      }),
      repo.readerHistory(db, readerId, { events: HISTORY_EVENTS, dislikes: REMEMBERED_DISLIKES }),
      repo.neighbourPositives(db, readerId, {
        events: HISTORY_EVENTS,
        ownPositives: CO_ENGAGEMENT.ownPositives,
      }),
      withControls ? loadReaderControls(db, readerId) : undefined,
    ]);
    return { ...corpus, history, neighbours, ...(controls && { controls }) };
  }

  async function buildFeed(
    tx: DbExecutor,
    reader: FeedReader,
    now: Date,
    signals: ReaderSignals,
    nextPage?: NextPage,
  ): Promise<StoredPick[]> {
    const { window, stats, pool } = signals;
    if (!window || !stats || !pool) return [];
    const since = windowStart(window);
    const history = onCorpusTimeline(signals.history, now.getTime() - window.anchor.getTime());
    const coEngagement = coEngagementOf(history, signals.neighbours);
    const controls = toRankControls(
      signals.controls ?? (await loadReaderControls(tx, reader.id)),
      now.getTime() - window.anchor.getTime(),
      normaliseInterests(reader.interests),
    );
    const learned = learnedTopics(
      topicFeedback(history, window.anchor.getTime(), controls.forgottenTopics),
    ).map((f) => f.category);
    const topics = [...new Set([...reader.interests, ...learned])];
    const query: CandidateQuery = {
      userId: reader.id,
      interests: reader.interests,
      topics,
      keywords: topProfileKeywords(history, PROFILE_KEYWORDS),
      coEngagedIds: bestScored(coEngagement, CANDIDATE_LIMITS.coEngaged),
      since,
      now,
      ignoredSince: new Date(now.getTime() - IGNORED_COOLDOWN_DAYS * DAY_MS),
      hiddenSources: [...(controls.hiddenSources ?? [])],
      fewerArticleIds: [...(controls.fewerArticleIds ?? [])],
    };
    const gathered = await gatherCandidates(tx, pool, query);
    const taught = await repo.taughtCandidates(
      tx,
      query,
      topTaughtTerms(history, TAUGHT_TERMS, controls.steeredSubjects),
      gathered.map((c) => c.article.id),
      { limit: CANDIDATE_LIMITS.taught, scanned: CANDIDATE_LIMITS.taughtScanned },
    );
    const candidates = [...gathered, ...taught];

    const user: RankUser = { interests: reader.interests, history, controls };
    const context: RankContext = {
      now: window.anchor,
      seed: RANK_SEED,
      limit: FEED_SIZE,
      stats,
      coEngagement,
      // Measured without the taught subject's older articles: they follow what the reader
      // liked, not how far their declared interests ran dry.
      freshnessStretch: freshnessStretch(gathered, reader.interests, window.anchor),
    };
    const unseen = candidates.filter((c) => !c.recentlyShown).map((c) => c.article);
    const fresh = rankFeed(
      user,
      nextPage ? unseen.filter(notOnPageWith(nextPage.shown)) : unseen,
      context,
    );
    const fill =
      !nextPage && fresh.length < FEED_SIZE
        ? rankRecentlyShown(
            rankFeed,
            user,
            candidates,
            { ...context, limit: FEED_SIZE - fresh.length },
            fresh,
          )
        : [];
    return withDecreasingScores([...fresh, ...fill], nextPage?.belowScore);
  }

  return { readSignals, buildFeed };
}

/**
 * A reader's candidates: their window sources picked from the shared pool, minus what they
 * excluded (hidden sources and "fewer" articles, and what `readerFlags` blocks: what they
 * read, reacted to, saved or viewed, and copies of what they disliked), by id; then, when
 * fewer than WIDEN_BELOW of those are unseen (not recently shown) articles of their declared
 * interests, or fewer than WIDEN_PER_INTEREST of one of them (counted by their label, the
 * primary category), the window ran dry for them,
 * and the newest unseen articles of each topic before the window follow, by id: from the pool
 * when its older articles of each topic hold enough
 * the reader has not seen (their flags are asked in the same statement), else from the
 * database.
 */
async function gatherCandidates(
  tx: DbExecutor,
  pool: CandidatePool,
  query: CandidateQuery,
): Promise<CandidateRow[]> {
  const hidden = new Set(query.hiddenSources);
  const fewer = new Set(query.fewerArticleIds);
  const allowed = (a: RankableArticle) => !hidden.has(a.sourceName) && !fewer.has(a.id);
  const picked = windowSources(pool, query).filter(allowed);
  const older = pooledOlder(pool, query.topics);
  const asked = new Map([...picked, ...older].map((a) => [a.id, a]));
  const flags = asked.size > 0 ? await repo.readerFlags(tx, query, [...asked.values()]) : new Map();
  const flagsOf = (a: RankableArticle): ReaderFlags | undefined => flags.get(a.id);
  const fresh: CandidateRow[] = picked.flatMap((article) => {
    const f = flagsOf(article);
    return f?.blocked ? [] : [{ article, recentlyShown: f?.recentlyShown ?? false }];
  });
  // Unseen fresh candidates of each declared interest, and of them all, by their label (the
  // primary category): an interest whose own articles ran dry is widened even when others'
  // articles still carry it as a secondary category.
  const perInterest = new Map(query.interests.map((c) => [c, 0]));
  let freshInInterests = 0;
  for (const c of fresh) {
    if (c.recentlyShown) continue;
    const n = perInterest.get(primaryOf(c.article));
    if (n === undefined) continue;
    perInterest.set(primaryOf(c.article), n + 1);
    freshInInterests += 1;
  }
  const thinInterest = [...perInterest.values()].some((n) => n < WIDEN_PER_INTEREST);
  if (freshInInterests >= WIDEN_BELOW && !thinInterest) return fresh;

  const freshIds = new Set(fresh.map((c) => c.article.id));
  // What the reader saved is blocked, not seen: it must not take a place of a topic's newest.
  const fromPool = olderFromPool(pool, query.topics, (a) => {
    const f = flagsOf(a);
    return (f?.seen || f?.blocked) ?? false;
  });
  const widened = fromPool
    ? fromPool
        .filter((a) => !flagsOf(a)?.blocked && allowed(a) && !freshIds.has(a.id))
        .map((article) => ({ article, recentlyShown: false }))
    : await repo.olderCandidates(tx, query, [...freshIds]);
  return [...fresh, ...widened];
}

/** An article's own category: the label its card shows (categories are primary first). */
const primaryOf = (a: RankableArticle): string => a.categories[0] ?? '';

const windowStart = (window: CorpusWindow) =>
  new Date(window.anchor.getTime() - CANDIDATE_WINDOW_DAYS * DAY_MS);

/**
 * How far the pool had to widen: the age of the WIDEN_AFTER-th newest unseen article of the
 * reader's declared interests (by its label, the primary category), in windows (at least 1, at
 * most MAX_FRESHNESS_STRETCH). The ranker stretches its freshness half-lives by it, so a reader
 * whose topics ran dry in the window gets their topics' older articles rather than fresh ones
 * of other topics.
 */
function freshnessStretch(
  candidates: readonly CandidateRow[],
  interests: readonly string[],
  anchor: Date,
): number {
  const ages = candidates
    .filter((c) => !c.recentlyShown && interests.includes(primaryOf(c.article)))
    .map((c) => (anchor.getTime() - c.article.pubDate.getTime()) / DAY_MS)
    .sort((a, b) => a - b);
  const age = ages[Math.min(WIDEN_AFTER, ages.length) - 1];
  if (age === undefined) return MAX_FRESHNESS_STRETCH;
  return Math.min(MAX_FRESHNESS_STRETCH, Math.max(1, age / CANDIDATE_WINDOW_DAYS));
}

/**
 * The reader acts in wall-clock time, articles live in corpus time (the bundled corpus ends in
 * 2022). Shifting the history by the gap keeps its recency weighting: an event of an hour ago
 * counts as an hour before the newest article. With live ingestion the gap is about zero.
 */
function onCorpusTimeline(rows: HistoryRow[], gapMs: number): HistoryEvent[] {
  return rows.map((r) => ({
    article: r.article,
    action: r.action,
    at: new Date(r.at.getTime() - gapMs),
  }));
}

/** Co-engagement from the neighbours' positives; `viaTitle` names the reader's own article. */
function coEngagementOf(history: HistoryEvent[], neighbours: readonly NeighbourRow[]) {
  const titles = new Map<string, string>();
  for (const event of history) {
    if (titles.size >= CO_ENGAGEMENT.ownPositives) break;
    if (event.action === 'like' || event.action === 'save')
      titles.set(event.article.id, event.article.title);
  }
  const positivesByReader = neighbours.map(({ articleIds }) => new Set(articleIds));
  return coEngagementFor(new Set(titles.keys()), positivesByReader, titles);
}

function bestScored(scores: ReadonlyMap<string, { score: number }>, limit: number): string[] {
  return [...scores]
    .sort(([a, x], [b, y]) => y.score - x.score || (a < b ? -1 : 1))
    .slice(0, limit)
    .map(([id]) => id);
}

/** When fresh candidates run out, items shown before (and left unread) fill the page. */
function rankRecentlyShown(
  rankFeed: RankFn,
  user: RankUser,
  candidates: CandidateRow[],
  context: RankContext,
  picked: RankedArticle[],
): RankedArticle[] {
  const shown = candidates.filter((c) => c.recentlyShown).map((c) => c.article);
  if (shown.length === 0) return [];
  const notOnPage = notOnPageWith(picked.map((p) => p.article));
  return rankFeed(user, shown, { ...context, limit: context.limit + picked.length })
    .filter((r) => notOnPage(r.article))
    .slice(0, context.limit);
}

/**
 * Stored order is the ranked order; scores keep decreasing along it, and stay under `below`
 * (the last score of the page before), so the client may sort by them.
 */
function withDecreasingScores(
  ranked: RankedArticle[],
  below = Number.POSITIVE_INFINITY,
): StoredPick[] {
  let previous = below;
  return ranked.map((r) => {
    const score = Math.min(r.score, previous - 1e-6);
    previous = score;
    return { articleId: r.article.id, score, reasons: r.reasons };
  });
}
