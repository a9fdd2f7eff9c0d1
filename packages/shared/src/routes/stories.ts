import { defineRoutes } from './define.js';
import { storyByIdQuery, storyResponse } from '../schemas/stories.js';

/** Stories: one event across sources. */
export const STORY_ROUTES = defineRoutes({
  'GET /api/stories/getstorybyid': {
    access: 'optional',
    summary: 'One story: its articles newest first, and its sources with when each first reported.',
    notes:
      'The title is the headline of its most representative report (`title_article_id`). Each ' +
      'article says why it joined (`joined`: the rule, the similarity, the shared terms and the ' +
      'same as the headlines write them) and whether its source gave a time of day. ' +
      'A story merged into another answers the story it is now part of.',
    query: storyByIdQuery,
    responses: { 200: storyResponse },
    errors: ['STORY_NOT_FOUND'],
  },
});
