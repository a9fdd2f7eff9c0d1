import { apiRequest } from '@/lib/api-path';

/** Saved articles asked for per page. */
export const SAVED_PAGE_SIZE = 30;

/**
 * The call of one page of saved articles (after the first, with its cursor). Its own small
 * module: the boot script asks for the first page early (app/first-requests) with exactly the
 * call readerActionsQueries makes, and bundles nothing else of the feature.
 */
export const savedPageRequest = (cursor?: string) =>
  apiRequest('GET /api/articles/getsavedarticles', { limit: SAVED_PAGE_SIZE, cursor });
