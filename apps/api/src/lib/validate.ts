import { MESSAGES } from '@lede/shared';
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { ApiError, type FieldError } from './errors.js';

/** Parses input with a shared schema; a failure is a 400 naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  const message = errors[0]?.message ?? MESSAGES.validation.invalidInput;
  throw new ApiError(400, message, { errors }, 'VALIDATION_FAILED');
}

/**
 * Parses the body before anything else sees it (rate limiters key on its fields): raw input
 * never reaches the database, and the handler reads the parsed, normalised values.
 */
export const validBody =
  (schema: z.ZodType): RequestHandler =>
  (req, _res, next) => {
    req.body = parseInput(schema, req.body);
    next();
  };
