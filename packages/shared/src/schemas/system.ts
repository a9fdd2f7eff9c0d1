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
