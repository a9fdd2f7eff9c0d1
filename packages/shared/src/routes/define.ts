import type { z } from 'zod';
import type { ErrorCode } from '../error-codes.js';

/** Who may call a route: anyone, anyone (a valid session is used), or a signed-in reader only. */
export type Access = 'visitor' | 'optional' | 'signedIn';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type RouteKeyShape = `${Method} /api/${string}`;
export type SuccessStatus = 200 | 201;

/** One row of the route table, as written. */
export interface RouteDefinition {
  access: Access;
  /** One line: what the route does. */
  summary: string;
  /** More for the reference (docs/api.md, OpenAPI), when a line is not enough. */
  notes?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** A multipart/form-data body with one file in this field, read by the route itself. */
  upload?: { field: string };
  /** The body per status: the success status, and any other status with a body of its own. */
  responses: { [status: number]: z.ZodType };
  /** The success body's media type when it is not JSON. */
  contentType?: 'text/plain' | 'text/html' | 'text/javascript' | 'text/css';
  /** The errors particular to this route; the table adds those every route can answer. */
  errors?: readonly ErrorCode[];
}

/** Any route can answer these: a broken or too large body, a bug, the database down. */
export const COMMON_ERRORS = [
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'INVALID_INPUT',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];
/** A signed-in route without a valid session. */
export const SESSION_ERRORS = [
  'UNAUTHENTICATED',
  'INVALID_TOKEN',
  'SESSION_EXPIRED',
] as const satisfies readonly ErrorCode[];

type MethodOf<K> = K extends `${infer M extends Method} ${string}` ? M : never;
type PathOf<K> = K extends `${Method} ${infer P}` ? P : never;

/** A row of the route table with everything derived: method, path and every error code. */
export type Route<K extends string = RouteKeyShape, D = RouteDefinition> = Omit<D, 'errors'> & {
  key: K;
  method: MethodOf<K>;
  path: PathOf<K>;
  /** Every error code the route can answer, its own and those of every route. */
  errors: readonly ErrorCode[];
};

/** Every error code a route can answer: its own, its input's, its access level's, everyone's. */
function allErrors(definition: RouteDefinition): ErrorCode[] {
  const takesInput = definition.body || definition.query || definition.params;
  return [
    ...new Set<ErrorCode>([
      ...(definition.errors ?? []),
      ...(takesInput ? (['VALIDATION_FAILED'] as const) : []),
      ...(definition.access === 'signedIn' ? SESSION_ERRORS : []),
      ...COMMON_ERRORS,
    ]),
  ];
}

/** Builds route table rows from `'METHOD /api/path': definition` pairs. */
export function defineRoutes<const T extends Record<RouteKeyShape, RouteDefinition>>(
  table: T,
): { [K in keyof T & string]: Route<K, T[K]> } {
  return Object.fromEntries(
    Object.entries(table).map(([key, definition]) => {
      const [method, path] = key.split(' ');
      return [key, { ...definition, key, method, path, errors: allErrors(definition) }];
    }),
  ) as unknown as { [K in keyof T & string]: Route<K, T[K]> };
}

/** The success status of a route's responses (each route has one). */
export function successStatus(route: Pick<RouteDefinition, 'responses'>): SuccessStatus {
  const status = Object.keys(route.responses)
    .map(Number)
    .find((s) => s >= 200 && s < 300);
  if (status !== 200 && status !== 201) throw new Error('a route needs a 200 or 201 response');
  return status;
}
