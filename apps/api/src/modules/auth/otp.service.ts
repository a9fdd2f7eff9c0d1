import crypto from 'node:crypto';
import { MESSAGES, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS, type OtpPurpose } from '@lede/shared';
import type { Database, DbExecutor } from '../../db/client.js';
import { hmac, randomToken, safeEqual, sha256 } from '../../lib/crypto.js';
import { ApiError } from '../../lib/errors.js';
import type { AppDeps } from '../../deps.js';
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

export function createOtpService({ db, outbox, clock, config }: AppDeps) {
  const codeSecret = hmac(config.jwtSecret, 'otp-code-key');
  const hashCode = (challengeId: string, code: string) =>
    hmac(codeSecret, `${challengeId}:${code}`);

  /**
   * Creates a challenge and queues the mail with its code. The mail leaves after the answer,
   * so the answer takes the same time whether or not a mail is sent.
   */
  async function issue(input: {
    email: string;
    purpose: OtpPurpose;
    userId?: string | null;
    ip?: string;
    /** false for forgot-password on an unknown e-mail: same answer, no mail. */
    deliver?: boolean;
  }): Promise<{ hash: string; expiresIn: number }> {
    const now = clock.now();
    const id = crypto.randomUUID();
    const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
    const deliver = input.deliver !== false;
    await db.transaction(async (tx) => {
      await challenges.retirePending(tx, input.email, input.purpose);
      await challenges.insert(tx, {
        id,
        email: input.email,
        userId: input.userId ?? null,
        purpose: input.purpose,
        codeHash: hashCode(id, code),
        expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
        attemptsLeft: OTP_MAX_ATTEMPTS,
        ip: input.ip ?? null,
        createdAt: now,
      });
      // The mail is queued with its challenge: both are kept, or neither. It is useless (and
      // never sent) once the code expired.
      if (deliver) {
        await outbox.queue(tx, otpMail(input.email, input.purpose, code, config.appOrigin), {
          validForMs: OTP_TTL_SECONDS * 1000,
        });
      }
    });
    if (deliver) outbox.wake();
    return { hash: id, expiresIn: OTP_TTL_SECONDS };
  }

  type Outcome = ({ ok: true } & VerifiedCode) | { ok: false; error: ApiError };

  /**
   * Checks a code against its challenge. Wrong guesses are committed (attempts go down)
   * before the error is thrown, so they cannot be undone by a rollback.
   */
  async function verify(input: {
    email: string;
    hash: string;
    otp: string;
    purposes: readonly OtpPurpose[];
  }): Promise<VerifiedCode> {
    const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(
      input.hash,
    );
    if (!isUuid) throw ApiError.badRequest(m.otpNotFound);
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
    if (!outcome.ok) throw outcome.error;
    const { ok: _ok, ...verified } = outcome;
    return verified;
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
