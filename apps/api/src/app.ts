import cookieParser from 'cookie-parser';
import cors from 'cors';
import express, { type Express } from 'express';
import type { AppDeps } from './deps.js';
import { jsonCompression } from './http/compression.js';
import { requestLogger } from './http/request-log.js';
import { requestId } from './http/request-id.js';
import { securityHeaders } from './http/security-headers.js';
import { serveStaticWeb } from './http/static-web.js';
import { apiNotFound, errorHandler } from './middleware/errors.js';
import { authRouter } from './modules/auth/auth.router.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createCodeLimits } from './modules/auth/rate-limit.js';
import { attachAccessToken, createSessionMiddleware } from './modules/auth/session.js';
import { toPublicUser } from './modules/users/users.serializer.js';
import { articlesRouter } from './modules/articles/articles.router.js';
import { createArticlesService } from './modules/articles/articles.service.js';
import { healthRouter } from './modules/health/health.router.js';
import { createMetrics } from './modules/metrics/metrics.js';
import { metricsRouter } from './modules/metrics/metrics.router.js';
import { requestMetrics } from './modules/metrics/request-metrics.js';
import {
  interactionsRouter,
  readerArticlesRouter,
} from './modules/interactions/interactions.router.js';
import { createInteractionsService } from './modules/interactions/interactions.service.js';
import { createMediaStorage } from './modules/profile/pictures/media-storage.js';
import { profileRouter } from './modules/profile/profile.router.js';
import { createProfileService } from './modules/profile/profile.service.js';
import { createReaderControlsService } from './modules/recommendations/reader-controls.js';
import { recommendationsRouter } from './modules/recommendations/recommendations.router.js';
import { createRecommendationsService } from './modules/recommendations/recommendations.service.js';

/** Builds the whole HTTP app from its dependencies; server.ts only listens. */
export function createApp(deps: AppDeps): Express {
  const { config, logger, pool } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  app.use(requestId());
  app.use(securityHeaders(config));
  app.use(requestLogger(logger));
  const metrics = deps.metrics ?? createMetrics(pool);
  app.use(requestMetrics(metrics));

  // Every service is built once, here, and handed to the routers that need it.
  const auth = createAuthService(deps);
  const articles = createArticlesService(deps);
  const interactions = createInteractionsService(deps);
  const profile = createProfileService(deps, createMediaStorage(config), interactions);
  const recommendations = createRecommendationsService(deps, { interactions });
  const readerControls = createReaderControlsService(deps);
  const { requireAuth: signedIn, optionalSession } = createSessionMiddleware(auth);
  const codeLimits = createCodeLimits(deps);

  const api = express.Router();
  api.use(cors({ origin: config.appOrigin, credentials: true }));
  api.use(jsonCompression());
  api.use(express.json({ limit: '100kb' }));
  api.use(cookieParser());
  api.use(attachAccessToken);
  api.use('/health', healthRouter(pool));
  api.use('/auth', authRouter(deps, auth, codeLimits));
  api.get('/auth/me', signedIn, (req, res) => {
    res.json({ user: toPublicUser(req.user!) });
  });
  api.use('/articles', readerArticlesRouter(interactions, signedIn));
  api.use('/articles', optionalSession, articlesRouter(deps, articles));
  api.use('/userinteractions', interactionsRouter(interactions, signedIn));
  api.use('/profile', profileRouter(profile, auth, signedIn, codeLimits));
  api.use('/recommendations', recommendationsRouter(recommendations, readerControls, signedIn));
  app.use(metricsRouter(metrics, config));
  app.use('/api', api);

  serveStaticWeb(app, config);

  app.use('/api', apiNotFound);
  app.use(errorHandler(logger));
  return app;
}
