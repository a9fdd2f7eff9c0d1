import type { CookieOptions, Request } from 'express';
import type { AppConfig } from '../../deps.js';
import { isHttpsOrigin } from '../../http/security-headers.js';
import { hmac, randomToken, safeEqual } from '../../lib/crypto.js';

/** Marks a browser that signed in to an account before (OWASP's "device cookie"). */
export const DEVICE_COOKIE = 'lede_device';

const DEVICE_TTL_MS = 365 * 86_400_000;

/** A browser known to have signed in to `userId`: its wrong passwords count on their own. */
export interface KnownDevice {
  userId: string;
  id: string;
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

/**
 * Device cookies: `<reader id>.<device id>.<HMAC>`, set at each sign-in and sign-up. A browser
 * that carries one for an account counts its wrong passwords for that account apart from its
 * IP, so a stranger behind the same address (an office, a campus) who spends the IP's failures
 * never locks the owner's own browser out. Worth nothing for any other account, and stealing
 * one gives a thief only a second set of guesses.
 */
export function createDeviceCookies(config: Pick<AppConfig, 'jwtSecret' | 'appOrigin'>) {
  const key = hmac(config.jwtSecret, 'device-cookie-key');
  const sign = (userId: string, id: string) => hmac(key, `${userId}.${id}`);

  function issue(userId: string): string {
    const id = randomToken(16);
    return `${userId}.${id}.${sign(userId, id)}`;
  }

  function read(req: Request): KnownDevice | undefined {
    const value: unknown = req.cookies?.[DEVICE_COOKIE];
    if (typeof value !== 'string' || value.length > 200) return undefined;
    const [userId, id, signature, ...rest] = value.split('.');
    if (!userId || !id || !signature || rest.length > 0) return undefined;
    return safeEqual(signature, sign(userId, id)) ? { userId, id } : undefined;
  }

  /** Only ever sent back to /api/auth, and never by another site's request. */
  function cookieOptions(req: Request): CookieOptions {
    return {
      httpOnly: true,
      secure: isHttpsOrigin(req, config),
      sameSite: 'strict',
      path: '/api/auth',
      maxAge: DEVICE_TTL_MS,
    };
  }

  return { issue, read, cookieOptions };
}
