import type { Request, RequestHandler, Response, Router } from 'express';
import {
  ROUTES,
  successStatus,
  type ParsedInputOf,
  type ResponseBodyOf,
  type Route,
  type RouteKey,
  type Routes,
  type SuccessStatusOf,
} from '@lede/shared';
import { parseInput } from '../lib/validate.js';
import { currentUser, type SignedInUser } from './current-user.js';
import { preparedKey, type PreparedKey } from './prepared-key.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The route table's entry this request was answered by, once its handler runs. */
      tableRoute?: Route;
    }
  }
}

/** What a route's access asks for before it runs; the auth module provides them. */
export interface AccessMiddleware {
  /** Sets `req.user` when the caller has a session, and lets every caller through. */
  optionalSession: RequestHandler;
  /** Sets `req.user`, or answers 401. */
  requireAuth: RequestHandler;
}

/** Where the API router is mounted: every path of the route table starts with it. */
export const API_BASE = '/api';

/** The Express routes made by a registrar, so a test can tell them from any other. */
export const tableRoutes = new WeakSet<object>();

/** A body for another status the route declares (health's 503), answered as it is. */
class Reply<S extends number, B> {
  constructor(
    readonly status: S,
    readonly body: B,
  ) {}
}

type OtherStatus<K extends RouteKey> = Exclude<keyof Routes[K]['responses'], SuccessStatusOf<K>> &
  number;
/** The session middleware adds `AccessToken` to every answer of a caller with a session. */
type TokenAdded<T> = T extends object ? Omit<T, 'AccessToken'> & { AccessToken?: string } : T;

export interface RouteContext<K extends RouteKey> {
  body: ParsedInputOf<K, 'body'>;
  query: ParsedInputOf<K, 'query'>;
  params: ParsedInputOf<K, 'params'>;
  /** The signed-in reader; on an optional-session route, the caller's session if any. */
  user: Routes[K]['access'] extends 'signedIn' ? SignedInUser : SignedInUser | undefined;
  req: Request;
  res: Response;
  reply<S extends OtherStatus<K>>(status: S, body: ResponseBodyOf<K, S>): Reply<S, unknown>;
  /**
   * This request's key in a prepared cache: the route and every field of its parsed query
   * (./prepared-key.ts), and `scope` for an answer that belongs to one caller.
   */
  preparedKey(scope?: string): PreparedKey;
}

/** What a JSON handler returns: the success body, or `reply(status, body)` for another. */
export type JsonResult<K extends RouteKey> =
  TokenAdded<ResponseBodyOf<K, SuccessStatusOf<K>>> | Reply<OtherStatus<K>, unknown>;
export type JsonHandler<K extends RouteKey> = (
  context: RouteContext<K>,
) => JsonResult<K> | Promise<JsonResult<K>>;
/** A handler that answers by itself (prepared bytes, text, HTML). */
export type CustomHandler<K extends RouteKey> = (context: RouteContext<K>) => void | Promise<void>;

export interface RouteRegistrar {
  /** A JSON route: parses its input, applies its access, answers what the handler returns. */
  json<K extends RouteKey>(key: K, handler: JsonHandler<K>): void;
  json<K extends RouteKey>(key: K, middleware: RequestHandler[], handler: JsonHandler<K>): void;
  /** The escape hatch: input and access as for `json`, but the handler writes the answer. */
  custom<K extends RouteKey>(key: K, handler: CustomHandler<K>): void;
  custom<K extends RouteKey>(key: K, middleware: RequestHandler[], handler: CustomHandler<K>): void;
  /** Middleware for every request under a path of the table (say, a limit on /api/auth). */
  use(path: string, ...handlers: RequestHandler[]): void;
}

type ParsedInput = Pick<RouteContext<RouteKey>, 'body' | 'query' | 'params'>;
type Method = 'get' | 'post' | 'put' | 'delete';

function relativePath(path: string): string {
  if (!path.startsWith(`${API_BASE}/`)) throw new Error(`${path} is not under ${API_BASE}`);
  return path.slice(API_BASE.length);
}

/**
 * Registers routes of the table (packages/shared ROUTES) on the router mounted at /api. Each
 * gets, in order: the session middleware its access asks for, the parsing of its body, query
 * and params with the table's schemas (400 VALIDATION_FAILED; the parsed body replaces
 * `req.body`, as rate limiters key on it), the given middleware, then the handler.
 */
export function routeRegistrar(router: Router, sessions: AccessMiddleware): RouteRegistrar {
  const accessMiddleware = {
    visitor: [],
    optional: [sessions.optionalSession],
    signedIn: [sessions.requireAuth],
  } satisfies Record<Route['access'], RequestHandler[]>;
  const inputs = new WeakMap<Request, ParsedInput>();
  const registered = new Set<string>();

  const parse =
    (route: Route): RequestHandler =>
    (req, _res, next) => {
      const input = {
        body: route.body && parseInput(route.body, req.body),
        query: route.query && parseInput(route.query, req.query),
        params: route.params && parseInput(route.params, req.params),
      } as ParsedInput;
      if (route.body) req.body = input.body;
      inputs.set(req, input);
      next();
    };

  function add<K extends RouteKey>(
    key: K,
    args: unknown[],
    answer: (context: RouteContext<K>, handler: never) => Promise<void>,
  ): void {
    if (registered.has(key)) throw new Error(`${key} is registered twice`);
    registered.add(key);
    const route = ROUTES[key] as Route;
    const handler = args.at(-1) as never;
    const middleware = (args.length > 1 ? args[0] : []) as RequestHandler[];
    const takesInput = route.body || route.query || route.params;
    const expressRoute = router.route(relativePath(route.path));
    expressRoute[route.method.toLowerCase() as Method](
      ...accessMiddleware[route.access],
      ...(takesInput ? [parse(route)] : []),
      ...middleware,
      async (req: Request, res: Response) => {
        req.tableRoute = route;
        const input = inputs.get(req);
        const context = {
          ...input,
          user: route.access === 'signedIn' ? currentUser(req) : req.user,
          req,
          res,
          reply: (status: number, body: unknown) => new Reply(status, body),
          preparedKey: (scope?: string) => preparedKey(key, input?.query, scope),
        } as RouteContext<K>;
        await answer(context, handler);
      },
    );
    tableRoutes.add(expressRoute);
  }

  return {
    json<K extends RouteKey>(key: K, ...args: unknown[]) {
      const status = successStatus(ROUTES[key]);
      add(key, args, async (context, handler: JsonHandler<K>) => {
        const result = await handler(context);
        if (result instanceof Reply) context.res.status(result.status).json(result.body);
        else context.res.status(status).json(result);
      });
    },
    custom<K extends RouteKey>(key: K, ...args: unknown[]) {
      add(key, args, async (context, handler: CustomHandler<K>) => handler(context));
    },
    use(path, ...handlers) {
      router.use(relativePath(path), ...handlers);
    },
  };
}
