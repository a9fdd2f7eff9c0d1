import type { Request, RequestHandler } from 'express';
import { MESSAGES, OTP_PURPOSES, type OtpPurpose } from '@lede/shared';
import type { AppDeps } from '../../deps.js';
import { createLimiter, ipKey } from '../../http/rate-limit.js';

const emailOf = (req: Request) =>
  typeof req.body?.email === 'string' ? (req.body.email as string) : undefined;

/** The limits of each route that sends a code, by the code's purpose. */
export type CodeLimits = Record<OtpPurpose, RequestHandler[]>;

/**
 * The limits on sending codes. Only codes actually sent count, and each purpose has its own:
 * - per client IP, whatever the address (`OTP_IP_LIMIT`, shared by every purpose);
 * - per address and caller (`OTP_EMAIL_LIMIT`): what one client may ask for one address, so a
 *   stranger spending theirs leaves the owner's, on their own connection, untouched;
 * - per address from every caller together (`OTP_ADDRESS_LIMIT`): a cap on the mail one
 *   address can be sent, well above what its owner needs. A sign-in code is only sent after
 *   the right password, so no stranger can spend that purpose's cap.
 * The per-address limits send no `RateLimit` headers: their counts would tell who uses an
 * address. They key on the parsed body: put `validBody(schema)` before them.
 */
export function createCodeLimits({
  db,
  clock,
  config,
}: Pick<AppDeps, 'db' | 'clock' | 'config'>): CodeLimits {
  const common = {
    db,
    clock,
    windowMinutes: config.otp.windowMinutes,
    message: MESSAGES.auth.tooManyCodes,
    count: 'successes' as const,
  };
  const perIp = createLimiter({ ...common, name: 'otp-ip', limit: config.otp.ipLimit, key: ipKey });
  const forPurpose = (purpose: OtpPurpose): RequestHandler[] => [
    perIp,
    createLimiter({
      ...common,
      name: `otp-caller-${purpose}`,
      limit: config.otp.emailLimit,
      key: (req) => {
        const email = emailOf(req);
        return email === undefined ? undefined : `${email} ${ipKey(req)}`;
      },
      headers: false,
    }),
    createLimiter({
      ...common,
      name: `otp-address-${purpose}`,
      limit: config.otp.addressLimit,
      key: emailOf,
      headers: false,
    }),
  ];
  return Object.fromEntries(
    OTP_PURPOSES.map((purpose) => [purpose, forPurpose(purpose)]),
  ) as CodeLimits;
}
