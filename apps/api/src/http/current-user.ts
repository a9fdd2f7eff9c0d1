import type { Request } from 'express';
import { MESSAGES } from '@lede/shared';
import { ApiError } from '../lib/errors.js';

/**
 * The signed-in reader, as the auth module's session middleware set it on `req.user` (the
 * type is declared there, on Express's Request): 401 when there is none.
 */
export type SignedInUser = NonNullable<Request['user']>;

export function currentUser(req: Request): SignedInUser {
  if (!req.user) throw ApiError.unauthorized(MESSAGES.auth.unauthenticated);
  return req.user;
}
