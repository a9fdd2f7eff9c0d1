import type { Request } from 'express';
import { ipKey } from '../../http/rate-limit.js';
import type { Logger } from '../../lib/logger.js';
import { securityLog, type SecurityLog } from '../../lib/security-log.js';

/** Who is asking, as the auth rules see them: budgets count per caller, events name them. */
export interface Caller {
  /** The client's address as Express resolves it (TRUST_PROXY), kept with each challenge. */
  ip: string | undefined;
  /** The key that caller's budgets count under (an IPv6 client counts by its /56). */
  key: string;
  security: SecurityLog;
}

export const callerOf = (req: Request, logger: Logger): Caller => ({
  ip: req.ip,
  key: ipKey(req),
  security: securityLog(logger, req),
});

/** A caller for work no request asked for (tests, tools): its events are not logged. */
export const quietCaller = (key = 'local'): Caller => ({
  ip: undefined,
  key,
  security: () => undefined,
});
