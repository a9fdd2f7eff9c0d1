/** The grid's columns by width (article-list.tsx: sm 2, lg 3, xl 4), as media queries. */
const COLUMNS: [query: string, columns: number][] = [
  ['(min-width: 1280px)', 4],
  ['(min-width: 1024px)', 3],
  ['(min-width: 640px)', 2],
];

/**
 * Cards rendered with a list's first paint: two rows of the grid, what a screen shows (on a
 * phone, one card and the top of the next). Fewer, and the next ones added a moment later would
 * push what is below the list (its "Load more") down on screen, and a larger card could become the
 * page's largest paint after the first. A list shown at once (already cached, or changed) paints
 * them in one task that cannot yield; the rest follow a slice at a time, as transitions. The
 * cards a first load draws before React has loaded (app/first-paint.ts) are these too.
 */
export const firstPaintCards = (): number =>
  2 * (COLUMNS.find(([query]) => window.matchMedia?.(query).matches)?.[1] ?? 1);
