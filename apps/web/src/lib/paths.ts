import { PAGE_PATHS } from '@lede/shared/constants';

/** The query parameter of a story's address that names the report the reader came from. */
export const STORY_REPORT_PARAM = 'report';

const withParam = (path: string, name: string, value: string | undefined) =>
  value ? `${path}?${name}=${encodeURIComponent(value)}` : path;

const withId = (pattern: string, id: string) => pattern.replace(':id', encodeURIComponent(id));

/** Every address of the app's pages (PAGE_PATHS, which the router mounts), as links take them. */
export const paths = {
  landing: () => PAGE_PATHS.landing,
  /** With `category`, the chip chosen (the query parameter exploreChip reads). */
  explore: (category?: string) => withParam(PAGE_PATHS.explore, 'category', category),
  search: (q?: string) => withParam(PAGE_PATHS.search, 'q', q),
  article: (id: string) => withId(PAGE_PATHS.article, id),
  /**
   * A story's page; `report`, the article a card or page showed for it, which the story page
   * marks (a list shows a story by one of its reports, not always the one that titles it).
   */
  story: (id: string, { report }: { report?: string } = {}) =>
    withParam(withId(PAGE_PATHS.story, id), STORY_REPORT_PARAM, report),
  login: () => PAGE_PATHS.login,
  signup: () => PAGE_PATHS.signup,
  forgotPassword: () => PAGE_PATHS.forgotPassword,
  home: () => PAGE_PATHS.home,
  profile: () => PAGE_PATHS.profile,
  saved: () => PAGE_PATHS.saved,
  preferences: () => PAGE_PATHS.preferences,
};
