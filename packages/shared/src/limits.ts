/**
 * Limits the client enforces before the API does, in a module of their own: the shell (the nav
 * bar's search box) reads them without pulling the messages into the first load.
 */

/** The longest search text (or category keyword) the API takes; the search box stops there. */
export const SEARCH_MAX_LENGTH = 200;
