/**
 * The Saved page's "(N articles)": N is the reader's saved ids (every save; each action keeps
 * them in step) once they cover the cards loaded; until then the cards loaded, "+" while more
 * can load (as the other lists count).
 */
export function savedCountText(savedIds: number, loaded: number, hasMore: boolean): string {
  const known = savedIds >= loaded && (savedIds > 0 || !hasMore);
  const n = known ? String(savedIds) : `${loaded}${hasMore ? '+' : ''}`;
  return `(${n} ${n === '1' ? 'article' : 'articles'})`;
}
