/**
 * Cards rendered with a list's first paint: a row of a wide grid, or what a phone's screen shows
 * (one card and the top of the next). A list shown at once (already cached, or changed) paints
 * them in one task that cannot yield; the rest follow a slice at a time, as transitions. The
 * cards a first load draws before React has loaded (app/first-paint.ts) are these too.
 */
export const firstPaintCards = (): number =>
  window.matchMedia?.('(min-width: 640px)').matches ? 4 : 2;
