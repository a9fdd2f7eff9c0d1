import type { Request } from 'express';
import { ipKey } from '../../http/rate-limit.js';
import type { Logger } from '../../lib/logger.js';
import { securityLog, type SecurityLog } from '../../lib/security-log.js';
import type { KnownDevice } from './device-cookie.js';

/** Who is asking, as the auth rules see them: budgets count per caller, events name them. */
export interface Caller {
  /** The client's address as Express resolves it (TRUST_PROXY), kept with each challenge. */
  ip: string | undefined;
  /** The key that caller's budgets count under (an IPv6 client counts by its /56). */
  key: string;
  /** The browser's device cookie, when it has a valid one (see ./device-cookie.ts). */
  device?: KnownDevice;
  security: SecurityLog;
}

export const callerOf = (req: Request, logger: Logger, device?: KnownDevice): Caller => ({
  ip: req.ip,
  key: ipKey(req),
  device,
  security: securityLog(logger, req),
});

/**
 * Whom a caller's failures for `user` count against: the browser itself when it signed in to
 * that very account before, else its IP.
 */
export const failureCaller = (caller: Caller, user: { id: string } | undefined): string =>
  caller.device && user && caller.device.userId === user.id
    ? `device:${caller.device.id}`
    : caller.key;
