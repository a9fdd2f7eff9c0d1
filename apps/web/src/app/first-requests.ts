import { ALL_CHIP, TRENDING_CHIP, exploreChip } from '@/features/articles/explore-chips';
import { SAVED_PAGE_SIZE } from '@/features/saved/saved-page';
import { apiPath } from '@/lib/api-path';

const keywordUrl = (keyword: string) =>
  apiPath('GET /api/articles/getarticlebykeyword', { keyword });

/**
 * The API calls the first screen makes as it renders, exactly as its queries make them (see
 * lib/early-requests): a list page's data is then on its way while the page's code loads. A
 * reader's own state (liked, disliked and saved ids, the streak) is not among them: on a list
 * page it is asked for once the list has painted (lib/reader-state-hold), elsewhere as the
 * screen renders.
 */
export function firstRequests(pathname: string, search: string, signedIn: boolean): string[] {
  const params = new URLSearchParams(search);
  switch (pathname) {
    case '/explore': {
      const chip = exploreChip(params.get('category'));
      if (chip === ALL_CHIP) return [apiPath('GET /api/articles/getlatestarticles')];
      if (chip === TRENDING_CHIP) return [apiPath('GET /api/articles/getlatesttrendingarticles')];
      return [keywordUrl(chip)];
    }
    case '/search': {
      const q = (params.get('q') ?? '').trim();
      return q ? [keywordUrl(q)] : [];
    }
    case '/home':
      return signedIn ? [apiPath('GET /api/recommendations/get')] : [];
    case '/saved':
      return signedIn
        ? [apiPath('GET /api/articles/getsavedarticles', { limit: SAVED_PAGE_SIZE })]
        : [];
    default:
      return [];
  }
}
