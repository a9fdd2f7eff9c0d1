/** The auth module's public surface: what other features and the composition root use. */
export { challengesRepository } from './auth.repository.js';
export { authRoutes } from './auth.router.js';
export { createAuthService, type AuthService } from './auth.service.js';
export { createCodeLimits, type CodeLimits } from './code-limits.js';
export {
  attachAccessToken,
  createSessionMiddleware,
  currentSession,
  currentUser,
  keptBearerToken,
  mayCarrySession,
  setSession,
} from './session.js';
export { createSessionUsers } from './session-users.js';
export type { SessionRow } from './sessions.repository.js';
export { createTokenService, REFRESH_COOKIE } from './tokens.service.js';
