import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { MESSAGES } from '@lede/shared';
import type { Database } from '../db/client.js';
import { ApiError } from '../lib/errors.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import { REFRESH_COOKIE } from '../modules/auth/tokens.service.js';
import { usersRepository, type UserRow } from '../modules/users/users.repository.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      user?: UserRow;
    }
  }
}

export function currentUser(req: Request): UserRow {
  if (!req.user) throw ApiError.unauthorized(MESSAGES.auth.unauthenticated);
  return req.user;
}

/**
 * Puts a freshly minted access token into the JSON body of the response, where the
 * spec's client picks up any `AccessToken` it receives.
 */
function sendFreshAccessToken(res: Response, accessToken: string): void {
  const json = res.json.bind(res);
  res.json = (body?: unknown) => {
    if (body && typeof body === 'object' && !Array.isArray(body) && res.statusCode < 400) {
      return json({ ...(body as object), AccessToken: accessToken });
    }
    return json(body);
  };
}

/**
 * Requires a signed-in reader. A valid bearer token is enough; when it is missing or
 * has expired but the refresh cookie is good, the session is rotated on the fly.
 */
export function requireAuth(db: Database, auth: AuthService): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.header('authorization');
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (bearer) {
      const verified = auth.tokens.verifyAccessToken(bearer);
      if ('claims' in verified) {
        const user = await usersRepository.findById(db, verified.claims.sub);
        if (!user || user.sessionVersion !== verified.claims.ver) {
          throw ApiError.unauthorized(MESSAGES.auth.invalidToken);
        }
        req.user = user;
        return next();
      }
      if (verified.error === 'invalid') throw ApiError.unauthorized(MESSAGES.auth.invalidToken);
    }
    const refreshToken = req.cookies?.[REFRESH_COOKIE] as string | undefined;
    if (!refreshToken) {
      throw ApiError.unauthorized(
        bearer ? MESSAGES.auth.invalidToken : MESSAGES.auth.unauthenticated,
      );
    }
    const session = await auth.refresh(refreshToken);
    res.cookie(REFRESH_COOKIE, session.refreshToken, auth.tokens.cookieOptions());
    sendFreshAccessToken(res, session.accessToken);
    req.user = session.user;
    next();
  };
}
