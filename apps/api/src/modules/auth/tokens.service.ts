import crypto from 'node:crypto';
import type { CookieOptions, Request } from 'express';
import jwt from 'jsonwebtoken';
import { MESSAGES } from '@lede/shared';
import type { DbExecutor } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { isHttpsOrigin } from '../../http/security-headers.js';
import { hmac, randomToken, sha256 } from '../../lib/crypto.js';
import { ApiError } from '../../lib/errors.js';
import { refreshTokensRepository as tokens } from './auth.repository.js';
import { VERIFIED_CHALLENGE_TTL_MS } from './otp.service.js';
import { sessionsRepository as sessions, type SessionRow } from './sessions.repository.js';

export const REFRESH_COOKIE = 'lede_refresh';
/** The proof of a verified sign-up or sign-in code, for the client that verified it. */
export const VERIFICATION_COOKIE = 'lede_verification';

export interface AccessClaims {
  sub: string;
  ver: number;
  /** The session (sessions.id) the token belongs to: ending it ends the token. */
  sid: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

export type TokenService = ReturnType<typeof createTokenService>;

/** A refresh token replayed after the grace window: its session was ended for it. */
export interface RefreshReuse {
  userId: string;
  sessionId: string;
}

/**
 * How far a replay within the grace window follows its chain to the newest token: a chain
 * grows by one token per refresh, and refreshes come minutes apart, not seconds.
 */
const SUCCESSOR_STEPS = 8;

/** Verified access tokens kept (a few megabytes at most); one not kept is only checked again. */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenService({
  db,
  clock,
  config,
}: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const refreshTtlMs = config.refreshTokenTtlDays * 86_400_000;
  // A key object, not the string: given a string, jsonwebtoken first tries to parse it as a
  // public key on every call (about 1 ms); with a secret key object a check costs microseconds.
  const signingKey = crypto.createSecretKey(Buffer.from(config.jwtSecret));

  /** An access token of `session`, never valid past the session's own end. */
  function signAccessToken(
    user: { id: string; sessionVersion: number },
    session: Pick<SessionRow, 'id' | 'expiresAt'>,
  ): string {
    const iat = nowSeconds();
    const exp = Math.min(
      iat + config.accessTokenTtlSeconds,
      Math.floor(session.expiresAt.getTime() / 1000),
    );
    return jwt.sign(
      { sub: user.id, ver: user.sessionVersion, sid: session.id, iat, exp },
      signingKey,
      {
        algorithm: 'HS256',
      },
    );
  }

  /**
   * 'expired' lets the auth middleware fall back to the refresh cookie; anything else is refused.
   * A token from before sessions (no `sid`) counts as expired: the cookie renews it.
   */
  /**
   * Tokens that passed the signature check, with their claims: a reader sends the same token
   * for minutes, and checking its HMAC and parsing it again each time is most of what a
   * signed-in read costs. Only good signatures get in; expiry is checked on every use.
   */
  const verified = new Map<string, AccessClaims>();

  function verifyAccessToken(
    token: string,
  ): { claims: AccessClaims } | { error: 'expired' | 'invalid' } {
    const known = verified.get(token);
    if (known) {
      if (nowSeconds() < known.exp) return { claims: known };
      verified.delete(token);
      return { error: 'expired' };
    }
    const checked = checkSignedToken(token);
    if ('claims' in checked) {
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(token, checked.claims);
    }
    return checked;
  }

  function checkSignedToken(
    token: string,
  ): { claims: AccessClaims } | { error: 'expired' | 'invalid' } {
    try {
      const payload = jwt.verify(token, signingKey, {
        algorithms: ['HS256'],
        clockTimestamp: nowSeconds(),
      });
      if (
        typeof payload !== 'object' ||
        typeof payload.sub !== 'string' ||
        typeof payload.ver !== 'number' ||
        typeof payload.exp !== 'number'
      ) {
        return { error: 'invalid' };
      }
      if (typeof payload.sid !== 'string') return { error: 'expired' };
      const claims = { sub: payload.sub, ver: payload.ver, sid: payload.sid, exp: payload.exp };
      return { claims: Object.freeze(claims) };
    } catch (err) {
      return { error: err instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
    }
  }

  /**
   * The token that succeeds `token` when it is rotated: the same every time, so a replay within
   * the grace window is answered with the successor already issued (found by its hash), never a
   * second token of the family. Unguessable without the server's secret; only its hash is stored.
   */
  const successorKey = hmac(config.jwtSecret, 'refresh-successor-key');
  const successorOf = (token: string) => hmac(successorKey, token);

  /** A refresh token of `session` (its family), valid until the session ends at the latest. */
  async function issueRefreshToken(
    executor: DbExecutor,
    session: Pick<SessionRow, 'id' | 'userId' | 'expiresAt'>,
    token = randomToken(),
  ) {
    const now = clock.now();
    await tokens.insert(executor, {
      userId: session.userId,
      familyId: session.id,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(Math.min(now.getTime() + refreshTtlMs, session.expiresAt.getTime())),
    });
    return token;
  }

  /**
   * A new session: signed in now (password and code), for at most SESSION_MAX_DAYS, with its
   * first refresh token.
   */
  async function startSession(executor: DbExecutor, userId: string) {
    const now = clock.now();
    const session = await sessions.insert(executor, {
      id: crypto.randomUUID(),
      userId,
      authenticatedAt: now,
      createdAt: now,
      expiresAt: new Date(now.getTime() + config.sessionMaxDays * 86_400_000),
    });
    return { session, refreshToken: await issueRefreshToken(executor, session) };
  }

  /** An access token of a new session of `user`, for fixtures and benches that skip sign-in. */
  async function newSessionAccessToken(
    executor: DbExecutor,
    user: { id: string; sessionVersion: number },
  ): Promise<string> {
    const { session } = await startSession(executor, user.id);
    return signAccessToken(user, session);
  }

  const isLive = (session: SessionRow | undefined, now: Date): session is SessionRow =>
    Boolean(session && !session.endedAt && session.expiresAt > now);

  /** Close to expiry, an access token is replaced by a fresh one in the next response. */
  const isNearExpiry = (claims: AccessClaims) =>
    claims.exp - nowSeconds() < config.accessTokenTtlSeconds / 3;

  /**
   * The live token a replay of `token` within the grace window is answered with: its successor,
   * or, when that was rotated in turn (within the window too, as it was issued after `token`
   * was used), the newest token of the chain. Never a new token: the family stays one chain,
   * and whoever holds a copy shares it with the reader, so reuse detection sees the copy.
   */
  async function currentSuccessor(
    tx: DbExecutor,
    token: string,
    now: Date,
  ): Promise<string | undefined> {
    let current = token;
    for (let step = 0; step < SUCCESSOR_STEPS; step++) {
      const next = successorOf(current);
      const row = await tokens.findByHash(tx, sha256(next));
      // None: rotated before successors were derived (or pruned); revoked or expired: nothing.
      if (!row || row.revokedAt || row.expiresAt <= now) return undefined;
      if (!row.usedAt) return next;
      current = next;
    }
    return undefined;
  }

  /**
   * Trades a refresh token for its successor in the same family. A token presented again within
   * the reuse grace window (concurrent calls from one tab that all carried the same cookie) gets
   * the successor already issued (see currentSuccessor), never another one. Later, a used token
   * means it was stolen or replayed: the whole family is revoked and the session ended, and
   * `onReuse` hears of it once that is committed (to drop the session from what the process
   * keeps, and to log it); the request fails either way.
   */
  async function rotate(
    token: string,
    onReuse?: (reuse: RefreshReuse) => void,
  ): Promise<{ refreshToken: string; session: SessionRow }> {
    const hash = sha256(token);
    const now = clock.now();
    type Outcome = { refreshToken: string; session: SessionRow } | { reused: RefreshReuse };
    const outcome = await db.transaction(async (tx): Promise<Outcome | undefined> => {
      // A session that ended or reached its end renews nothing, whatever its tokens say.
      const liveSession = async (familyId: string) => {
        const session = await sessions.findById(tx, familyId);
        return isLive(session, now) ? session : undefined;
      };
      const claimed = await tokens.claim(tx, hash, now);
      if (claimed) {
        const session = await liveSession(claimed.familyId);
        if (!session) return undefined;
        const refreshToken = await issueRefreshToken(tx, session, successorOf(token));
        return { refreshToken, session };
      }
      // Committed, not rolled back: the revocation must stick although the request fails.
      const known = await tokens.findByHash(tx, hash);
      if (!known?.usedAt || known.revokedAt || known.expiresAt <= now) return undefined;
      if (now.getTime() - known.usedAt.getTime() <= config.refreshReuseGraceSeconds * 1000) {
        const session = await liveSession(known.familyId);
        const refreshToken = session ? await currentSuccessor(tx, token, now) : undefined;
        return session && refreshToken ? { refreshToken, session } : undefined;
      }
      await tokens.revokeFamily(tx, known.familyId, now);
      await sessions.end(tx, known.familyId, now);
      return { reused: { userId: known.userId, sessionId: known.familyId } };
    });
    if (outcome && 'refreshToken' in outcome) return outcome;
    if (outcome) onReuse?.(outcome.reused);
    throw ApiError.unauthorized(MESSAGES.auth.refreshInvalid);
  }

  /** The session (and its reader) of a refresh token, if the token is known. */
  async function sessionOfRefreshToken(
    token: string,
  ): Promise<{ sessionId: string; userId: string } | undefined> {
    const row = await tokens.findByHash(db, sha256(token));
    return row && { sessionId: row.familyId, userId: row.userId };
  }

  /** Ends a session: its refresh tokens are revoked and its access tokens refused. */
  async function endSession(executor: DbExecutor, sessionId: string): Promise<void> {
    const now = clock.now();
    await tokens.revokeFamily(executor, sessionId, now);
    await sessions.end(executor, sessionId, now);
  }

  /** Ends every session of a reader but `keepId`: refresh tokens and access tokens alike. */
  async function endOtherSessions(
    executor: DbExecutor,
    userId: string,
    keepId: string | undefined,
  ): Promise<void> {
    const now = clock.now();
    await tokens.revokeAllForUserExcept(executor, userId, keepId, now);
    await sessions.endAllForUser(executor, userId, now, keepId);
  }

  /**
   * The refresh cookie's options for this request (also right for clearing it). `Secure` only
   * over HTTPS: a browser drops a Secure cookie set over plain HTTP, and nobody stays signed in.
   */
  function cookieOptions(req: Request): CookieOptions {
    return {
      httpOnly: true,
      secure: isHttpsOrigin(req, config),
      sameSite: 'lax',
      path: '/api',
      maxAge: refreshTtlMs,
    };
  }

  /** Only ever sent back to /api/auth, and never by another site's request. */
  function verificationCookieOptions(req: Request): CookieOptions {
    return {
      httpOnly: true,
      secure: isHttpsOrigin(req, config),
      sameSite: 'strict',
      path: '/api/auth',
      maxAge: VERIFIED_CHALLENGE_TTL_MS,
    };
  }

  return {
    verificationCookieOptions,
    signAccessToken,
    verifyAccessToken,
    isNearExpiry,
    startSession,
    newSessionAccessToken,
    isLive,
    rotate,
    sessionOfRefreshToken,
    endSession,
    endOtherSessions,
    cookieOptions,
  };
}
