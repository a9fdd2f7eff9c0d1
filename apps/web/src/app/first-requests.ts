import { ALL_CHIP, TRENDING_CHIP, exploreChip } from '@/features/articles/explore-chips';

const keywordUrl = (keyword: string) =>
  `/api/articles/getarticlebykeyword?${new URLSearchParams({ keyword })}`;

/** What every screen shows a reader: the streak in the nav bar, and the state of each card. */
const READER = [
  '/api/profile/getstreak',
  '/api/articles/getlikedarticleids',
  '/api/articles/getdislikedarticleids',
  '/api/articles/getsavedarticleids',
];

function screenRequests(pathname: string, params: URLSearchParams, signedIn: boolean): string[] {
  switch (pathname) {
    case '/explore': {
      const chip = exploreChip(params.get('category'));
      if (chip === ALL_CHIP) return ['/api/articles/getlatestarticles'];
      if (chip === TRENDING_CHIP) return ['/api/articles/getlatesttrendingarticles'];
      return [keywordUrl(chip)];
    }
    case '/search': {
      const q = (params.get('q') ?? '').trim();
      return q ? [keywordUrl(q)] : [];
    }
    case '/home':
      return signedIn ? ['/api/recommendations/get'] : [];
    case '/saved':
      return signedIn ? ['/api/articles/getsavedarticles'] : [];
    default:
      return [];
  }
}

/**
 * The API calls the first screen makes as it renders, exactly as its queries make them (see
 * lib/early-requests): a list page's data is then on its way while the page's code loads.
 */
export function firstRequests(pathname: string, search: string, signedIn: boolean): string[] {
  const screen = screenRequests(pathname, new URLSearchParams(search), signedIn);
  return signedIn && screen.length > 0 ? [...screen, ...READER] : screen;
}
