import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../lib/opaque-cursor.js';

/**
 * Where a page of saved articles ended, in their order (newest saved first, then id): the last
 * one's save time in epoch microseconds (PostgreSQL's precision, exact in a double until 2255)
 * and its row id. A keyset position: saving or unsaving meanwhile never makes the next page
 * skip or repeat an article.
 */
export interface SavedPosition {
  savedAtMicros: number;
  id: string;
}

const savedCursorSchema = z.object({
  t: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  i: z.uuid(),
});

export const encodeSavedCursor = ({ savedAtMicros, id }: SavedPosition): string =>
  encodeCursor({ t: savedAtMicros, i: id });

export function decodeSavedCursor(cursor: string | undefined): SavedPosition | undefined {
  if (cursor === undefined) return undefined;
  const { t, i } = decodeCursor(savedCursorSchema, cursor);
  return { savedAtMicros: t, id: i };
}
