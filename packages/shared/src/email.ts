/** Spec section 5: non-space text, an at sign, text, a dot, text (the shape the client checks). */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

/** RFC 5322 "dot-atom" local part: no quoted strings, no leading, trailing or double dots. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** A host name label: letters, digits and inner hyphens, at most 63 characters. */
const DOMAIN_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
/** A top-level domain: letters, or an IDN in punycode. */
const TOP_LEVEL = /^([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/**
 * A deliverable-looking address: exactly one at sign, a dot-atom local part and a real domain
 * name (at least two labels, an alphabetic top level), within the SMTP length limits. It also
 * passes the spec's simpler pattern.
 */
export function isValidEmail(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return false;
  const parts = email.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  if (local.length > LOCAL_PART_MAX_LENGTH || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  return (
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    TOP_LEVEL.test(labels.at(-1)!)
  );
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
