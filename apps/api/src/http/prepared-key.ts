declare const preparedKeyBrand: unique symbol;

/**
 * A key of a prepared cache (./prepared-response.ts). Only `preparedKey` makes one, so a key
 * cannot be written by hand and leave out a parameter of the query: two requests that parse
 * to different queries never share an answer.
 */
export type PreparedKey = string & { readonly [preparedKeyBrand]: true };

/**
 * One value written out the same way whatever the order of its keys: objects with their keys
 * sorted, strings quoted (JSON), `undefined` as `u` (so an absent cursor is not an empty one).
 * Every token is a JSON value or `u`, so two different values never give the same text.
 */
function canonical(value: unknown): string {
  if (value === undefined) return 'u';
  if (value instanceof Date) return `d${value.getTime()}`;
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const fields = Object.keys(record)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonical(record[name])}`);
    return `{${fields.join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return `n${value}`;
  if (typeof value === 'bigint') return `b${value}`;
  return JSON.stringify(value) ?? `?${typeof value}`;
}

/**
 * The prepared-cache key of a route (its table key, `'GET /api/...'`) and its parsed query:
 * every field of the query, in a stable order, and `scope` for an answer that belongs to one
 * caller (a reader's feed). The route's handler gets it as `preparedKey()` of its context
 * (./route.ts), which passes the route and the query it parsed.
 */
export function preparedKey(route: string, query?: object, scope?: string): PreparedKey {
  return canonical([route, scope, query]) as PreparedKey;
}
