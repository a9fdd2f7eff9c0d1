import type { ErrorRequestHandler, RequestHandler } from 'express';
import { MESSAGES } from '@lede/shared';
import { isDatabaseUnavailable } from '../db/client.js';
import { databaseErrorMessage } from '../lib/database-error-log.js';
import { ApiError } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';

/** How soon a client may try again after a 503 (the embedded database restarts in seconds). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 3;

/** Turns anything thrown into an ApiError: body-parser failures, database outages, bugs. */
function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { type?: string; status?: number; message?: string };
  if (e?.type === 'entity.parse.failed')
    return ApiError.badRequest(MESSAGES.validation.malformedJson);
  if (e?.type === 'entity.too.large') return new ApiError(413, MESSAGES.errors.payloadTooLarge);
  if (isDatabaseUnavailable(err)) return ApiError.unavailable(MESSAGES.errors.unavailable);
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    return new ApiError(e.status, MESSAGES.validation.invalidInput);
  }
  return new ApiError(500, MESSAGES.errors.internal);
}

/**
 * A failure's log line names the request (its id, method and path, never the query string) and
 * the error; a database error is written without the values it failed on (lib/database-error-log.ts).
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    const apiError = toApiError(err);
    const request = { reqId: req.id, method: req.method, url: req.originalUrl.split('?')[0] };
    if (apiError.status === 503 && isDatabaseUnavailable(err)) {
      // Expected while the database restarts: a warning each, the driver's words, no stack.
      logger.warn({ ...request, cause: describe(err) }, 'request failed');
    } else if (apiError.status >= 500) {
      logger.error({ ...request, err }, 'request failed');
    }
    // Too late for a JSON answer: Express closes the broken response.
    if (res.headersSent) return next(err);
    if (apiError.status === 503 && !res.hasHeader('Retry-After')) {
      res.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    }
    // A limit that says when to come back (wrong passwords, say) says it as HTTP does too.
    const { retryAfter } = apiError.details;
    if (
      apiError.status === 429 &&
      typeof retryAfter === 'number' &&
      !res.hasHeader('Retry-After')
    ) {
      res.set('Retry-After', String(retryAfter));
    }
    res
      .status(apiError.status)
      .json({ message: apiError.message, code: apiError.code, ...apiError.details });
  };
}

/** The innermost message of a (Drizzle-wrapped) error: the driver's words, not the SQL text. */
function describe(err: unknown): string {
  const database = databaseErrorMessage(err);
  if (database) return database;
  let e = err as { message?: unknown; cause?: unknown; code?: unknown } | undefined;
  for (let depth = 0; e?.cause && depth < 5; depth++) e = e.cause as typeof e;
  const code = typeof e?.code === 'string' ? `${e.code} ` : '';
  return `${code}${typeof e?.message === 'string' ? e.message : String(e)}`;
}

export const apiNotFound: RequestHandler = (_req, _res, next) => {
  next(ApiError.notFound(MESSAGES.errors.notFound));
};
