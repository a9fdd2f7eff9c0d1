import type { FeedRow } from './feed.repository.js';
import { FEED_STALE_AFTER_MS, LOW_UNREAD } from '../feed.settings.js';

/**
 * From when (epoch ms) the feed is stale by age alone: the first millisecond past
 * FEED_STALE_AFTER_MS after it was built; at once for an empty feed. What the reader does
 * to it (reading, retiring) is a change of its own, announced as it happens.
 */
export function staleFrom(feed: ReadonlyArray<Pick<FeedRow, 'createdAt'>>): number {
  if (feed.length === 0) return -Infinity;
  return Math.max(...feed.map((row) => row.createdAt.getTime())) + FEED_STALE_AFTER_MS + 1;
}

/**
 * Whether `get` should rebuild the feed first: it is empty, older than FEED_STALE_AFTER_MS, or
 * the reader has worked through it (read some, fewer than LOW_UNREAD unread left). A short
 * feed nobody has read from is kept: rebuilding it could not find more.
 */
export function needsRebuild(
  feed: ReadonlyArray<Pick<FeedRow, 'status' | 'createdAt'>>,
  now: Date,
): boolean {
  if (now.getTime() >= staleFrom(feed)) return true;
  const unread = feed.filter((row) => row.status === 'new').length;
  return unread < LOW_UNREAD && unread < feed.length;
}
