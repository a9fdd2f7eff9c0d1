import type { ErrorRequestHandler, RequestHandler } from 'express';
import { MESSAGES } from '@lede/shared';
import { pgErrorCode } from '../db/client.js';
import { ApiError } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  '57P01',
  '57P03',
  '53300',
  'ETIMEDOUT',
]);

/** Turns anything thrown into an ApiError: body-parser failures, database outages, bugs. */
function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { type?: string; status?: number; message?: string };
  if (e?.type === 'entity.parse.failed')
    return ApiError.badRequest(MESSAGES.validation.malformedJson);
  if (e?.type === 'entity.too.large') return new ApiError(413, MESSAGES.errors.payloadTooLarge);
  const code = pgErrorCode(err);
  if (code && DB_DOWN_CODES.has(code)) return ApiError.unavailable(MESSAGES.errors.unavailable);
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    return new ApiError(e.status, MESSAGES.validation.invalidInput);
  }
  return new ApiError(500, MESSAGES.errors.internal);
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    const apiError = toApiError(err);
    if (apiError.status >= 500) {
      logger.error(
        { err, reqId: req.id, method: req.method, url: req.originalUrl },
        'request failed',
      );
    }
    // Too late for a JSON answer: Express closes the broken response.
    if (res.headersSent) return next(err);
    res.status(apiError.status).json({ message: apiError.message, ...apiError.details });
  };
}

export const apiNotFound: RequestHandler = (_req, _res, next) => {
  next(ApiError.notFound(MESSAGES.errors.notFound));
};
