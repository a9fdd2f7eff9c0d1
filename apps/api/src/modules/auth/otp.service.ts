import crypto from 'node:crypto';
import { MESSAGES, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS, type OtpPurpose } from '@lede/shared';
import type { Database, DbExecutor } from '../../db/client.js';
import { hmac, randomToken, safeEqual, sha256 } from '../../lib/crypto.js';
import { ApiError } from '../../lib/errors.js';
import type { MailMessage } from '../../lib/mailer.js';
import { PostgresRateLimitStore } from '../../http/rate-limit.js';
import type { AppDeps } from '../../deps.js';
import type { Caller } from './caller.js';
import { challengesRepository as challenges, type ChallengeRow } from './auth.repository.js';
import { otpMail } from './otp.mail.js';

/** How long a verified code lets signup/login/reset go ahead. */
export const VERIFIED_CHALLENGE_TTL_MS = 10 * 60_000;

/** Codes whose verification hands the client a proof that only it can then use. */
const BOUND_PURPOSES: readonly OtpPurpose[] = ['signup', 'login'];

const m = MESSAGES.auth;

export interface VerifiedCode {
  challenge: ChallengeRow;
  resetToken?: string;
  /** For sign-up and sign-in codes: what signup/login then need (see requireBound). */
  verificationToken?: string;
}

export type OtpService = ReturnType<typeof createOtpService>;

