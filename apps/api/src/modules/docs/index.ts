/** The docs module's public surface: the OpenAPI document and the routes that serve it. */
export { docsRoutes } from './docs.router.js';
export { openApiDocument } from './openapi.js';
