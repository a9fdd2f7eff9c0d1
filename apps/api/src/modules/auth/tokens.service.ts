import crypto from 'node:crypto';
import type { CookieOptions, Request } from 'express';
import jwt from 'jsonwebtoken';
import { MESSAGES } from '@lede/shared';
import type { DbExecutor } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { isHttpsOrigin } from '../../http/security-headers.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { ApiError } from '../../lib/errors.js';
import { refreshTokensRepository as tokens } from './auth.repository.js';

export const REFRESH_COOKIE = 'lede_refresh';

export interface AccessClaims {
  sub: string;
  ver: number;
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

export type TokenService = ReturnType<typeof createTokenService>;

export function createTokenService({ db, clock, config }: AppDeps) {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const refreshTtlMs = config.refreshTokenTtlDays * 86_400_000;
  // A key object, not the string: given a string, jsonwebtoken first tries to parse it as a
  // public key on every call (about 1 ms); with a secret key object a check costs microseconds.
  const signingKey = crypto.createSecretKey(Buffer.from(config.jwtSecret));

  function signAccessToken(user: { id: string; sessionVersion: number }): string {
    const iat = nowSeconds();
    return jwt.sign(
      { sub: user.id, ver: user.sessionVersion, iat, exp: iat + config.accessTokenTtlSeconds },
      signingKey,
      {
        algorithm: 'HS256',
      },
    );
  }

  /** 'expired' lets the auth middleware fall back to the refresh cookie; anything else is refused. */
  function verifyAccessToken(
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
      return { claims: { sub: payload.sub, ver: payload.ver, exp: payload.exp } };
    } catch (err) {
      return { error: err instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
    }
  }

  async function issueRefreshToken(
    executor: DbExecutor,
    userId: string,
    familyId: string = crypto.randomUUID(),
  ) {
    const token = randomToken();
    const now = clock.now();
    await tokens.insert(executor, {
      userId,
      familyId,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + refreshTtlMs),
    });
    return token;
  }

  /** Close to expiry, an access token is replaced by a fresh one in the next response. */
  const isNearExpiry = (claims: AccessClaims) =>
    claims.exp - nowSeconds() < config.accessTokenTtlSeconds / 3;

  /**
   * Trades a refresh token for a new one of the same family. A token presented again within
   * the reuse grace window (concurrent calls from one tab that all carried the same cookie)
   * gets another token of the same family. Later, a used token means it was stolen or
   * replayed: the whole family is revoked.
   */
  async function rotate(token: string): Promise<{ userId: string; refreshToken: string }> {
    const hash = sha256(token);
    const now = clock.now();
    const rotated = await db.transaction(async (tx) => {
      const claimed = await tokens.claim(tx, hash, now);
      if (claimed) {
        const refreshToken = await issueRefreshToken(tx, claimed.userId, claimed.familyId);
        return { userId: claimed.userId, refreshToken };
      }
      // Committed, not rolled back: the revocation must stick although the request fails.
      const known = await tokens.findByHash(tx, hash);
      if (!known?.usedAt || known.revokedAt || known.expiresAt <= now) return undefined;
      if (now.getTime() - known.usedAt.getTime() <= config.refreshReuseGraceSeconds * 1000) {
        const refreshToken = await issueRefreshToken(tx, known.userId, known.familyId);
        return { userId: known.userId, refreshToken };
      }
      await tokens.revokeFamily(tx, known.familyId, now);
      return undefined;
    });
    if (!rotated) throw ApiError.unauthorized(MESSAGES.auth.refreshInvalid);
    return rotated;
  }

  async function revoke(token: string): Promise<void> {
    const known = await tokens.findByHash(db, sha256(token));
    if (known) await tokens.revokeFamily(db, known.familyId, clock.now());
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

  return {
    signAccessToken,
    verifyAccessToken,
    isNearExpiry,
    issueRefreshToken,
    rotate,
    revoke,
    cookieOptions,
  };
}
