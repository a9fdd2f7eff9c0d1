import type { Request, RequestHandler } from 'express';
import { MESSAGES } from '@lede/shared';
import type { AppDeps } from '../../deps.js';
import { createLimiter, ipKey } from '../../http/rate-limit.js';

const emailKey = (req: Request) =>
  typeof req.body?.email === 'string' ? (req.body.email as string) : undefined;

/**
 * The limits on sending codes, per e-mail and per client IP. Only codes actually sent count.
 * They key on the parsed body: put `validBody(schema)` before them.
 */
export function createCodeLimits({
  db,
  clock,
  config,
}: Pick<AppDeps, 'db' | 'clock' | 'config'>): RequestHandler[] {
  const common = {
    db,
    clock,
    windowMinutes: config.otp.windowMinutes,
    message: MESSAGES.auth.tooManyCodes,
    count: 'successes' as const,
  };
  return [
    createLimiter({ ...common, name: 'otp-ip', limit: config.otp.ipLimit, key: ipKey }),
    createLimiter({ ...common, name: 'otp-email', limit: config.otp.emailLimit, key: emailKey }),
  ];
}
