import type { FeedRow } from './recommendations.repository.js';
import { FEED_STALE_AFTER_MS, LOW_UNREAD } from './recommendations.settings.js';

/**
 * Whether `get` should rebuild the feed first: it is empty, older than FEED_STALE_AFTER_MS, or
 * the reader has worked through it (read some, fewer than LOW_UNREAD unread left). A short
 * feed nobody has read from is kept: rebuilding it could not find more.
 */
export function needsRebuild(
  feed: ReadonlyArray<Pick<FeedRow, 'status' | 'createdAt'>>,
  now: Date,
): boolean {
  if (feed.length === 0) return true;
  const builtAt = Math.max(...feed.map((row) => row.createdAt.getTime()));
  if (now.getTime() - builtAt > FEED_STALE_AFTER_MS) return true;
  const unread = feed.filter((row) => row.status === 'new').length;
  return unread < LOW_UNREAD && unread < feed.length;
}
