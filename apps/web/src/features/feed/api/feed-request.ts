import { apiRequest } from '@/lib/api-path';

/**
 * The call of one page of the reader's feed (after the first, with its cursor). Its own small
 * module: the boot script asks for the first page early (app/first-requests) with exactly the
 * call feedQueries makes, and bundles nothing else of the feature.
 */
export const feedPageRequest = (cursor?: string) =>
  apiRequest('GET /api/recommendations/get', cursor ? { cursor } : {});
