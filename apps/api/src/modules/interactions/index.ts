/** The interactions module's public surface: what other features and the composition root use. */
export { interactionsRepository } from './interactions.repository.js';
export { interactionsRoutes } from './interactions.router.js';
export { createInteractionsService, type InteractionsService } from './interactions.service.js';
