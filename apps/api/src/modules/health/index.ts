/** The health module's public surface: the liveness and readiness routes. */
export { healthRoutes } from './health.router.js';
