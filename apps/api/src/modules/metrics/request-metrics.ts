import type { Request, RequestHandler } from 'express';
import type { Metrics } from '../../lib/metrics.types.js';
import { METRICS_PATH } from './metrics.router.js';

const API_PATH = /^\/api(\/|$)/i;
const matchedPattern = Symbol('matchedRoutePattern');
type Route = NonNullable<Request['route']>;
type Tracked = Request & { [matchedPattern]?: string };

/**
 * Counts and times each answered request by method, route pattern and status. Requests
 * outside /api are `static`; /api requests no route took are `unmatched`. Scrapes of
 * /api/metrics are not counted (Prometheus records its own scrape times).
 */
export function requestMetrics(metrics: Metrics): RequestHandler {
  /** The app's request prototype, once its `route` notes the pattern. */
  let patched: object | undefined;
  return (req: Tracked, res, next) => {
    const started = performance.now();
    const underApi = API_PATH.test(req.path);
    const proto = Object.getPrototypeOf(req) as object;
    if (proto !== patched) rememberRoutePatterns((patched = proto));
    res.once('finish', () => {
      const route = underApi ? (req[matchedPattern] ?? 'unmatched') : 'static';
      if (route === METRICS_PATH) return;
      const labels = { method: req.method, route, status: String(res.statusCode) };
      metrics.observeRequest(labels, (performance.now() - started) / 1000);
    });
    next();
  };
}

/**
 * The pattern must be read when the router matches the route: by the time the answer is
 * sent, an error has left the routers and Express has already reset req.baseUrl to the
 * app's. So `route` becomes an accessor that notes baseUrl + route.path as it is set. It is
 * defined once on the app's request prototype (not on each request, which would cost a
 * property definition per request and turn every request object into a slow dictionary).
 * baseUrl is the matched text, not the mount pattern: lower-cased, since Express matches
 * paths in any case and each spelling would be a new label; and no router may be mounted
 * on a path with a `:param`, whose raw value would end up in the label.
 */
function rememberRoutePatterns(proto: object): void {
  const ownRoute = Symbol('route');
  type Patched = Tracked & { [ownRoute]?: Route };
  Object.defineProperty(proto, 'route', {
    configurable: true,
    enumerable: true,
    get(this: Patched) {
      return this[ownRoute];
    },
    set(this: Patched, value: Route) {
      this[ownRoute] = value;
      if (typeof value?.path !== 'string') return;
      const base = this.baseUrl.toLowerCase();
      this[matchedPattern] = base && value.path === '/' ? base : `${base}${value.path}`;
    },
  });
}
