import type { Dispatcher } from 'undici';
import type { FetchFn, FetchLimits } from './fetch.types.js';
import { PrivateAddressError } from './public-network.js';

export const DEFAULT_FETCH_LIMITS: FetchLimits = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024 };

/**
 * Every request names Lede, and where it runs when there is a public URL for it (APP_ORIGIN),
 * so a feed's owner can tell who reads it.
 */
export function userAgent(contactUrl?: string): string {
  return contactUrl ? `Lede/0.1 (news reader; +${contactUrl})` : 'Lede/0.1 (news reader)';
}

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A source could not be read; the message is safe to log and to report. */
export class SourceFetchError extends Error {
  override name = 'SourceFetchError';
  constructor(
    message: string,
    /** The HTTP status that failed the request, if one did. */
    readonly status?: number,
    /** How long the server asked us to wait (Retry-After of a 429 or 503). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** A server's ETag and Last-Modified, sent back as If-None-Match and If-Modified-Since. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

/** A document, or `notModified` when the validators sent still hold (304). */
export type FetchedDocument =
  { notModified: false; body: string; validators: Validators } | { notModified: true };

export interface FetchTextOptions {
  fetch: FetchFn;
  limits: FetchLimits;
  accept: string;
  signal?: AbortSignal;
  /** Opens every connection: publicOnlyDispatcher() refuses private addresses. Default: fetch's. */
  dispatcher?: Dispatcher;
  /** Default: userAgent(). */
  userAgent?: string;
}

/**
 * `fetchDocument` without validators: the body, or a SourceFetchError as described there.
 */
export async function fetchText(url: string, options: FetchTextOptions): Promise<string> {
  const document = await fetchDocument(url, options);
  if (document.notModified) throw new SourceFetchError('HTTP 304', 304);
  return document.body;
}

/**
 * GETs `url` and returns its body as text with its validators, sending `validators` as a
 * conditional request: a 304 answer is `notModified`. Fails with a SourceFetchError on a
 * network error, a connection the dispatcher refuses, another non-2xx status (with the
 * server's Retry-After), more than MAX_REDIRECTS redirects or one to a URL that is not http(s),
 * a body over `limits.maxBytes` or a request (redirects and body included) slower than
 * `limits.timeoutMs`.
 */
export async function fetchDocument(
  url: string,
  options: FetchTextOptions & { validators?: Validators },
): Promise<FetchedDocument> {
  const { limits, validators } = options;
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const headers: Record<string, string> = {
    accept: options.accept,
    'user-agent': options.userAgent ?? userAgent(),
  };
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  try {
    const response = await getFollowingRedirects(url, options.fetch, {
      signal,
      dispatcher: options.dispatcher,
      headers,
    });
    if (response.status === 304 && (validators?.etag || validators?.lastModified)) {
      await response.body?.cancel().catch(() => undefined);
      return { notModified: true };
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new SourceFetchError(
        `HTTP ${response.status}`,
        response.status,
        retryAfterMs(response.headers.get('retry-after')),
      );
    }
    const bytes = await readCapped(response, limits.maxBytes);
    return {
      notModified: false,
      body: decodeBody(bytes, response.headers.get('content-type')),
      validators: {
        etag: response.headers.get('etag') ?? undefined,
        lastModified: response.headers.get('last-modified') ?? undefined,
      },
    };
  } catch (err) {
    if (timeout.aborted) throw new SourceFetchError(`timed out after ${limits.timeoutMs / 1000} s`);
    if (options.signal?.aborted) throw new SourceFetchError('stopped');
    if (err instanceof SourceFetchError) throw err;
    if (err instanceof Error && err.cause instanceof PrivateAddressError) {
      throw new SourceFetchError(err.cause.message);
    }
    throw new SourceFetchError(`network error: ${describeNetworkError(err)}`);
  }
}

/** Follows redirects itself, so every hop must be http(s) and goes through `init.dispatcher`. */
async function getFollowingRedirects(
  url: string,
  fetch: FetchFn,
  init: RequestInit & { dispatcher?: Dispatcher },
): Promise<Response> {
  let target = httpUrl(url);
  for (let redirects = 0; ; redirects++) {
    const response = await fetch(target.href, { ...init, redirect: 'manual' });
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
    await response.body?.cancel().catch(() => undefined);
    if (redirects === MAX_REDIRECTS) {
      throw new SourceFetchError(`refused: more than ${MAX_REDIRECTS} redirects`);
    }
    target = httpUrl(location, target);
  }
}

function httpUrl(location: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(location, base);
  } catch {
    throw new SourceFetchError(`refused: not a valid URL${base ? ' to redirect to' : ''}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SourceFetchError(`refused: not an http(s) URL (${url.protocol})`);
  }
  return url;
}

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new SourceFetchError(`response larger than ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Charset from the Content-Type header, else from an XML declaration, else UTF-8. */
function decodeBody(bytes: Uint8Array, contentType: string | null): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const charset =
    /charset=["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ??
    /^\s*<\?xml[^>]*encoding=["']([\w.:-]+)["']/i.exec(head)?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Retry-After as milliseconds from now: delay-seconds or an HTTP date; undefined when absent or bad. */
function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function describeNetworkError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause;
  if (cause instanceof Error && cause.message) return cause.message;
  return err.message;
}
