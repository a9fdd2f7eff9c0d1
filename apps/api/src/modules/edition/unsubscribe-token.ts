import crypto from 'node:crypto';

/**
 * The unsubscribe link's token: the reader and an expiry, signed with an HMAC of the app's
 * secret under a key of this purpose alone (a token made for anything else never passes here).
 * `<base64url(reader:expiry)>.<base64url(signature)>`, as the shared `unsubscribeQuery` expects.
 */

const PURPOSE = 'lede:edition-unsubscribe';
/** How long a mailed link keeps working. */
export const UNSUBSCRIBE_TOKEN_TTL_MS = 90 * 24 * 3_600_000;

const keyOf = (secret: string) => crypto.createHmac('sha256', secret).update(PURPOSE).digest();
const sign = (secret: string, payload: string) =>
  crypto.createHmac('sha256', keyOf(secret)).update(payload).digest();

export function signUnsubscribeToken(secret: string, userId: string, now: Date): string {
  const expiresAt = Math.floor((now.getTime() + UNSUBSCRIBE_TOKEN_TTL_MS) / 1000);
  const payload = `${userId}:${expiresAt}`;
  return `${Buffer.from(payload).toString('base64url')}.${sign(secret, payload).toString('base64url')}`;
}

/** The reader a token names, when its signature holds and it has not expired; else undefined. */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
  now: Date,
): string | undefined {
  const [encoded = '', signature = ''] = token.split('.');
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = sign(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    return undefined;
  const match = /^([0-9a-f-]{36}):(\d+)$/.exec(payload);
  if (!match || Number(match[2]) * 1000 <= now.getTime()) return undefined;
  return match[1];
}
