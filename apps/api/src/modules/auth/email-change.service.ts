import { MESSAGES } from '@lede/shared';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../lib/errors.js';
import { usersRepository as users, type UserRow } from '../users/index.js';
import type { SessionRow } from './sessions.repository.js';
import type { Caller } from './caller.js';
import { addressTakenMail, emailChangedMail } from './otp.mail.js';
import type { OtpService } from './otp.service.js';
import type { TokenService } from './tokens.service.js';

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;

/**
 * A verified e-mail change: a code goes to the new address, and only that code moves the
 * account. Then the old address is told, and every other session is signed out.
 */
export function createEmailChangeService(
  { db, clock, config, outbox }: Pick<AppDeps, 'db' | 'clock' | 'config' | 'outbox'>,
  otp: OtpService,
  tokens: TokenService,
) {
  const refuseOwnAddress = (user: UserRow, email: string) => {
    if (email === user.email.toLowerCase())
      throw ApiError.badRequest(MESSAGES.validation.sameEmail);
  };
  const isTaken = async (user: UserRow, email: string) => {
    const owner = await users.findByEmail(db, email);
    return Boolean(owner && owner.id !== user.id);
  };

  /**
   * Step 1: mails the address a code. Nothing changes yet. An address with an account answers
   * alike, and its owner gets a notice instead of a code: the asker learns nothing.
   */
  async function start(user: UserRow, email: string, caller: Caller) {
    refuseOwnAddress(user, email);
    const taken = await isTaken(user, email);
    if (taken) caller.security('email.taken', { email, purpose: 'change_email', userId: user.id });
    return otp.issue({
      email,
      purpose: 'change_email',
      userId: user.id,
      caller,
      mail: taken ? addressTakenMail(email, 'change_email', config.appOrigin) : 'code',
    });
  }

  /**
   * Step 2: the code from the new address applies the change. The calling session stays; every
   * other one ends, and every access token but the one returned stops working.
   */
  async function confirm(
    user: UserRow,
    session: SessionRow,
    input: { email: string; otp: string; hash: string },
    caller: Caller,
  ): Promise<{ user: UserRow; accessToken: string }> {
    refuseOwnAddress(user, input.email);
    const { challenge } = await otp.verify({
      email: input.email,
      hash: input.hash,
      otp: input.otp,
      purposes: ['change_email'],
      caller,
    });
    if (challenge.userId !== user.id) throw ApiError.badRequest(MESSAGES.auth.otpNotFound);
    // Only whoever read the code in that mailbox learns that the address is taken.
    if (await isTaken(user, input.email)) throw ApiError.conflict(MESSAGES.auth.emailTaken);
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
