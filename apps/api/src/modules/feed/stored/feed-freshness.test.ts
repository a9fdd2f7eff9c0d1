import { describe, expect, it } from 'vitest';
import { needsRebuild } from './feed-freshness.js';
import { FEED_STALE_AFTER_MS, LOW_UNREAD } from '../feed.settings.js';

const now = new Date('2030-03-10T09:00:00Z');
const builtAgo = (ms: number) => new Date(now.getTime() - ms);
const feed = (size: number, read: number, createdAt = builtAgo(60_000)) =>
  Array.from({ length: size }, (_, i) => ({
    status: i < read ? ('read' as const) : ('new' as const),
    createdAt,
  }));

describe('when get rebuilds the feed', () => {
  it('rebuilds an empty feed', () => {
    expect(needsRebuild([], now)).toBe(true);
  });

  it('keeps a recent feed and rebuilds a stale one', () => {
    expect(needsRebuild(feed(30, 0, builtAgo(FEED_STALE_AFTER_MS - 1)), now)).toBe(false);
    expect(needsRebuild(feed(30, 0, builtAgo(FEED_STALE_AFTER_MS + 1)), now)).toBe(true);
  });

  it('rebuilds once the reader has read down to fewer than LOW_UNREAD unread', () => {
    expect(needsRebuild(feed(30, 30 - LOW_UNREAD), now)).toBe(false);
    expect(needsRebuild(feed(30, 30 - LOW_UNREAD + 1), now)).toBe(true);
  });

  it('keeps a short feed nobody has read from (a rebuild could not find more)', () => {
    expect(needsRebuild(feed(5, 0), now)).toBe(false);
    expect(needsRebuild(feed(5, 1), now)).toBe(true);
  });
});
