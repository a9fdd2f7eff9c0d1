import cookieParser from 'cookie-parser';
import cors from 'cors';
import express, { type Express } from 'express';
import type { AppDeps } from './deps.js';
import { jsonCompression } from './http/compression.js';
import { createFastLane } from './http/fast-lane.js';
import { privateAnswers } from './http/private-answers.js';
import { logAnswer, requestLogger } from './http/request-log.js';
import { requestId } from './http/request-id.js';
import { isHttpsOrigin, securityHeaders } from './http/security-headers.js';
import { serveStaticWeb } from './http/static-web.js';
import { apiNotFound, errorHandler } from './middleware/errors.js';
import { API_BASE, routeRegistrar } from './http/route.js';
import { createWriteLimits, writesPerIp } from './http/write-limits.js';
import { authRoutes } from './modules/auth/auth.router.js';
import { createCodeLimits } from './modules/auth/code-limits.js';
import {
  attachAccessToken,
  createSessionMiddleware,
  verifiedBearerReader,
  keptBearerToken,
  mayCarrySession,
} from './modules/auth/session.js';
import { articlesRoutes } from './modules/articles/articles.router.js';
import { storiesRoutes } from './modules/stories/index.js';
import { docsRoutes } from './modules/docs/index.js';
import { editionRoutes } from './modules/edition/index.js';
import { healthRoutes } from './modules/health/index.js';
import { ingestionRoutes } from './modules/ingestion/index.js';
import { createMetrics, metricsRoutes, requestMetrics } from './modules/metrics/index.js';
import { readerActionsRoutes } from './modules/reader-actions/reader-actions.router.js';
import { avatarsStatic, profileRoutes } from './modules/profile/index.js';
import { feedRoutes } from './modules/feed/index.js';
import { createServices, type Services } from './services.js';

/**
 * Builds the whole HTTP app from its dependencies and the instance's services (server.ts shares
 * them with its timed jobs; tests may leave them to be built here); server.ts only listens.
 */
export function createApp(deps: AppDeps, services: Services = createServices(deps)): Express {
  const { config, logger, pool } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  const metrics = deps.metrics ?? createMetrics(pool);
  const { auth, articles, stories, readerActions, profile, feed, editions } = services;
  const { readerControls, feedProfile } = services;
  // A GET of a remembered public answer is served here, before the stack below.
  const lane = createFastLane({
    mayCarrySession,
    keptAccessToken: keptBearerToken(auth),
    overHttps: (req) => isHttpsOrigin(req, config),
    observe: (labels, seconds) => metrics.observeRequest(labels, seconds),
    log: (req, status, startedAt) => logAnswer(logger, req, status, startedAt),
  });
  app.use(lane.handler);
  app.use(requestId());
  app.use(securityHeaders(config));
  app.use(requestLogger(logger));
  app.use(requestMetrics(metrics));

  const sessions = createSessionMiddleware(auth);
  const codeLimits = createCodeLimits(deps);
  const writeLimits = createWriteLimits(deps);

  // Every route of the table (packages/shared ROUTES) is registered on this one router.
  const api = express.Router();
  // First: an answer to a request with credentials is private, whatever answers it.
  api.use(privateAnswers(mayCarrySession));
  const routes = routeRegistrar(api, sessions);
  metricsRoutes(routes, metrics, config); // before CORS and the body parsers: a plain GET
  ingestionRoutes(routes, deps, metrics); // the operators' status, protected as the metrics
  api.use(cors({ origin: config.appOrigin, credentials: true }));
  api.use(jsonCompression());
  api.use(express.json({ limit: '100kb' }));
  api.use(cookieParser());
  api.use(attachAccessToken);
  api.use(writeLimits.refuseForeseen((req) => verifiedBearerReader(auth, req)));
  healthRoutes(routes, pool, lane);
  authRoutes(routes, deps, auth, codeLimits);
  readerActionsRoutes(routes, readerActions, writeLimits);
  articlesRoutes(routes, deps, articles, lane);
  storiesRoutes(routes, deps, stories, lane);
  routes.use('/api/profile', writesPerIp(deps));
  profileRoutes(routes, profile, auth, codeLimits, writeLimits);
  editionRoutes(routes, editions, writeLimits, `${config.appOrigin}/profile`);
  docsRoutes(routes, deps, lane);
  feedRoutes(routes, deps, feed, readerControls, feedProfile, writeLimits);
  app.use(API_BASE, api);

  serveStaticWeb(app, config, [avatarsStatic(config)]);

  app.use('/api', apiNotFound);
  app.use(errorHandler(logger));
  return app;
}
