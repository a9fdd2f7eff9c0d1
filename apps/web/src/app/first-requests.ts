import { articleListRequests } from '@/features/articles/api/list-requests';
import { ALL_CHIP, TRENDING_CHIP, exploreChip } from '@/features/articles/explore-chips';
import { feedPageRequest } from '@/features/feed/api/feed-request';
import { savedPageRequest } from '@/features/reader-actions/api/saved-page-request';
import { storyRequest } from '@/features/stories/api/story-request';
import { requestPath } from '@/lib/api-path';
import { PAGE_PATHS } from '@lede/shared/constants';

/** The story id of a story page's path (`/story/:id`), as the router's params give it. */
export function storyId(pathname: string): string | undefined {
  const prefix = PAGE_PATHS.story.slice(0, PAGE_PATHS.story.indexOf(':'));
  const id = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : '';
  if (!id || id.includes('/')) return undefined;
  try {
    return decodeURIComponent(id);
  } catch {
    return undefined;
  }
}

/**
 * The API calls the first screen makes as it renders: the first page of its list, or the story
 * it shows, from the same requests its query factory makes (see lib/early-requests): the
 * screen's data is then on its way while the page's code loads. A reader's own state (liked,
 * disliked and saved ids, the streak) is not among them: on these screens it is asked for once
 * the list or story has painted (lib/reader-state-hold), elsewhere as the screen renders.
 */
export function firstRequests(pathname: string, search: string, signedIn: boolean): string[] {
  const params = new URLSearchParams(search);
  const story = storyId(pathname);
  if (story) return [requestPath(storyRequest(story))];
  switch (pathname) {
    case PAGE_PATHS.explore: {
      const chip = exploreChip(params.get('category'));
      if (chip === ALL_CHIP) return [requestPath(articleListRequests.latest())];
      if (chip === TRENDING_CHIP) return [requestPath(articleListRequests.trending())];
      return [requestPath(articleListRequests.keyword(chip))];
    }
    case PAGE_PATHS.search: {
      const q = (params.get('q') ?? '').trim();
      return q ? [requestPath(articleListRequests.keyword(q))] : [];
    }
    case PAGE_PATHS.home:
      return signedIn ? [requestPath(feedPageRequest())] : [];
    case PAGE_PATHS.saved:
      return signedIn ? [requestPath(savedPageRequest())] : [];
    default:
      return [];
  }
}
