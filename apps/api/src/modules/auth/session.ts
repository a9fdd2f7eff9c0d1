import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { MESSAGES } from '@lede/shared';
import { ApiError } from '../../lib/errors.js';
import type { UserRow } from '../users/index.js';
import type { SessionRow } from './sessions.repository.js';
import type { AuthService } from './auth.service.js';
import { REFRESH_COOKIE } from './tokens.service.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      user?: UserRow;
      /** The session the caller's token or cookie belongs to. */
      authSession?: SessionRow;
    }
    interface Locals {
      /** The caller's valid access token; every 2xx JSON body then carries it as `AccessToken`. */
      accessToken?: string;
    }
  }
}

export { currentUser } from '../../http/current-user.js';

export function currentSession(req: Request): SessionRow {
  if (!req.authSession) throw ApiError.unauthorized(MESSAGES.auth.unauthenticated);
  return req.authSession;
}

/** The `Authorization: Bearer` token of a request, if any. */
export function bearerToken(req: Request): string | undefined {
  const header = req.header('authorization');
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}

/**
 * Whether a request may carry a session: any `Authorization`, or a cookie header naming the
 * refresh cookie (looked for, not parsed). Such a request is never answered by the fast lane.
 */
export function mayCarrySession(headers: IncomingHttpHeaders): boolean {
  return (
    headers.authorization !== undefined || (headers.cookie?.includes(`${REFRESH_COOKIE}=`) ?? false)
  );
}

/** For the fast lane: the token a bearer caller's answer carries, when it is known good at once. */
export function keptBearerToken(auth: AuthService): (req: Request) => string | undefined {
  return (req) => {
    const bearer = bearerToken(req);
    return bearer === undefined ? undefined : auth.keptAccessToken(bearer);
  };
}

/**
 * The reader a bearer token names, its signature and expiry checked, without the database (the
 * session may have ended since): for a refusal that holds whatever the session's state.
 */
export function verifiedBearerReader(auth: AuthService, req: Request): string | undefined {
  const bearer = bearerToken(req);
  const verified = bearer === undefined ? undefined : auth.tokens.verifyAccessToken(bearer);
  return verified && 'claims' in verified ? verified.claims.sub : undefined;
}

interface SignedIn {
  user: UserRow;
  session: SessionRow;
  accessToken: string;
}

/** Signs the caller in for this request: `req.user`, and the token every success carries. */
export function setSession(res: Response, req: Request, { user, session, accessToken }: SignedIn) {
  req.user = user;
  req.authSession = session;
  res.locals.accessToken = accessToken;
}

/**
 * Adds `AccessToken` to every successful JSON object answered to a caller with a session, so a
 * client that stores whatever token it receives (the spec's) always holds a valid one.
 */
export const attachAccessToken: RequestHandler = (_req, res, next) => {
  const json = res.json.bind(res);
  res.json = (body?: unknown) => {
    const token = res.locals.accessToken;
    if (
      token &&
      res.statusCode < 400 &&
      body &&
      typeof body === 'object' &&
      !Array.isArray(body) &&
      !('AccessToken' in body)
    ) {
      return json({ ...(body as object), AccessToken: token });
    }
    return json(body);
  };
  next();
};

type SessionOutcome = SignedIn | { error: ApiError };

/** Where a signed-in reader changes their own account (name, interests, picture, e-mail, deletion). */
const ACCOUNT_PATH = '/api/profile/';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const changesAccount = (req: Request) =>
  !READ_METHODS.has(req.method) && `${req.baseUrl}${req.path}`.startsWith(ACCOUNT_PATH);

/**
 * Runs `then` when the answer starts (its status line is written), and when the connection
 * closes. A handler answers after its transaction committed, so the reader's next request,
 * which can only follow the answer, reads the committed row.
 */
function whenAnswered(res: Response, then: () => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    then();
    return writeHead.apply(this, args);
  } as Response['writeHead'];
  res.once('close', then);
}

export interface SessionMiddleware {
  requireAuth: RequestHandler;
  optionalSession: RequestHandler;
}

export function createSessionMiddleware(auth: AuthService): SessionMiddleware {
  /**
   * A valid bearer token is enough (re-signed when close to expiry). When it is missing or has
   * expired, a good refresh cookie rotates the session on the fly.
   */
  async function resolve(req: Request, res: Response): Promise<SessionOutcome> {
    const bearer = bearerToken(req);
    if (bearer) {
      const checked = await auth.checkAccessToken(bearer);
      if ('user' in checked) return checked;
      if (checked.error === 'invalid') {
        return { error: ApiError.unauthorized(MESSAGES.auth.invalidToken) };
      }
    }
    const refreshToken = req.cookies?.[REFRESH_COOKIE] as string | undefined;
    if (!refreshToken) {
      return {
        error: ApiError.unauthorized(
          bearer ? MESSAGES.auth.invalidToken : MESSAGES.auth.unauthenticated,
        ),
      };
    }
    try {
      const session = await auth.refresh(refreshToken, auth.callerOf(req));
      res.cookie(REFRESH_COOKIE, session.refreshToken, auth.tokens.cookieOptions(req));
      return session;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return { error: err };
      throw err;
    }
  }

  /** Signed-in routes: 401 without a valid session. */
  const requireAuth: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
    const outcome = await resolve(req, res);
    if ('error' in outcome) throw outcome.error;
    setSession(res, req, outcome);
    // The account routes live in the profile module; their changes of the row (or its deletion)
    // are committed by the time they answer, and the kept row must not outlive that answer.
    if (changesAccount(req)) {
      const { id } = outcome.user;
      whenAnswered(res, () => auth.sessionUsers.forget(id));
    }
    next();
  };

  /** Public routes: a valid session is used; a bad, expired or revoked one makes a visitor. */
  const optionalSession: RequestHandler = async (
    req: Request,
    res: Response,
    next: NextFunction,
  ) => {
    const hasCredentials = req.header('authorization') || req.cookies?.[REFRESH_COOKIE];
    if (hasCredentials) {
      const outcome = await resolve(req, res);
      if ('user' in outcome) setSession(res, req, outcome);
    }
    next();
  };

  return { requireAuth, optionalSession };
}
