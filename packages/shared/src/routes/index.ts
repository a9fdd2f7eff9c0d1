import type { z } from 'zod';
import { ARTICLE_ROUTES } from './articles.js';
import { AUTH_ROUTES } from './auth.js';
import { EDITION_ROUTES } from './edition.js';
import type { Route } from './define.js';
import { FEED_ROUTES } from './feed.js';
import { PROFILE_ROUTES } from './profile.js';
import { READER_ACTION_ROUTES } from './reader-actions.js';
import { STORY_ROUTES } from './stories.js';
import { SYSTEM_ROUTES } from './system.js';
import { apiErrorResponse } from '../schemas/system.js';

export * from './define.js';
export * from './pages.js';

/**
 * Every route of the API, keyed `'METHOD /api/path'`: who may call it, what it reads, what it
 * answers and which error codes it can answer. The API registers its routes from it, the web
 * client types its calls with it, and the OpenAPI document and docs/api.md are generated from it.
 */
export const ROUTES = {
  ...SYSTEM_ROUTES,
  ...AUTH_ROUTES,
  ...ARTICLE_ROUTES,
  ...READER_ACTION_ROUTES,
  ...STORY_ROUTES,
  ...FEED_ROUTES,
  ...PROFILE_ROUTES,
  ...EDITION_ROUTES,
};

export type Routes = typeof ROUTES;
export type RouteKey = keyof Routes;

type ResponsesOf<K extends RouteKey> = Routes[K]['responses'];
type SchemaAt<K extends RouteKey, S> = S extends keyof ResponsesOf<K>
  ? ResponsesOf<K>[S] extends z.ZodType
    ? ResponsesOf<K>[S]
    : never
  : never;
/** The success status of a route. */
export type SuccessStatusOf<K extends RouteKey> = Extract<keyof ResponsesOf<K>, 200 | 201>;
/** The body a route answers on success, for clients. */
export type ResultOf<K extends RouteKey> = z.output<SchemaAt<K, SuccessStatusOf<K>>>;
/** The body a route answers with a given status (for the server: its input type). */
export type ResponseBodyOf<K extends RouteKey, S> = z.input<SchemaAt<K, S>>;
type InputOf<K extends RouteKey, Part extends 'body' | 'query' | 'params'> =
  Routes[K] extends Record<Part, infer S extends z.ZodType> ? S : undefined;
/** What a client sends: the route's JSON body, query and path parameters (before parsing). */
export type BodyOf<K extends RouteKey> =
  InputOf<K, 'body'> extends z.ZodType ? z.input<InputOf<K, 'body'>> : undefined;
export type QueryOf<K extends RouteKey> =
  InputOf<K, 'query'> extends z.ZodType ? z.input<InputOf<K, 'query'>> : undefined;
/** The parsed input a handler reads. */
export type ParsedInputOf<K extends RouteKey, Part extends 'body' | 'query' | 'params'> =
  InputOf<K, Part> extends z.ZodType ? z.output<InputOf<K, Part>> : undefined;

/** The route a request took, by method and path (query string ignored). */
export function routeFor(method: string, path: string): Route | undefined {
  const key = `${method.toUpperCase()} ${path.split('?')[0]}`;
  return (ROUTES as Record<string, Route>)[key];
}

/**
 * The schema an answer must match: the route's own for that status, else for an error status
 * the error body. Undefined when the route or the success status is unknown.
 */
export function responseSchemaFor(
  method: string,
  path: string,
  status: number,
): z.ZodType | undefined {
  const route = routeFor(method, path);
  const own = route?.responses[status];
  if (own) return own;
  return status >= 400 ? apiErrorResponse : undefined;
}
