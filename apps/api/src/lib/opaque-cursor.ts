import type { z } from 'zod';
import { MESSAGES } from '@lede/shared';
import { ApiError } from './errors.js';

/**
 * Opaque `cursor` / `nextCursor` values of every paged list: base64url JSON of a small
 * position. The reader's own lists (the feed, saved articles) read theirs against the caller's
 * own rows only, so a cursor carries nothing another reader could use.
 */
export const encodeCursor = (position: unknown): string =>
  Buffer.from(JSON.stringify(position)).toString('base64url');

const invalidCursor = () =>
  ApiError.badRequest(MESSAGES.articles.invalidCursor, {
    errors: [{ path: 'cursor', message: MESSAGES.articles.invalidCursor }],
  });

/**
 * Only a cursor spelled exactly as the API writes it is read: the one check that refuses every
 * variant a forger may try (extra fields, another key order or number notation, padding). Any
 * other value is 400 INVALID_CURSOR.
 */
export function decodeCursor<S extends z.ZodType>(schema: S, cursor: string): z.infer<S> {
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success && encodeCursor(parsed.data) === cursor) return parsed.data;
  } catch {
    // not base64url JSON: the same answer as a well-formed but wrong cursor
  }
  throw invalidCursor();
}
