/** The list grid a list page's skeleton marks (build/page-shells.ts), for app/first-paint. */
export const SHELL_LIST = 'data-shell-list';
/** Room for Explore's chips, likewise. */
export const SHELL_CHIPS = 'data-shell-chips';
/** The story page's skeleton, likewise. */
export const SHELL_STORY = 'data-shell-story';
/** On #root once the first screen is drawn: the app then renders it from its cache at once. */
export const DRAWN = 'data-drawn';
