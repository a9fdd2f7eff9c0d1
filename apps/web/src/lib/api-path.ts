import type { QueryOf, RouteKey } from '@lede/shared';

/**
 * The path and query string of a call to `route` (a key of the shared route table), as the API
 * client sends it. Used by the client and by the boot script's early requests, which must ask for
 * exactly the URL the client will look for. Small and free of imports on purpose: the boot script
 * bundles it.
 */
export function apiPath<R extends RouteKey>(route: R, query?: QueryOf<R>): string {
  const path = route.slice(route.indexOf(' ') + 1);
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query as object) as [string, unknown][])
    if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** One GET call as data: what a query factory asks for, and what its early request names. */
export interface ApiRequest<R extends RouteKey> {
  route: R;
  query: QueryOf<R>;
}

export const apiRequest = <R extends RouteKey>(route: R, query: QueryOf<R>): ApiRequest<R> => ({
  route,
  query,
});

/** The path and query string of `request`, as the API client sends it. */
export const requestPath = <R extends RouteKey>(request: ApiRequest<R>): string =>
  apiPath(request.route, request.query);
