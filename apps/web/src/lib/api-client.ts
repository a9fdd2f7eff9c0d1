import {
  MESSAGES,
  type ApiErrorResponse,
  type BodyOf,
  type ErrorCode,
  type QueryOf,
  type ResultOf,
  type RouteKey,
  type Routes,
} from '@lede/shared';
import { apiPath } from './api-path';
import { takeEarlyResponse } from './early-requests';
import { navigateTo } from './navigation';
import { endSession, getToken, setToken } from './storage';
import { toast } from './toast';
import { paths } from '@/lib/paths';

/** Spec section 7: 15-second timeout. */
export const API_TIMEOUT_MS = 15_000;

/** The success body of a route (packages/shared ROUTES), whatever its 2xx status. */
export type ApiResult<R extends RouteKey> = ResultOf<R>;

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorResponse | undefined;
  constructor(status: number, message: string, body?: ApiErrorResponse) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** The server's stable error code; undefined when no answer came (network, timeout). */
  get code(): ErrorCode | undefined {
    return this.body?.code;
  }
  get attemptsLeft(): number | undefined {
    return this.body?.attemptsLeft;
  }
  /** The session is fine but too old for this change: ask for the password (403 REAUTH_REQUIRED). */
  get reauthRequired(): boolean {
    return this.code === 'REAUTH_REQUIRED';
  }
  /** The reader must choose interests first (403 NEEDS_PREFERENCES). */
  get needsPreferences(): boolean {
    return this.code === 'NEEDS_PREFERENCES' || this.body?.needsPreferences === true;
  }
}

/** What every call may add: an abort signal, and the spec's text for a failure without one. */
interface CallOptions {
  signal?: AbortSignal;
  /** The spec's fallback text, used when the server gives no message. */
  fallback?: string;
}

/** A route that reads a multipart upload takes a FormData body; the others their JSON body. */
type BodyInput<R extends RouteKey> = Routes[R] extends { upload: object } ? FormData : BodyOf<R>;

/** An object with nothing in it: a part whose every field is optional accepts it. */
type Empty = Record<never, never>;

/** A part the route reads is required unless its schema accepts nothing; one it does not read is absent. */
type Part<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: never }
  : undefined extends T
    ? { [K in Name]?: T }
    : Empty extends T
      ? { [K in Name]?: T }
      : { [K in Name]: T };

/**
 * The options of a call to route `R`, typed from its row of the route table: its JSON body (or a
 * FormData for an upload) and its query, so a wrong body, query or path fails the type check.
 */
export type RequestOptions<R extends RouteKey> = R extends RouteKey
  ? CallOptions & Part<'body', BodyInput<R>> & Part<'query', QueryOf<R>>
  : never;

/** The options may be left out when the route requires neither body nor query. */
type OptionsArg<R extends RouteKey> =
  Empty extends RequestOptions<R> ? [options?: RequestOptions<R>] : [options: RequestOptions<R>];

let origin = '';
/** Tests point the client at a real HTTP server; in the app requests go to the page's origin. */
export function setApiOrigin(value: string): void {
  origin = value.replace(/\/$/, '');
}

/**
 * The one way the client calls the API: `api('GET /api/articles/getarticlebyid', { query })`.
 * Sends cookies and the stored bearer token, stores every AccessToken it receives, and turns
 * 401/403 into the end of the session (except 403 needsPreferences: off to /preferences, and
 * 403 REAUTH_REQUIRED: the caller asks for the password).
 */
export async function api<R extends RouteKey>(
  route: R,
  ...[given]: OptionsArg<R>
): Promise<ApiResult<R>> {
  const options: CallOptions & { body?: unknown; query?: object } = given ?? {};
  const method = route.slice(0, route.indexOf(' '));
  const url = origin + apiPath(route, options.query as QueryOf<R> | undefined);
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData body (picture upload) goes as multipart; the browser sets its boundary.
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const fallback = options.fallback ?? MESSAGES.errors.internal;

  let res: Response;
  try {
    // The first screen's data may already be on its way (asked for at start-up).
    const early = method === 'GET' ? takeEarlyResponse(url) : undefined;
    res = await (early ??
      fetch(url, {
        method,
        headers,
        credentials: 'include',
        body:
          options.body === undefined
            ? undefined
            : multipart
              ? (options.body as FormData)
              : JSON.stringify(options.body),
        signal,
      }));
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw new ApiError(0, fallback);
  }

  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (typeof record.AccessToken === 'string' && record.AccessToken) setToken(record.AccessToken);

  if (res.ok) return body as ApiResult<R>;

  const errorBody = record as ApiErrorResponse;
  const message =
    typeof errorBody.message === 'string' && errorBody.message ? errorBody.message : fallback;
  const error = new ApiError(res.status, message, errorBody);
  if (res.status === 403 && error.needsPreferences) {
    toast.error(MESSAGES.recommendations.needsPreferences);
    navigateTo(paths.preferences(), { state: { fromReset: true } });
  } else if ((res.status === 401 || res.status === 403) && !error.reauthRequired) {
    sessionEnded(res.status);
  }
  throw error;
}

/** Spec section 8: clear storage, fire auth-logout, say why, go to /login. */
function sessionEnded(status: 401 | 403 | number): void {
  endSession();
  toast.error(status === 403 ? MESSAGES.session.expired : MESSAGES.session.authFailed);
  navigateTo(paths.login(), { replace: true });
}

/** The text to show for a failed call: the server's message or the given fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.message || fallback;
  return fallback;
}
