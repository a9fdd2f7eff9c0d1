import { apiRequest } from '@/lib/api-path';

/**
 * The call of one story. Its own small module: the boot script asks for it early when a story's
 * page is the first screen (app/first-requests) with exactly the call storyQueries makes, and
 * bundles nothing else of the feature.
 */
export const storyRequest = (id: string) =>
  apiRequest('GET /api/stories/getstorybyid', { story_id: id });
