import { MESSAGES } from '@lede/shared';
import { pgErrorCode, type DbExecutor } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import type { ChargeWithin } from '../../http/write-limits.js';
import { ApiError } from '../../lib/errors.js';
import type { UserRow } from '../users/index.js';
import {
  readerActionsRepository as repo,
  type ArticleCounts,
  type ReactionKind,
  type ToggleResult,
  type SavedArticleRow,
} from './reader-actions.repository.js';
import type { SavedPosition } from './saved-cursor.js';

const PG_FOREIGN_KEY_VIOLATION = '23503';
/** The client keeps every id it is sent; beyond this many, only the most recent ones. */
export const ID_LIST_MAX = 10_000;

export interface ReactionOutcome {
  reaction: ReactionKind | null;
  counts: ArticleCounts;
}

export interface SaveOutcome {
  saved: boolean;
  counts: ArticleCounts;
}

/** A page of saved articles, and where it ends (null after the oldest). */
export interface SavedPage {
  entries: SavedArticleRow[];
  next: SavedPosition | null;
}

export type ReaderActionsService = ReturnType<typeof createReaderActionsService>;

const articleNotFound = () => ApiError.notFound(MESSAGES.articles.notFound);

function foundCounts(counts: ArticleCounts | undefined): ArticleCounts {
  if (!counts) throw articleNotFound();
  return counts;
}

/** A toggle's answer, or the error its outcome means. */
function toggled<T>(result: ToggleResult<T>): { counts: ArticleCounts } & T {
  if (result.outcome === 'no-reader') throw ApiError.unauthorized(MESSAGES.auth.invalidToken);
  if (result.outcome === 'no-article') throw articleNotFound();
  // The charge answers a refused budget with its 429 before the write's answer is read.
  if (result.outcome === 'over-budget') throw new Error('a write over budget reached its answer');
  return result as { counts: ArticleCounts } & T;
}

/**
 * Runs one reader's multi-statement writes (share, view) one after the other in this process.
 * The database serialises them anyway (the reader's row lock, which stays for other instances),
 * but a write queued here waits without holding a pooled connection, where one blocked on the
 * row lock between round trips would hold it. The like/dislike and save toggles are not queued:
 * each is one statement (a PL/pgSQL function) that holds the row lock for its execution only,
 * so queueing them would only add each one's pool wait to the next (under `pnpm bench load`,
 * like p50 830 ms queued).
 */
export function perReaderQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return function inTurn<T>(readerId: string, work: () => Promise<T>): Promise<T> {
    const previous = tails.get(readerId);
    const run = previous ? previous.then(work, work) : work();
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(readerId, tail);
    void tail.then(() => {
      if (tails.get(readerId) === tail) tails.delete(readerId);
    });
    return run;
  };
}

export function createReaderActionsService({
  db,
  clock,
  changes,
}: Pick<AppDeps, 'db' | 'clock' | 'changes'>) {
  const { changesArticles } = changes;
  const inTurn = perReaderQueue();
  /**
   * Every write starts here, in its transaction: the reader's row first, then the article's,
   * the same order account deletion uses, so the two cannot deadlock.
   */
  async function lockReader(tx: DbExecutor, user: UserRow): Promise<void> {
    if (!(await repo.lockReader(tx, user.id)))
      throw ApiError.unauthorized(MESSAGES.auth.invalidToken);
  }

  /** An article deleted while the reader acts on it is simply not found. */
  async function withArticle<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION) throw articleNotFound();
      throw err;
    }
  }

  /**
   * Like or dislike: without `want` a toggle (the same kind again removes it, the other kind
   * replaces it); with it, the reaction of `requested` is made present or absent, whatever it was.
   * With `charge`, the reader's write budget is charged in the same statement (429 over it).
   */
  async function toggleReaction(
    user: UserRow,
    articleId: string,
    requested: ReactionKind,
    want?: boolean,
    charge?: ChargeWithin,
  ): Promise<ReactionOutcome> {
    const ids = { userId: user.id, articleId };
    const at = clock.now();
    const { reaction, counts } = toggled(
      await withArticle(() =>
        charge
          ? charge((budget) => repo.chargeAndToggleReaction(db, budget, ids, requested, at, want))
          : repo.toggleReaction(db, ids, requested, at, want),
      ),
    );
    return { reaction, counts };
  }

  /** Save or unsave: a toggle without `want`, else the save becomes `want`; `charge` as above. */
  async function toggleSave(
    user: UserRow,
    articleId: string,
    want?: boolean,
    charge?: ChargeWithin,
  ): Promise<SaveOutcome> {
    const ids = { userId: user.id, articleId };
    const at = clock.now();
    const { saved, counts } = toggled(
      await withArticle(() =>
        charge
          ? charge((budget) => repo.chargeAndToggleSave(db, budget, ids, at, want))
          : repo.toggleSave(db, ids, at, want),
      ),
    );
    return { saved, counts };
  }

  function share(user: UserRow, articleId: string): Promise<ArticleCounts> {
    return withArticle(() =>
      db.transaction(async (tx) => {
        await lockReader(tx, user);
        return foundCounts(await repo.recordShare(tx, { userId: user.id, articleId }, clock.now()));
      }),
    );
  }

  /** The reader opened the article: counts toward the streak (once per local day), returned updated. */
  async function markViewed(user: UserRow, articleId: string): Promise<number> {
    const now = clock.now();
    const { found } = await withArticle(() =>
      db.transaction(async (tx) => {
        await lockReader(tx, user);
        return repo.recordView(tx, { userId: user.id, articleId }, user.timezone, now);
      }),
    );
    if (!found) throw articleNotFound();
    return repo.readingStreak(db, user.id, user.timezone, now);
  }

  /** `fn(user, ...)` in the reader's turn (see perReaderQueue). */
  const queued =
    <A extends unknown[], R>(fn: (user: UserRow, ...rest: A) => Promise<R>) =>
    (user: UserRow, ...rest: A): Promise<R> =>
      inTurn(user.id, () => fn(user, ...rest));

  return {
    toggleReaction: changesArticles(toggleReaction),
    toggleSave: changesArticles(toggleSave),
    share: changesArticles(queued(share)),
    markViewed: queued(markViewed),
    streak: (user: UserRow) => repo.readingStreak(db, user.id, user.timezone, clock.now()),
    recentActivity: (user: UserRow, limit: number) => repo.recentActivity(db, user.id, limit),
    likedArticleIds: (user: UserRow) => repo.reactedArticleIds(db, user.id, 'like', ID_LIST_MAX),
    dislikedArticleIds: (user: UserRow) =>
      repo.reactedArticleIds(db, user.id, 'dislike', ID_LIST_MAX),
    savedArticleIds: (user: UserRow) => repo.savedArticleIds(db, user.id, ID_LIST_MAX),
    /** One more row than the page is read: whether it exists says if there is a next page. */
    async savedArticles(user: UserRow, limit: number, after?: SavedPosition): Promise<SavedPage> {
      const rows = await repo.savedArticles(db, user.id, limit + 1, after);
      const entries = rows.slice(0, limit);
      const last = entries.at(-1);
      return {
        entries,
        next:
          rows.length > limit && last ? { savedAtMicros: last.savedAtMicros, id: last.id } : null,
      };
    },
  };
}
