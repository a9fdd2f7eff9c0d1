import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../../lib/opaque-cursor.js';
import type { FeedRow } from './feed.repository.js';

/**
 * Where a page of the feed ended: the build it belongs to (when the feed was built, in epoch
 * ms: every row of one build has that time) and the stored position of its last item. The next
 * page is the rows after that position while the feed is the same build; a rebuild renumbers
 * the rows, so a cursor of an older build starts again at the new feed's top.
 */
export interface FeedPosition {
  builtAt: number;
  position: number;
}

/** The latest instant a JavaScript Date holds; positions stop far below their bound. */
const MAX_TIME = 8.64e15;
const MAX_POSITION = 1_000_000;

const feedCursorSchema = z.object({
  b: z.number().int().min(0).max(MAX_TIME),
  p: z.number().int().min(0).max(MAX_POSITION),
});

export const encodeFeedCursor = ({ builtAt, position }: FeedPosition): string =>
  encodeCursor({ b: builtAt, p: position });

export function decodeFeedCursor(cursor: string | undefined): FeedPosition | undefined {
  if (cursor === undefined) return undefined;
  const { b, p } = decodeCursor(feedCursorSchema, cursor);
  return { builtAt: b, position: p };
}

/** When the stored feed was built; undefined for an empty feed. */
export function builtAtOf(feed: readonly Pick<FeedRow, 'createdAt'>[]): number | undefined {
  return feed.length === 0 ? undefined : Math.max(...feed.map((row) => row.createdAt.getTime()));
}

/** Where `page` ends, for the next page's cursor; null for an empty page. */
export function endOf(page: readonly FeedRow[], builtAt: number): FeedPosition | null {
  const last = page.at(-1);
  return last ? { builtAt, position: last.position } : null;
}
