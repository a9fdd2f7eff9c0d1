import bcrypt from 'bcrypt';
import type { Request } from 'express';
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
import { addressTakenMail } from './otp.mail.js';
import { callerOf, failureCaller, type Caller } from './caller.js';
import { createDeviceCookies } from './device-cookie.js';
import { createTokenService } from './tokens.service.js';

const m = MESSAGES.auth;

export interface Session {
  user: UserRow;
  session: SessionRow;
  accessToken: string;
  refreshToken: string;
}

export type AuthService = ReturnType<typeof createAuthService>;

export type AuthDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'config' | 'outbox' | 'logger' | 'sessionUsers'
>;

export function createAuthService(deps: AuthDeps) {
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
  // correct sign-ins or dropped connections must never lock an account. They count per
  // address and caller: a stranger's guesses lock the stranger out, not the owner.
  const passwordFailures = new PostgresRateLimitStore(db, clock, 'pw-fail:', {
    windowMs: config.otp.windowMinutes * 60_000,
    limit: config.passwordFailureLimit,
  });
  const failureKey = (email: string, caller: Caller, user: UserRow | undefined) =>
    `${email} ${failureCaller(caller, user)}`;
  const devices = createDeviceCookies(config);

  async function refuseIfLockedOut(
    email: string,
    caller: Caller,
    user: UserRow | undefined,
  ): Promise<void> {
    const retryAfter = await passwordFailures.retryAfter(failureKey(email, caller, user));
    if (retryAfter === 0) return;
    caller.security('signin.locked', { email });
    throw ApiError.tooManyRequests(m.tooManyRequests, { retryAfter });
  }

  async function countWrongPassword(email: string, caller: Caller, user: UserRow | undefined) {
    await passwordFailures.increment(failureKey(email, caller, user));
    caller.security('signin.failed', { email, userId: user?.id });
  }

  /** Wrong passwords count per e-mail and caller, whether at sign-in or re-authenticating. */
  async function checkPassword(
    email: string,
    user: UserRow | undefined,
    password: string,
    caller: Caller,
    wrong: typeof m.invalidCredentials | typeof m.wrongPassword = m.invalidCredentials,
  ): Promise<UserRow> {
    await refuseIfLockedOut(email, caller, user);
    const ok = await bcrypt.compare(password, user?.passwordHash ?? (await getDummyHash()));
    if (!user || !ok) {
      await countWrongPassword(email, caller, user);
      throw ApiError.badRequest(wrong);
    }
    return user;
  }

  /**
   * A code for a free address; for one that has an account, the same answer, and its owner
   * gets a notice instead of a code (nobody can verify it, so signup never goes through).
   */
  async function sendSignupOtp(email: string, caller: Caller) {
    const owner = await users.findByEmail(db, email);
    if (owner) caller.security('email.taken', { email, purpose: 'signup' });
    return otp.issue({
      email,
      purpose: 'signup',
      caller,
      mail: owner ? addressTakenMail(email, 'signup', config.appOrigin) : 'code',
    });
  }

  async function verifyCredentialsAndSendOtp(email: string, password: string, caller: Caller) {
    const user = await checkPassword(email, await users.findByEmail(db, email), password, caller);
    return otp.issue({ email, purpose: 'login', userId: user.id, caller });
  }

  async function forgotPassword(email: string, caller: Caller) {
    const user = await users.findByEmail(db, email);
    return otp.issue({
      email,
      purpose: 'password_reset',
      userId: user?.id,
      caller,
      mail: user ? 'code' : 'none',
    });
  }

  /** The proof signup and login then need from this client (see otp.requireBound). */
  async function verifySignupOrLoginOtp(email: string, hash: string, code: string, caller: Caller) {
    const { verificationToken } = await otp.verify({
      email,
      hash,
      otp: code,
      purposes: ['signup', 'login'],
      caller,
    });
    return verificationToken!;
  }

  async function verifyResetOtp(email: string, hash: string, code: string, caller: Caller) {
    const { resetToken } = await otp.verify({
      email,
      hash,
      otp: code,
      purposes: ['password_reset'],
      caller,
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
  async function signup(
    input: SignupBody,
    verificationToken: string | undefined,
    caller: Caller,
  ): Promise<Session> {
    const bound = { email: input.email, purpose: 'signup' as const, verificationToken };
    await otp.requireBound(db, { ...bound, lock: false });
    if (await users.findByEmail(db, input.email)) {
      caller.security('email.taken', { email: input.email, purpose: 'signup' });
      throw ApiError.conflict(m.emailTaken);
    }
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

  async function login(
    input: LoginBody,
    verificationToken: string | undefined,
    caller: Caller,
  ): Promise<Session> {
    const user = await users.findByEmail(db, input.email);
    await refuseIfLockedOut(input.email, caller, user);
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
      await countWrongPassword(input.email, caller, user);
      throw ApiError.badRequest(m.invalidCredentials);
    }
    return signedIn;
  }

  /** Answers the reader whose sessions it ended. */
  async function resetPassword(input: ResetPasswordBody): Promise<string> {
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
    return userId;
  }

  /**
   * A replayed refresh token ends its session (tokens.rotate): this process stops serving it at
   * once, the others when the relay tells them; the caller's security log says so.
   */
  async function refresh(refreshToken: string | undefined, caller: Caller): Promise<Session> {
    if (!refreshToken) throw ApiError.unauthorized(m.refreshInvalid);
    const { session, refreshToken: renewed } = await tokens.rotate(refreshToken, (reuse) => {
      sessionUsers.sessions.forget(reuse.sessionId);
      caller.security('refresh.reused', reuse);
    });
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
   * refresh tokens and access tokens alike. Returns the sessions ended, with their readers.
   */
  async function logout(
    refreshToken: string | undefined,
    bearer: string | undefined,
  ): Promise<Array<{ sessionId: string; userId: string }>> {
    const ended = new Map<string, string>();
    const fromCookie = refreshToken && (await tokens.sessionOfRefreshToken(refreshToken));
    if (fromCookie) ended.set(fromCookie.sessionId, fromCookie.userId);
    const verified = bearer ? tokens.verifyAccessToken(bearer) : undefined;
    if (verified && 'claims' in verified) ended.set(verified.claims.sid, verified.claims.sub);
    for (const id of ended.keys()) {
      await tokens.endSession(db, id);
      sessionUsers.sessions.forget(id);
    }
    return [...ended].map(([sessionId, userId]) => ({ sessionId, userId }));
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
    caller: Caller,
  ): Promise<void> {
    const now = clock.now();
    if (password !== undefined) {
      await checkPassword(user.email, user, password, caller, m.wrongPassword).catch((err) => {
        caller.security('reauth.failed', { userId: user.id, sessionId: session.id });
        throw err;
      });
      caller.security('reauth.succeeded', { userId: user.id, sessionId: session.id });
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
    /** Who asks, for the budgets and the security log (see ./caller.ts). */
    callerOf: (req: Request) => callerOf(req, deps.logger, devices.read(req)),
    devices,
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
