import { MESSAGES, MIN_INTERESTS, type SteeringChange } from '@lede/shared';
import type { DbExecutor } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../lib/errors.js';
import { createReaderActionsService, type ReaderActionsService } from '../reader-actions/index.js';
import { articlesRepository, type ArticleRecord } from '../articles/index.js';
import type { UserRow } from '../users/index.js';
import { applySteering } from './controls/feed-profile.js';
import { resetLearning } from './controls/reader-controls.js';
import { createFeedBuilder, type RankFn } from './stored/feed-builder.js';
import { builtAtOf, endOf, type FeedPosition } from './stored/feed-cursor.js';
import { needsRebuild } from './stored/feed-freshness.js';
import { feedRepository as repo, type FeedRow } from './stored/feed.repository.js';
import { FEED_SIZE } from './feed.settings.js';

/** A page of the feed, and where it ends (null when nothing more is left). */
export interface Feed {
  items: FeedRow[];
  interestCount: number;
  next: FeedPosition | null;
}

export interface MarkedRead {
  /** The reader's feed entry for the article, when it was ever recommended to them. */
  entry: FeedRow | undefined;
  streak: number;
}

/** One item of a preview: what the next refresh would show, and why. */
export interface PreviewItem {
  article: ArticleRecord;
  score: number;
  reasons: string[];
}

/** How many items a steering preview shows (the next top 10). */
export const PREVIEW_SIZE = 10;

/** Thrown to end the preview's transaction with its result: everything it wrote rolls back. */
class PreviewResult extends Error {
  constructor(readonly items: PreviewItem[]) {
    super('preview');
  }
}

export type FeedService = ReturnType<typeof createFeedService>;

/** The first page of a stored feed (a next page's items are appended after it). */
function firstPage(feed: FeedRow[], interestCount: number): Feed {
  const items = feed.slice(0, FEED_SIZE);
  const builtAt = builtAtOf(feed);
  return { items, interestCount, next: builtAt === undefined ? null : endOf(items, builtAt) };
}

/** The page after `after` that the feed holds already (it was asked for before), if any. */
function storedPage(feed: FeedRow[], after: FeedPosition, interestCount: number): Feed | undefined {
  const items = feed.filter((row) => row.position > after.position).slice(0, FEED_SIZE);
  if (items.length === 0) return undefined;
  return { items, interestCount, next: endOf(items, after.builtAt) };
}

const hasEnoughInterests = (interests: readonly string[]) => interests.length >= MIN_INTERESTS;

const needsPreferences = () =>
  ApiError.forbidden(MESSAGES.recommendations.needsPreferences, { needsPreferences: true });

/**
 * Empties a reader's feed (new interests); pass the transaction that changes the interests.
 * With `forgetLearningAt` ("Reset interests"), what the feed learned goes too (resetLearning):
 * their likes, saves, shares and reads until then teach it nothing, and their steering is
 * cleared.
 */
export async function clearRecommendations(
  tx: DbExecutor,
  userId: string,
  { forgetLearningAt }: { forgetLearningAt?: Date } = {},
): Promise<void> {
  await repo.clearFeed(tx, userId);
  if (forgetLearningAt) await resetLearning(tx, userId, forgetLearningAt);
}

