/**
 * Saved articles asked for per page. Its own small module: the boot script asks for the first
 * page early (app/first-requests) with exactly this query, and bundles nothing else of the
 * feature.
 */
export const SAVED_PAGE_SIZE = 30;
