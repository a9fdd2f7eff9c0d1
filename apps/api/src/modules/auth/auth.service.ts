import bcrypt from 'bcrypt';
import {
  MESSAGES,
  type LoginRequest,
  type ResetPasswordRequest,
  type SignupRequest,
} from '@lede/shared';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../lib/errors.js';
import { PostgresRateLimitStore } from './rate-limit.js';
import { createSessionUsers } from '../users/session-users.js';
import { usersRepository as users, type UserRow } from '../users/users.repository.js';
import { refreshTokensRepository } from './auth.repository.js';
import { createEmailChangeService } from './email-change.service.js';
import { createOtpService } from './otp.service.js';
import { createTokenService } from './tokens.service.js';

const m = MESSAGES.auth;

export interface Session {
  user: UserRow;
  accessToken: string;
  refreshToken: string;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AppDeps) {
  const { db, clock, config } = deps;
  const otp = createOtpService(deps);
  const tokens = createTokenService(deps);
  const emailChange = createEmailChangeService(deps, otp, tokens);
  const sessionUsers = deps.sessionUsers ?? createSessionUsers();
  const findUser = (id: string) => users.findById(db, id);
  // Compared against when the e-mail is unknown, so both cases cost one bcrypt check.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= bcrypt.hash('not-a-real-password', config.bcryptCost));

  // Only wrong passwords count, and only once they are known to be wrong: concurrent
  // correct sign-ins or dropped connections must never lock an account.
  const passwordFailures = new PostgresRateLimitStore(db, clock, 'pw-fail:', {
    windowMs: config.otp.windowMinutes * 60_000,
    limit: config.passwordFailureLimit,
  });

  async function refuseIfLockedOut(email: string): Promise<void> {
    const retryAfter = await passwordFailures.retryAfter(email);
    if (retryAfter > 0) throw ApiError.tooManyRequests(m.tooManyRequests, { retryAfter });
  }

  async function checkPassword(
    email: string,
    user: UserRow | undefined,
    password: string,
  ): Promise<UserRow> {
    await refuseIfLockedOut(email);
    const ok = await bcrypt.compare(password, user?.passwordHash ?? (await getDummyHash()));
    if (!user || !ok) {
      await passwordFailures.increment(email);
      throw ApiError.badRequest(m.invalidCredentials);
    }
    return user;
  }

  async function sendSignupOtp(email: string, ip?: string) {
    if (await users.findByEmail(db, email)) throw ApiError.conflict(m.emailTaken);
    return otp.issue({ email, purpose: 'signup', ip });
  }

  async function verifyCredentialsAndSendOtp(email: string, password: string, ip?: string) {
    const user = await checkPassword(email, await users.findByEmail(db, email), password);
    return otp.issue({ email, purpose: 'login', userId: user.id, ip });
  }

  async function forgotPassword(email: string, ip?: string) {
    const user = await users.findByEmail(db, email);
    return otp.issue({
      email,
      purpose: 'password_reset',
      userId: user?.id,
      ip,
      deliver: Boolean(user),
    });
  }

  const verifySignupOrLoginOtp = (email: string, hash: string, code: string) =>
    otp.verify({ email, hash, otp: code, purposes: ['signup', 'login'] });

  async function verifyResetOtp(email: string, hash: string, code: string): Promise<string> {
    const { resetToken } = await otp.verify({
      email,
      hash,
      otp: code,
      purposes: ['password_reset'],
    });
    return resetToken!;
  }

  /** The client sends the browser's zone; one PostgreSQL does not know falls back to UTC. */
  const usableTimezone = async (timezone: string | undefined) =>
    timezone && (await users.isTimezoneKnown(db, timezone)) ? timezone : undefined;

  async function signup(input: SignupRequest): Promise<Session> {
    const passwordHash = await bcrypt.hash(input.password, config.bcryptCost);
    const timezone = (await usableTimezone(input.timezone)) ?? 'UTC';
    const now = clock.now();
    try {
      return await db.transaction(async (tx) => {
        const challenge = await otp.requireVerified(tx, input.email, 'signup');
        const user = await users.insert(tx, {
          email: input.email,
          name: input.name,
          passwordHash,
          timezone,
          createdAt: now,
          updatedAt: now,
        });
        await otp.consume(tx, challenge);
        const refreshToken = await tokens.issueRefreshToken(tx, user.id);
        return { user, accessToken: tokens.signAccessToken(user), refreshToken };
      });
    } catch (err) {
      if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw ApiError.conflict(m.emailTaken);
      throw err;
    }
  }

  async function login(input: LoginRequest): Promise<Session> {
    await refuseIfLockedOut(input.email);
    const user = await users.findByEmail(db, input.email);
    const timezone = await usableTimezone(input.timezone);
    const session = await db.transaction(async (tx) => {
      // The code is checked before the password, so /login cannot be used to guess passwords.
      const challenge = await otp.requireVerified(tx, input.email, 'login');
      await otp.consume(tx, challenge);
      const ok = user ? await bcrypt.compare(input.password, user.passwordHash) : false;
      if (!user || !ok || challenge.userId !== user.id) return undefined;
      const updated = timezone
        ? ((await users.update(tx, user.id, { timezone }, clock.now())) ?? user)
        : user;
      const refreshToken = await tokens.issueRefreshToken(tx, user.id);
      return { user: updated, accessToken: tokens.signAccessToken(updated), refreshToken };
    });
    if (session && timezone) sessionUsers.forget(session.user.id);
    // A wrong password still used up the verified code (committed above).
    if (!session) {
      await passwordFailures.increment(input.email);
      throw ApiError.badRequest(m.invalidCredentials);
    }
    return session;
  }

  async function resetPassword(input: ResetPasswordRequest): Promise<void> {
    const passwordHash = await bcrypt.hash(input.newPassword, config.bcryptCost);
    const userId = await db.transaction(async (tx) => {
      const challenge = await otp.requireResetToken(tx, input.email, input.resetToken);
      const user = await users.findByEmail(tx, input.email);
      if (!user || challenge.userId !== user.id) throw ApiError.badRequest(m.resetTokenInvalid);
      await otp.consume(tx, challenge);
      const now = clock.now();
      await users.setPassword(tx, user.id, passwordHash, now);
      await refreshTokensRepository.revokeAllForUser(tx, user.id, now);
      return user.id;
    });
    // Committed: every access token issued before is refused from the next request on.
    sessionUsers.forget(userId);
  }

  async function refresh(refreshToken: string | undefined): Promise<Session> {
    if (!refreshToken) throw ApiError.unauthorized(m.refreshInvalid);
    const rotated = await tokens.rotate(refreshToken);
    const user = await users.findById(db, rotated.userId);
    if (!user) throw ApiError.unauthorized(m.refreshInvalid);
    return { user, accessToken: tokens.signAccessToken(user), refreshToken: rotated.refreshToken };
  }

  /**
   * A bearer token of a live account and session version; re-signed when close to expiry. The
   * account's row comes from `sessionUsers` (see ../users/session-users.ts for when it is read).
   */
  async function checkAccessToken(
    token: string,
  ): Promise<{ user: UserRow; accessToken: string } | { error: 'expired' | 'invalid' }> {
    const verified = tokens.verifyAccessToken(token);
    if ('error' in verified) return verified;
    const user = await sessionUsers.get(verified.claims.sub, findUser);
    if (!user || user.sessionVersion !== verified.claims.ver) return { error: 'invalid' };
    const accessToken = tokens.isNearExpiry(verified.claims) ? tokens.signAccessToken(user) : token;
    return { user, accessToken };
  }

  async function logout(refreshToken: string | undefined): Promise<void> {
    if (refreshToken) await tokens.revoke(refreshToken);
  }

  return {
    tokens,
    emailChange,
    sessionUsers,
    sendSignupOtp,
    verifyCredentialsAndSendOtp,
    forgotPassword,
    verifySignupOrLoginOtp,
    verifyResetOtp,
    signup,
    login,
    resetPassword,
    refresh,
    checkAccessToken,
    logout,
  };
}
