/** Spec section 5: non-space text, an at sign, text, a dot, text. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
export const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** First 3 characters of the local part, asterisks for the rest, then the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const local = email.slice(0, at);
  const domain = email.slice(at);
  if (local.length <= 3) return email;
  return local.slice(0, 3) + '*'.repeat(local.length - 3) + domain;
}
