import type { Request } from 'express';
import type { Logger } from './logger.js';

/**
 * What an operator watches for (OWASP ASVS 7.2): failed and refused sign-ins, code guesses,
 * lockouts, a replayed refresh token, sessions that end and re-authentication.
 */
export type SecurityEvent =
  | 'signin.failed'
  | 'signin.locked'
  | 'code.wrong'
  | 'code.locked'
  | 'refresh.reused'
  | 'session.ended'
  | 'reauth.succeeded'
  | 'reauth.failed'
  | 'email.taken';

/** What a line may say beside the event: ids and a masked address, never a secret. */
export interface SecurityFields {
  userId?: string;
  sessionId?: string;
  /** The address a request was about; logged masked (`d***@example.com`). */
  email?: string;
  purpose?: string;
}

export type SecurityLog = (event: SecurityEvent, fields?: SecurityFields) => void;

/** `dave@example.com` → `d***@example.com`: enough to tell accounts apart in an incident. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * The security log of one request: one structured line per event, at warn, with the request
 * id, the client IP (as Express resolves it under TRUST_PROXY) and the reader when known.
 * Codes, tokens and passwords are never passed in, so they never reach a line.
 */
export function securityLog(logger: Logger, req: Pick<Request, 'id' | 'ip'>): SecurityLog {
  return (event, fields = {}) => {
    const { email, ...rest } = fields;
    logger.warn(
      {
        security: event,
        reqId: req.id,
        ip: req.ip,
        ...rest,
        ...(email !== undefined && { email: maskEmail(email) }),
      },
      `security: ${event}`,
    );
  };
}
