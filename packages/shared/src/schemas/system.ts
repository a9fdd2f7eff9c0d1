import { z } from 'zod';
import { ERROR_CODES } from '../error-codes.js';

/** Health and the one error body every route may answer. */

export const errorResponse = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export type ErrorResponse = z.infer<typeof errorResponse>;

export const healthResponse = z.object({ status: z.literal('ok') });

export const healthReadyResponse = z.object({ status: z.literal('ready') });

export const healthDownResponse = z.object({
  status: z.literal('unavailable'),
  message: z.string(),
  code: z.literal('DATABASE_UNREACHABLE'),
});

/** One news source's health, as the last runs of ingestion left it (GET /api/ingestion/status). */
export const ingestionSourceStatus = z.object({
  url: z.string(),
  kind: z.enum(['rss', 'newsdata']),
  /** Where it is listed: INGEST_FEEDS, the default list, an OPML import, or NEWSDATA_API_KEY. */
  origin: z.enum(['configured', 'default', 'imported', 'newsdata']),
  publisher: z.string().nullable(),
  category: z.string().nullable(),
  /** ISO 8601 times; null: never. */
  lastFetchAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /** The last fetch: read, unchanged (304), failed; null: never fetched. */
  lastOutcome: z.enum(['ok', 'not-modified', 'error']).nullable(),
  /** Items in the last document read. */
  items: z.number().int().nullable(),
  /** Articles the last fetch added, and all fetches together. */
  inserted: z.number().int().nullable(),
  insertedTotal: z.number().int(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** Failed fetches in a row. */
  failures: z.number().int(),
  /** Skipped by the runs until then (backoff); null: due. */
  retryAt: z.string().nullable(),
});

export const ingestionStatusResponse = z.object({
  /** INGEST_INTERVAL_MINUTES (0: no schedule). */
  intervalMinutes: z.number().int(),
  /** Whether the curated default list and the imported feeds are read (INGEST_FEEDS). */
  defaultFeeds: z.boolean(),
  importedFeeds: z.boolean(),
  sources: z.array(ingestionSourceStatus),
});

export type IngestionSourceStatus = z.infer<typeof ingestionSourceStatus>;
export type IngestionStatusResponse = z.infer<typeof ingestionStatusResponse>;

/**
 * Every error body: `{ message, code }` plus the fields a particular refusal adds. Clients
 * decide by `code` (stable); `message` is the text to show.
 */
export const apiErrorResponse = errorResponse.extend({
  code: z.enum(ERROR_CODES),
  attemptsLeft: z.number().int().min(0).optional(),
  retryAfter: z.number().optional(),
  needsPreferences: z.literal(true).optional(),
});

export type ApiErrorResponse = z.infer<typeof apiErrorResponse>;
