/**
 * The web client's pages (spec section 2), by name. The client's router mounts exactly these;
 * the server answers 404 for any other address outside /api, /assets and /media.
 */
export const PAGE_PATHS = {
  landing: '/',
  explore: '/explore',
  search: '/search',
  article: '/article/:id',
  story: '/story/:id',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  home: '/home',
  profile: '/profile',
  saved: '/saved',
  preferences: '/preferences',
} as const;

export type PageName = keyof typeof PAGE_PATHS;

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

const PATTERNS = Object.values(PAGE_PATHS).map(segmentsOf);

/**
 * Whether a URL path (query string excluded) is one of the pages, as the client's router matches
 * it: letters in any case, a trailing slash allowed, a `:param` any one segment.
 */
export function isPagePath(path: string): boolean {
  const segments = segmentsOf(path.toLowerCase());
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(':') || part === segments[i]),
  );
}
