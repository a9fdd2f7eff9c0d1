/** Link clean-up: absolute http(s) only, tracking parameters and fragments dropped. */

const TRACKING_PARAMS = /^(utm_.*|fbclid|gclid|mc_cid|mc_eid)$/i;

/** `raw` resolved against `base` when it is an http(s) URL, else undefined. */
export function absoluteHttpUrl(raw: string | undefined | null, base?: string): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = base ? new URL(value, absoluteHttpUrl(base)) : new URL(value);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
}

/**
 * The form of an article link used for storage and de-duplication: absolute
 * http(s), no fragment, no utm_* / click-id parameters. Other parameters keep
 * their order (some sites route on them).
 */
export function canonicalLink(raw: string | undefined | null, base?: string): string | undefined {
  const absolute = absoluteHttpUrl(raw, base);
  if (!absolute) return undefined;
  const url = new URL(absolute);
  url.hash = '';
  const tracking = [...url.searchParams.keys()].filter((name) => TRACKING_PARAMS.test(name));
  // Only rewritten when needed: re-serialising changes the encoding of untouched parameters.
  for (const name of tracking) url.searchParams.delete(name);
  return url.toString();
}

/** Replaces every occurrence of `secret` (e.g. an API key in an error text) with a marker. */
export function redactSecret(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('[redacted]') : text;
}