export function createOtpService({
  db,
  outbox,
  clock,
  config,
}: Pick<AppDeps, 'db' | 'outbox' | 'clock' | 'config'>) {
  const codeSecret = hmac(config.jwtSecret, 'otp-code-key');
  const hashCode = (challengeId: string, code: string) =>
    hmac(codeSecret, `${challengeId}:${code}`);

  /**
   * Wrong codes per address and purpose, across challenges: a new challenge brings 5 fresh
   * attempts, but not a fresh budget, so guessing does not restart with each code asked for.
   */
  const wrongCodes = new PostgresRateLimitStore(db, clock, 'otp-guess:', {
    windowMs: 60 * 60_000,
    limit: config.otp.guessLimit,
  });
  const guessKey = (purpose: OtpPurpose, email: string) => `${purpose} ${email}`;

  /**
   * Creates a challenge and queues its mail: the code (`mail: 'code'`, the default), nothing
   * (forgot-password for an unknown address), or a notice with no code (an address that is
   * taken). The mail leaves after the answer, so every case answers alike and as fast.
   * Only this caller's pending challenges of the address and purpose are retired: a stranger
   * asking for codes never cancels the owner's.
   */
  async function issue(input: {
    email: string;
    purpose: OtpPurpose;
    userId?: string | null;
    caller: Caller;
    mail?: 'code' | 'none' | MailMessage;
  }): Promise<{ hash: string; expiresIn: number }> {
    const now = clock.now();
    const id = crypto.randomUUID();
    const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
    const mail = input.mail ?? 'code';
    const ip = input.caller.ip ?? null;
    await db.transaction(async (tx) => {
      await challenges.retirePending(tx, input.email, input.purpose, ip);
      await challenges.insert(tx, {
        id,
        email: input.email,
        userId: input.userId ?? null,
        purpose: input.purpose,
        codeHash: hashCode(id, code),
        expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
        attemptsLeft: OTP_MAX_ATTEMPTS,
        ip,
        createdAt: now,
      });
      // The mail is queued with its challenge: both are kept, or neither. It is useless (and
      // never sent) once the code expired.
      if (mail !== 'none') {
        const message =
          mail === 'code' ? otpMail(input.email, input.purpose, code, config.appOrigin) : mail;
        await outbox.queue(tx, message, { validForMs: OTP_TTL_SECONDS * 1000 });
      }
    });
    if (mail !== 'none') outbox.wake();
    return { hash: id, expiresIn: OTP_TTL_SECONDS };
  }

  type Outcome =
    ({ ok: true } & VerifiedCode) | { ok: false; error: ApiError; wrongCode?: OtpPurpose };

  async function refuseIfGuessedOut(purpose: OtpPurpose, email: string, caller: Caller) {
    const retryAfter = await wrongCodes.retryAfter(guessKey(purpose, email));
    if (retryAfter === 0) return;
    caller.security('code.locked', { email, purpose });
    throw ApiError.tooManyRequests(m.otpGuessesExhausted, { attemptsLeft: 0, retryAfter });
  }

  /**
   * Checks a code against its challenge. Wrong guesses are committed (attempts go down)
   * before the error is thrown, so they cannot be undone by a rollback.
   */
  async function verify(input: {
    email: string;
    hash: string;
    otp: string;
    purposes: readonly OtpPurpose[];
    caller: Caller;
  }): Promise<VerifiedCode> {
    const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(
      input.hash,
    );
    if (!isUuid) throw ApiError.badRequest(m.otpNotFound);
    for (const purpose of input.purposes) {
      await refuseIfGuessedOut(purpose, input.email, input.caller);
    }
    const now = clock.now();
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const c = await challenges.lockById(tx, input.hash);
      if (!c || c.email !== input.email || !input.purposes.includes(c.purpose)) {
        return { ok: false, error: ApiError.badRequest(m.otpNotFound) };
      }
      if (c.verifiedAt || c.consumedAt)
        return { ok: false, error: ApiError.badRequest(m.otpAlreadyUsed) };
      if (c.attemptsLeft <= 0) {
        return {
          ok: false,
          error: ApiError.tooManyRequests(m.otpTooManyAttempts, { attemptsLeft: 0 }),
        };
      }
      if (c.expiresAt <= now) return { ok: false, error: ApiError.badRequest(m.otpExpired) };
      if (!safeEqual(c.codeHash, hashCode(c.id, input.otp))) {
        const attemptsLeft = c.attemptsLeft - 1;
        await challenges.update(tx, c.id, { attemptsLeft });
        return {
          ok: false,
          wrongCode: c.purpose,
          error:
            attemptsLeft === 0
              ? ApiError.tooManyRequests(m.otpTooManyAttempts, { attemptsLeft })
              : ApiError.badRequest(m.otpInvalid, { attemptsLeft }),
        };
      }
      const resetToken = c.purpose === 'password_reset' ? randomToken() : undefined;
      const verificationToken = BOUND_PURPOSES.includes(c.purpose) ? randomToken() : undefined;
      await challenges.update(tx, c.id, {
        verifiedAt: now,
        ...(resetToken && { resetTokenHash: sha256(resetToken) }),
        ...(verificationToken && { verificationTokenHash: sha256(verificationToken) }),
      });
      return { ok: true, challenge: c, resetToken, verificationToken };
    });
    if (!outcome.ok) {
      if (outcome.wrongCode) await countWrongCode(outcome.wrongCode, input.email, input.caller);
      throw outcome.error;
    }
    const { ok: _ok, ...verified } = outcome;
    return verified;
  }

  /** Counted once the wrong guess is committed; the guess that spends the budget says so. */
  async function countWrongCode(purpose: OtpPurpose, email: string, caller: Caller) {
    caller.security('code.wrong', { email, purpose });
    const { totalHits } = await wrongCodes.increment(guessKey(purpose, email));
    if (totalHits >= config.otp.guessLimit) await refuseIfGuessedOut(purpose, email, caller);
  }

  /** Codes verified after this may still be used. */
  const verifiedSince = () => new Date(clock.now().getTime() - VERIFIED_CHALLENGE_TTL_MS);

  /** A challenge of this address and purpose, verified recently and not used yet. */
  const isUsable = (
    c: ChallengeRow | undefined,
    email: string,
    purpose: OtpPurpose,
  ): c is ChallengeRow =>
    c?.email === email &&
    c.purpose === purpose &&
    !c.consumedAt &&
    c.verifiedAt !== null &&
    c.verifiedAt > verifiedSince();

  /**
   * The verified sign-up or sign-in challenge behind `verificationToken`: only the client that
   * verified the code holds it, so a password alone never signs in with someone else's code.
   * Locked inside the caller's transaction when `lock` (a cheap check before bcrypt does not).
   */
  async function requireBound(
    executor: DbExecutor,
    input: { email: string; purpose: OtpPurpose; verificationToken?: string; lock: boolean },
  ): Promise<ChallengeRow> {
    const c = input.verificationToken
      ? await challenges.findByVerificationToken(
          executor,
          sha256(input.verificationToken),
          input.lock,
        )
      : undefined;
    if (isUsable(c, input.email, input.purpose)) return c;
    if (await challenges.hasVerified(executor, input.email, input.purpose, verifiedSince())) {
      throw ApiError.unauthorized(m.verificationTokenRequired);
    }
    const stale = await challenges.hasVerified(executor, input.email, input.purpose);
    throw ApiError.badRequest(stale ? m.verificationExpired : m.verificationRequired);
  }

  /** Finds the verified challenge a signup or login needs, locked inside the caller's transaction. */
  async function requireVerified(
    tx: DbExecutor,
    email: string,
    purpose: OtpPurpose,
  ): Promise<ChallengeRow> {
    const challenge = await challenges.lockVerified(tx, email, purpose, verifiedSince());
    if (challenge) return challenge;
    const stale = await challenges.hasVerified(tx, email, purpose);
    throw ApiError.badRequest(stale ? m.verificationExpired : m.verificationRequired);
  }

  async function consume(tx: DbExecutor, challenge: ChallengeRow): Promise<void> {
    if (!(await challenges.consume(tx, challenge.id, clock.now()))) {
      throw ApiError.badRequest(m.otpAlreadyUsed);
    }
  }

  /**
   * The challenge behind a reset token that is verified, unused and recent; locked inside the
   * caller's transaction when `lock` (a cheap check before bcrypt does not).
   */
  async function requireResetToken(
    tx: DbExecutor,
    email: string,
    resetToken: string,
    lock = true,
  ): Promise<ChallengeRow> {
    const c = await challenges.findByResetToken(tx, sha256(resetToken), lock);
    if (!isUsable(c, email, 'password_reset')) throw ApiError.badRequest(m.resetTokenInvalid);
    return c;
  }

  return { issue, verify, requireVerified, requireBound, consume, requireResetToken };
}

export type { Database };
