import bcrypt from 'bcrypt';
import { MESSAGES, type LoginBody, type ResetPasswordBody, type SignupBody } from '@lede/shared';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../lib/errors.js';
import { PostgresRateLimitStore } from '../../http/rate-limit.js';
import { createSessionUsers } from './session-users.js';
import { usersRepository as users, type UserRow } from '../users/index.js';
import { sessionsRepository, type SessionRow } from './sessions.repository.js';
import { createEmailChangeService } from './email-change.service.js';
import { createOtpService } from './otp.service.js';
import { createTokenService } from './tokens.service.js';

const m = MESSAGES.auth;

export interface Session {
  user: UserRow;
  session: SessionRow;
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
  const findSession = (id: string) => sessionsRepository.findById(db, id);
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

  /** Wrong passwords count per e-mail, whether at sign-in or when re-authenticating. */
  async function checkPassword(
    email: string,
    user: UserRow | undefined,
    password: string,
    wrong: typeof m.invalidCredentials | typeof m.wrongPassword = m.invalidCredentials,
  ): Promise<UserRow> {
    await refuseIfLockedOut(email);
    const ok = await bcrypt.compare(password, user?.passwordHash ?? (await getDummyHash()));
    if (!user || !ok) {
      await passwordFailures.increment(email);
      throw ApiError.badRequest(wrong);
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

  /** The proof signup and login then need from this client (see otp.requireBound). */
  async function verifySignupOrLoginOtp(email: string, hash: string, code: string) {
    const { verificationToken } = await otp.verify({
      email,
      hash,
      otp: code,
      purposes: ['signup', 'login'],
    });
    return verificationToken!;
  }

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

  /**
   * The cheap checks come first (this client verified a code, the address is free), so bcrypt
   * only runs for a request that can succeed; the transaction checks again, locked.
   */
  async function signup(input: SignupBody, verificationToken?: string): Promise<Session> {
    const bound = { email: input.email, purpose: 'signup' as const, verificationToken };
    await otp.requireBound(db, { ...bound, lock: false });
    if (await users.findByEmail(db, input.email)) throw ApiError.conflict(m.emailTaken);
    const passwordHash = await bcrypt.hash(input.password, config.bcryptCost);
    const timezone = (await usableTimezone(input.timezone)) ?? 'UTC';
    const now = clock.now();
    try {
      return await db.transaction(async (tx) => {
        const challenge = await otp.requireBound(tx, { ...bound, lock: true });
        const user = await users.insert(tx, {
          email: input.email,
          name: input.name,
          passwordHash,
          timezone,
          createdAt: now,
          updatedAt: now,
        });
        await otp.consume(tx, challenge);
        const { session, refreshToken } = await tokens.startSession(tx, user.id);
        return { user, session, accessToken: tokens.signAccessToken(user, session), refreshToken };
      });
    } catch (err) {
      if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw ApiError.conflict(m.emailTaken);
      throw err;
    }
  }

  async function login(input: LoginBody, verificationToken?: string): Promise<Session> {
    await refuseIfLockedOut(input.email);
    const user = await users.findByEmail(db, input.email);
    const timezone = await usableTimezone(input.timezone);
    const signedIn = await db.transaction(async (tx): Promise<Session | undefined> => {
      // The code (verified by this very client) is checked before the password, so /login
      // cannot be used to guess passwords, nor to sign in with a code someone else typed.
      const challenge = await otp.requireBound(tx, {
        email: input.email,
        purpose: 'login',
        verificationToken,
        lock: true,
      });
      await otp.consume(tx, challenge);
      const ok = user ? await bcrypt.compare(input.password, user.passwordHash) : false;
      if (!user || !ok || challenge.userId !== user.id) return undefined;
      const updated = timezone
        ? ((await users.update(tx, user.id, { timezone }, clock.now())) ?? user)
        : user;
      const { session, refreshToken } = await tokens.startSession(tx, user.id);
      return {
        user: updated,
        session,
        accessToken: tokens.signAccessToken(updated, session),
        refreshToken,
      };
    });
    if (signedIn && timezone) sessionUsers.forget(signedIn.user.id);
    // A wrong password still used up the verified code (committed above).
    if (!signedIn) {
      await passwordFailures.increment(input.email);
      throw ApiError.badRequest(m.invalidCredentials);
    }
    return signedIn;
  }

  async function resetPassword(input: ResetPasswordBody): Promise<void> {
    // A reset token that cannot succeed costs no bcrypt.
    await otp.requireResetToken(db, input.email, input.resetToken, false);
    const passwordHash = await bcrypt.hash(input.newPassword, config.bcryptCost);
    const userId = await db.transaction(async (tx) => {
      const challenge = await otp.requireResetToken(tx, input.email, input.resetToken);
      const user = await users.findByEmail(tx, input.email);
      if (!user || challenge.userId !== user.id) throw ApiError.badRequest(m.resetTokenInvalid);
      await otp.consume(tx, challenge);
      const now = clock.now();
      await users.setPassword(tx, user.id, passwordHash, now);
      await tokens.endOtherSessions(tx, user.id, undefined);
      return user.id;
    });
    // Committed: every access token issued before is refused from the next request on.
    sessionUsers.forget(userId);
  }

  async function refresh(refreshToken: string | undefined): Promise<Session> {
    if (!refreshToken) throw ApiError.unauthorized(m.refreshInvalid);
    const { session, refreshToken: renewed } = await tokens.rotate(refreshToken);
    const user = await users.findById(db, session.userId);
    if (!user) throw ApiError.unauthorized(m.refreshInvalid);
    return {
      user,
      session,
      accessToken: tokens.signAccessToken(user, session),
      refreshToken: renewed,
    };
  }

  /**
   * A bearer token of a live account, session version and session; re-signed when close to
   * expiry. The rows come from `sessionUsers` (see ./session-users.ts for when they are
   * read): an ended session is refused from the next request on, on every instance.
   */
  async function checkAccessToken(
    token: string,
  ): Promise<
    { user: UserRow; session: SessionRow; accessToken: string } | { error: 'expired' | 'invalid' }
  > {
    const verified = tokens.verifyAccessToken(token);
    if ('error' in verified) return verified;
    const { sub, ver, sid } = verified.claims;
    const [user, session] = await Promise.all([
      sessionUsers.get(sub, findUser),
      sessionUsers.sessions.get(sid, findSession),
    ]);
    if (!user || user.sessionVersion !== ver) return { error: 'invalid' };
    if (session?.userId !== user.id || !tokens.isLive(session, clock.now())) {
      return { error: 'invalid' };
    }
    const accessToken = tokens.isNearExpiry(verified.claims)
      ? tokens.signAccessToken(user, session)
      : token;
    return { user, session, accessToken };
  }

  /**
   * checkAccessToken from what this process keeps, without waiting: the token itself while
   * it, its reader and its session are known good and it is not due to be replaced; otherwise
   * undefined (then checkAccessToken decides). For the fast lane.
   */
  function keptAccessToken(token: string): string | undefined {
    const verified = tokens.verifyAccessToken(token);
    if ('error' in verified || tokens.isNearExpiry(verified.claims)) return undefined;
    const { sub, ver, sid } = verified.claims;
    const user = sessionUsers.peek(sub);
    const session = sessionUsers.sessions.peek(sid);
    if (!user || user.sessionVersion !== ver || session?.userId !== user.id) return undefined;
    return tokens.isLive(session, clock.now()) ? token : undefined;
  }

  /**
   * Ends the session of the refresh cookie and the one of the bearer token (usually the same):
   * refresh tokens and access tokens alike.
   */
  async function logout(refreshToken: string | undefined, bearer: string | undefined) {
    const ids = new Set<string>();
    const fromCookie = refreshToken && (await tokens.sessionOfRefreshToken(refreshToken));
    if (fromCookie) ids.add(fromCookie);
    const verified = bearer ? tokens.verifyAccessToken(bearer) : undefined;
    if (verified && 'claims' in verified) ids.add(verified.claims.sid);
    for (const id of ids) {
      await tokens.endSession(db, id);
      sessionUsers.sessions.forget(id);
    }
  }

  /**
   * Sensitive changes (e-mail, deletion) need a recent sign-in of this very session, or the
   * password in the request ("sudo mode"): a copied access token alone is not enough. Refreshes
   * do not renew the window; a correct password does. Wrong passwords count as at sign-in.
   */
  async function confirmIdentity(
    user: UserRow,
    session: SessionRow,
    password: string | undefined,
  ): Promise<void> {
    const now = clock.now();
    if (password !== undefined) {
      await checkPassword(user.email, user, password, m.wrongPassword);
      await sessionsRepository.markAuthenticated(db, session.id, now);
      sessionUsers.sessions.forget(session.id);
      return;
    }
    // Read afresh: a kept row may predate a re-authentication on another instance.
    const current = await findSession(session.id);
    const since = current ? now.getTime() - current.authenticatedAt.getTime() : Infinity;
    if (since > config.reauthWindowSeconds * 1000) throw ApiError.forbidden(m.reauthRequired);
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
    keptAccessToken,
    logout,
    confirmIdentity,
  };
}
