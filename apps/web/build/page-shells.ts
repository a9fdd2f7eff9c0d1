/**
 * What a list or story page shows before any of its code has run: the navigation bar's logo, the
 * page's heading where it is fixed text, and the skeleton the screen shows while its data loads,
 * as static markup in `pages/<name>.html` (build/route-pages.ts). The browser paints it as soon
 * as the style sheet is in, instead of a blank page until the entry, the screen's chunks and its
 * data have all arrived; React replaces it with the screen itself in its first render.
 *
 * The same classes as the components it stands for (app/layout.tsx, app/nav-bar.tsx,
 * components/logo.tsx, ArticleCardSkeleton, StorySkeleton), so nothing moves when React takes
 * over. Hidden from assistive technology and inert: a page of placeholders, for a moment.
 */

import { SHELL_CHIPS, SHELL_LIST, SHELL_STORY } from '../src/app/first-paint-marker';

/** The logo in the theme's colours (the boot script sets the theme before this paints). */
const LOGO = `<span class="inline-flex items-center gap-2 text-lg font-extrabold tracking-tight"><svg width="28" height="28" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" class="fill-fg" /><path d="M10 7h4v14h9v4H10z" class="fill-bg" /></svg><span>Lede</span></span>`;

const NAV = `<header class="fixed inset-x-0 top-0 z-40 border-b border-line bg-bg/95 backdrop-blur"><nav class="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4"><span class="shrink-0 rounded-lg">${LOGO}</span></nav></header>`;

const bar = (size: string) => `<div class="${size} animate-pulse rounded bg-surface"></div>`;
const bars = (sizes: string[]) => sizes.map(bar).join('');

/** ArticleCardSkeleton (features/articles/components/article-card.tsx). */
const CARD =
  '<div class="card flex flex-col overflow-hidden"><div class="h-1.5 bg-surface"></div>' +
  '<div class="flex flex-col gap-3 p-4">' +
  bars(['h-5 w-1/3', 'h-5 w-11/12', 'h-5 w-3/4', 'h-3 w-full', 'h-3 w-5/6', 'h-3 w-2/3']) +
  '<div class="mt-3 flex items-center gap-2.5">' +
  '<div class="size-8 animate-pulse rounded-lg bg-surface"></div>' +
  bar('h-3 w-1/2') +
  '</div></div></div>';

/**
 * ArticleList's grid of skeletons (features/articles/components/article-list.tsx), marked for the
 * first cards drawn in its place once the list's data is in (app/first-paint.ts).
 */
const cards = (count: number) =>
  `<div class="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" ${SHELL_LIST}>${CARD.repeat(count)}</div>`;

/** A screen's heading (text-3xl, as the list screens' <h1>). */
const heading = (text: string) => `<p class="text-3xl font-extrabold tracking-tight">${text}</p>`;

/** Room for what the screen shows above its list: a page's own "Back", Explore's chips. */
const space = (height: string) => `<div class="${height}"></div>`;

/**
 * StorySkeleton (features/stories/components/story-skeleton.tsx), marked for the story's top drawn
 * in place of its header once the story is in (app/first-paint.ts).
 */
const STORY =
  `<div class="flex flex-col gap-6" ${SHELL_STORY}><div class="flex flex-col gap-3">` +
  bars(['h-3 w-24', 'h-8 w-11/12', 'h-8 w-2/3', 'h-4 w-48']) +
  '</div><div class="flex flex-col gap-5 border-l-2 border-line pl-5">' +
  `<div class="flex flex-col gap-2">${bars(['h-3 w-40', 'h-5 w-5/6'])}</div>`.repeat(4) +
  '</div></div>';

/** Each page's screen while it loads (the skeleton counts are the screens' own). */
const SCREENS: Record<string, string> = {
  explore: heading('Explore') + `<div class="h-9" ${SHELL_CHIPS}></div>` + cards(8),
  search: space('h-10') + `<div>${bar('h-9 w-2/3')}<p class="mt-1">&nbsp;</p></div>` + cards(8),
  saved: heading('Saved articles') + cards(4),
  home: bar('h-10 w-56') + cards(6),
  story: STORY,
};

/** The markup `pages/<name>.html` starts with inside #root, or undefined (an empty root). */
export function pageShell(name: string): string | undefined {
  const screen = SCREENS[name];
  if (!screen) return undefined;
  return `<div class="flex min-h-screen flex-col" aria-hidden="true" inert>${NAV}<main class="mx-auto min-h-svh w-full max-w-6xl flex-1 px-4 pt-24 pb-12"><div class="flex flex-col gap-6">${screen}</div></main></div>`;
}
