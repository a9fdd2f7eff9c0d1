import type { Story } from '@lede/shared';
import { CLIENT_MESSAGES } from '@lede/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { storyRequest } from './story-request';

export type { Story };

/** The query options of one story: for hooks, prefetching and tests. */
export const storyQueries = {
  keys: {
    all: queryKeys.stories,
    byId: (id: string) => [...queryKeys.stories, 'byId', id] as const,
  },
  /** One story: its articles newest first, its sources in the order they first reported it. */
  byId: (id: string) =>
    queryOptions({
      queryKey: storyQueries.keys.byId(id),
      queryFn: ({ signal }) => {
        const { route, query } = storyRequest(id);
        return api(route, { query, signal, fallback: CLIENT_MESSAGES.data.unexpected }).then(
          (r) => r.story,
        );
      },
    }),
};

export function useStory(id: string | undefined) {
  return useQuery({ ...storyQueries.byId(id ?? ''), enabled: !!id });
}

/** The API knows no such story (404), or the id is not one at all (400). */
export function isStoryNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
