import { MESSAGES } from '@lede/shared';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../lib/errors.js';
import { usersRepository as users, type UserRow } from '../users/index.js';
import type { SessionRow } from './sessions.repository.js';
import { emailChangedMail } from './otp.mail.js';
import type { OtpService } from './otp.service.js';
import type { TokenService } from './tokens.service.js';

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;

/**
 * A verified e-mail change: a code goes to the new address, and only that code moves the
 * account. Then the old address is told, and every other session is signed out.
 */
export function createEmailChangeService(
  { db, clock, config, outbox }: AppDeps,
  otp: OtpService,
  tokens: TokenService,
) {
  async function refuseUnusable(user: UserRow, email: string): Promise<void> {
    if (email === user.email.toLowerCase())
      throw ApiError.badRequest(MESSAGES.validation.sameEmail);
    const owner = await users.findByEmail(db, email);
    if (owner && owner.id !== user.id) throw ApiError.conflict(MESSAGES.auth.emailTaken);
  }

  /** Step 1: checks the address and mails it a code. Nothing changes yet. */
  async function start(user: UserRow, email: string, ip?: string) {
    await refuseUnusable(user, email);
    return otp.issue({ email, purpose: 'change_email', userId: user.id, ip });
  }

  /**
   * Step 2: the code from the new address applies the change. The calling session stays; every
   * other one ends, and every access token but the one returned stops working.
   */
  async function confirm(
    user: UserRow,
    session: SessionRow,
    input: { email: string; otp: string; hash: string },
  ): Promise<{ user: UserRow; accessToken: string }> {
    await refuseUnusable(user, input.email);
    const { challenge } = await otp.verify({
      email: input.email,
      hash: input.hash,
      otp: input.otp,
      purposes: ['change_email'],
    });
    if (challenge.userId !== user.id) throw ApiError.badRequest(MESSAGES.auth.otpNotFound);
    const now = clock.now();
    let updated: UserRow | undefined;
    try {
      updated = await db.transaction(async (tx) => {
        const verified = await otp.requireVerified(tx, input.email, 'change_email');
        if (verified.id !== challenge.id) throw ApiError.badRequest(MESSAGES.auth.otpAlreadyUsed);
        await otp.consume(tx, verified);
        const changed = await users.setEmail(tx, user.id, input.email, now);
        if (!changed) throw ApiError.unauthorized(MESSAGES.auth.invalidToken);
        await tokens.endOtherSessions(tx, user.id, session.id);
        // Queued with the change itself: the old address is told whenever the change is made.
        await outbox.queue(tx, emailChangedMail(user.email, input.email, config.appOrigin));
        return changed;
      });
    } catch (err) {
      // Someone took the address after the code was sent: the unique index decides.
      if (pgErrorCode(err) === PG_UNIQUE_VIOLATION)
        throw ApiError.conflict(MESSAGES.auth.emailTaken);
      throw err;
    }
    outbox.wake();
    return { user: updated, accessToken: tokens.signAccessToken(updated, session) };
  }

  return { start, confirm };
}
