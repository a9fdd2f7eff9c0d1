/*
 * The query keys more than one feature uses. Each feature defines its keys with its query
 * factories (`articleQueries.keys`, `feedQueries.keys`, ...); a feature never imports another,
 * so what a second one reads or writes is named here, and the factories key their queries with
 * it: the roots (whatever caches an article, whatever ends with the session) and the reader's
 * data that several features change.
 */

/** The signed-in reader's own data: whatever ends the session drops everything under it. */
export const READER_DATA_KEY = ['reader'] as const;

export const queryKeys = {
  /** The public lists and article pages (features/articles). */
  articles: ['articles'] as const,
  /** Stories and their coverage (features/stories). */
  stories: ['stories'] as const,
  reader: READER_DATA_KEY,
  /** The reading streak: a view (reader-actions) and a read mark (feed) answer it. */
  streak: () => [...READER_DATA_KEY, 'streak'] as const,
  /** The profile's activity (features/profile): every reader action changes it. */
  activity: () => [...READER_DATA_KEY, 'activity'] as const,
  /** The feed's pages (features/feed): new interests or a reset rebuild it. */
  feed: () => [...READER_DATA_KEY, 'recommendations'] as const,
};
