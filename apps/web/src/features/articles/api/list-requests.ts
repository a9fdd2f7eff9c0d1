import { apiRequest } from '@/lib/api-path';

/**
 * The page calls of the public lists (a page after the first with its cursor). Their own small
 * module: the boot script asks for a list's first page early (app/first-requests) with exactly
 * the call its query factory makes, and bundles nothing else of the feature.
 */
export const articleListRequests = {
  latest: (cursor?: string) =>
    apiRequest('GET /api/articles/getlatestarticles', cursor ? { cursor } : {}),
  trending: (cursor?: string) =>
    apiRequest('GET /api/articles/getlatesttrendingarticles', cursor ? { cursor } : {}),
  /** A category id or label, or free text (ranked full-text search). */
  keyword: (keyword: string, cursor?: string) =>
    apiRequest('GET /api/articles/getarticlebykeyword', cursor ? { keyword, cursor } : { keyword }),
};
