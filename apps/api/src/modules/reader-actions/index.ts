/** The reader-actions module's public surface: what other features and the composition root use. */
export { readerActionsRepository } from './reader-actions.repository.js';
export { readerActionsRoutes } from './reader-actions.router.js';
export { createReaderActionsService, type ReaderActionsService } from './reader-actions.service.js';