/** `rank` replaces the ranker (the offline evaluation runs its baselines through the service). */
export function createFeedService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'changes'>,
  options: { rank?: RankFn; readerActions?: ReaderActionsService } = {},
) {
  const { db, clock } = deps;
  const { changingFeed } = deps.changes;
  // The app passes its one reader-actions service; tools and the bench may let it be built here.
  const readerActions = options.readerActions ?? createReaderActionsService(deps);
  const feeds = createFeedBuilder(deps.changes, options.rank);

  /**
   * Replaces the reader's feed, in one transaction under the reader's row lock (concurrent
   * rebuilds of one reader run one after the other). What the reader did and their controls
   * are read just before, on other pooled connections at once (`readSignals`: 4 reads side by
   * side instead of one after another). With `onlyIfNeeded` the need is checked
   * again under the lock: of two `get`s racing on a stale feed, only the first rebuilds it.
   * `eligible` is false (and nothing changes) when the reader has fewer than MIN_INTERESTS
   * interests by the time the lock is held.
   *
   * A refresh announces the change of feed (`feedChanged`) to this process's prepared answers;
   * a rebuild inside `get` does not: it is what the answer being prepared will show.
   */
  async function rebuild(
    user: UserRow,
    onlyIfNeeded: boolean,
  ): Promise<Feed & { eligible: boolean }> {
    const run = async () => {
      const now = clock.now();
      const signals = await feeds.readSignals(db, user.id, now, { withControls: true });
      return db.transaction(async (tx) => {
        const reader = await repo.lockReader(tx, user.id);
        if (!reader) throw ApiError.unauthorized(MESSAGES.auth.invalidToken);
        const interestCount = reader.interests.length;
        if (!hasEnoughInterests(reader.interests))
          return { items: [], interestCount, next: null, eligible: false };
        if (onlyIfNeeded) {
          const items = await repo.activeFeed(tx, user.id);
          if (!needsRebuild(items, now))
            return { ...firstPage(items, interestCount), eligible: true };
        }
        const reading = { id: user.id, interests: reader.interests };
        const picks = await feeds.buildFeed(tx, reading, now, signals);
        const items = await repo.replaceFeed(tx, user.id, picks, now);
        return { ...firstPage(items, interestCount), eligible: true };
      });
    };
    return onlyIfNeeded ? run() : changingFeed(user.id, run);
  }

  /**
   * The page after `after` in a feed the reader has worked through: more articles are ranked
   * (those new to the feed, see NextPage) and appended to it, in one transaction under the
   * reader's feed lock, which also makes two requests for the same page store it once. Undefined
   * when the feed was rebuilt meanwhile. A next page leaves the rest of the feed as it is: what
   * it already showed keeps its place, and the feed keeps its age. Nothing more (null `next`)
   * once the ranker finds less than a page.
   */
  async function appendPage(user: UserRow, after: FeedPosition): Promise<Feed | undefined> {
    const now = clock.now();
    const signals = await feeds.readSignals(db, user.id, now, { withControls: true });
    const append = () =>
      db.transaction(async (tx): Promise<Feed | undefined> => {
        const reader = await repo.lockReader(tx, user.id);
        if (!reader) throw ApiError.unauthorized(MESSAGES.auth.invalidToken);
        const interestCount = reader.interests.length;
        if (!hasEnoughInterests(reader.interests)) return { items: [], interestCount, next: null };
        const feed = await repo.activeFeed(tx, user.id);
        if (builtAtOf(feed) !== after.builtAt) return undefined;
        const stored = storedPage(feed, after, interestCount);
        if (stored) return stored;
        const last = feed.at(-1)!;
        const reading = { id: user.id, interests: reader.interests };
        const shown = feed.map((row) => row.article);
        const picks = await feeds.buildFeed(tx, reading, now, signals, {
          shown,
          belowScore: last.score,
        });
        const items = await repo.appendToFeed(tx, user.id, picks, {
          from: last.position + 1,
          builtAt: new Date(after.builtAt),
        });
        const next = picks.length < FEED_SIZE ? null : endOf(items, after.builtAt);
        return { items, interestCount, next };
      });
    return changingFeed(user.id, append);
  }

  /** The current feed's first page, the feed rebuilt first when empty, stale or worked through. */
  async function get(user: UserRow): Promise<Feed> {
    const interestCount = user.interests.length;
    if (!hasEnoughInterests(user.interests)) return { items: [], interestCount, next: null };
    const items = await repo.activeFeed(db, user.id);
    if (!needsRebuild(items, clock.now())) return firstPage(items, interestCount);
    const { eligible: _eligible, ...rebuilt } = await rebuild(user, true);
    return rebuilt;
  }

  return {
    get,

    /**
     * The page after `after`: stored already (asked for before), or built now. A cursor of a
     * feed rebuilt since (another device refreshed it) gets the new feed's first page.
     */
    async next(user: UserRow, after: FeedPosition): Promise<Feed> {
      const interestCount = user.interests.length;
      if (!hasEnoughInterests(user.interests)) return { items: [], interestCount, next: null };
      const feed = await repo.activeFeed(db, user.id);
      if (builtAtOf(feed) !== after.builtAt) return get(user);
      return storedPage(feed, after, interestCount) ?? (await appendPage(user, after)) ?? get(user);
    },

    async refresh(user: UserRow): Promise<Feed> {
      const { eligible, ...rebuilt } = await rebuild(user, false);
      if (!eligible) throw needsPreferences();
      return rebuilt;
    },

    /**
     * The next top PREVIEW_SIZE as the next refresh would rank them with the steering changes
     * applied: in one transaction (under the reader's lock, as a rebuild) the changes are
     * written and the next feed built, then everything is rolled back. Nothing is saved:
     * neither the steering, nor the feed, nor what was shown or read.
     */
    async preview(user: UserRow, changes: readonly SteeringChange[]): Promise<PreviewItem[]> {
      const now = clock.now();
      const signals = await feeds.readSignals(db, user.id, now);
      try {
        await db.transaction(async (tx) => {
          const reader = await repo.lockReader(tx, user.id);
          if (!reader) throw ApiError.unauthorized(MESSAGES.auth.invalidToken);
          if (!hasEnoughInterests(reader.interests)) throw needsPreferences();
          await applySteering(tx, user.id, changes, now);
          const reading = { id: user.id, interests: reader.interests };
          const picks = (await feeds.buildFeed(tx, reading, now, signals)).slice(0, PREVIEW_SIZE);
          const found = await articlesRepository.findByIdsInOrder(
            tx,
            picks.map((p) => p.articleId),
          );
          const byId = new Map(found.map((a) => [a.id, a]));
          throw new PreviewResult(
            picks.flatMap((p) => {
              const article = byId.get(p.articleId);
              return article ? [{ article, score: p.score, reasons: p.reasons }] : [];
            }),
          );
        });
      } catch (error) {
        if (error instanceof PreviewResult) return error.items;
        throw error;
      }
      return [];
    },

    /** Marks the recommendation read (if any) and records the reading, as opening the article does. */
    async markAsRead(user: UserRow, articleId: string): Promise<MarkedRead> {
      const streak = await readerActions.markViewed(user, articleId);
      const wasRecommended = await changingFeed(user.id, () =>
        repo.markRead(db, user.id, articleId, clock.now()),
      );
      return {
        entry: wasRecommended ? await repo.feedEntry(db, user.id, articleId) : undefined,
        streak,
      };
    },
  };
}
