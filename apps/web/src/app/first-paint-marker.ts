/** The attribute of the list grid a page's skeleton marks (build/page-shells.ts, app/first-paint). */
export const SHELL_LIST = 'data-shell-list';
/** On #root once the first cards are drawn: the app then renders them from its cache at once. */
export const DRAWN = 'data-drawn';
