import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../lib/opaque-cursor.js';

/**
 * Opaque `cursor` / `nextCursor` values (lib/opaque-cursor.ts). Chronological lists
 * use a keyset position (the last article's exact pub_date and id), so pages
 * never skip or repeat when articles arrive in between. Ranked lists (trending,
 * search) use an offset: their order is recomputed on every request anyway.
 */

export interface KeysetPosition {
  /** pub_date of the last article shown, ISO 8601 with microseconds (PostgreSQL precision). */
  pubDate: string;
  id: string;
}

const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
/** A calendar instant PostgreSQL accepts: the pattern alone let `9999-99-99` through, to a 500. */
function isRealInstant(pubDate: string): boolean {
  const toMillis = `${pubDate.slice(0, 23)}Z`;
  const millis = Date.parse(toMillis);
  // Date.parse rolls an impossible date over (February 30th is March 1st); PostgreSQL has no year 0.
  return millis >= FIRST_INSTANT && new Date(millis).toISOString() === toMillis;
}

const keysetSchema = z.object({
  p: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
    .refine(isRealInstant),
  i: z.uuid(),
});
/** Ranked lists stop far below this; it only keeps absurd offsets away from the database. */
const MAX_OFFSET = 100_000;
const offsetSchema = z.object({ o: z.number().int().min(0).max(MAX_OFFSET) });

export const encodeKeysetCursor = (position: KeysetPosition): string =>
  encodeCursor({ p: position.pubDate, i: position.id });

export function decodeKeysetCursor(cursor: string | undefined): KeysetPosition | undefined {
  if (cursor === undefined) return undefined;
  const { p, i } = decodeCursor(keysetSchema, cursor);
  return { pubDate: p, id: i };
}

export const encodeOffsetCursor = (offset: number): string => encodeCursor({ o: offset });

export function decodeOffsetCursor(cursor: string | undefined): number {
  return cursor === undefined ? 0 : decodeCursor(offsetSchema, cursor).o;
}
