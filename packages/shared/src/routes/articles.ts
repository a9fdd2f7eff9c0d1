import { defineRoutes } from './define.js';
import {
  articleByIdQuery,
  articleByKeywordQuery,
  articleResponse,
  articlesListResponse,
  relatedArticlesQuery,
  relatedArticlesResponse,
  storyListQuery,
} from '../schemas/articles.js';

/** Public browsing and search (answers carry `AccessToken` when the caller is signed in). */
export const ARTICLE_ROUTES = defineRoutes({
  'GET /api/articles/getlatestarticles': {
    access: 'optional',
    summary: 'The newest articles, a page at a time.',
    notes: 'One card per story, its newest article; `collapse=false` lists every article.',
    query: storyListQuery,
    responses: { 200: articlesListResponse },
    errors: ['INVALID_CURSOR'],
  },
  'GET /api/articles/getlatesttrendingarticles': {
    access: 'optional',
    summary: 'Trending articles: engagement plus story momentum, decayed with age.',
    notes: 'One card per story, its best ranked article; `collapse=false` lists every article.',
    query: storyListQuery,
    responses: { 200: articlesListResponse },
    errors: ['INVALID_CURSOR'],
  },
  'GET /api/articles/getarticlebyid': {
    access: 'optional',
    summary: 'One article.',
    query: articleByIdQuery,
    responses: { 200: articleResponse },
    errors: ['ARTICLE_NOT_FOUND'],
  },
  'GET /api/articles/getrelatedarticles': {
    access: 'optional',
    summary: 'More like this: other stories sharing salient names and phrases with one article.',
    notes:
      'Other stories of the same primary category sharing at least two salient terms, ranked by ' +
      'the overlap of their term weights (at least 0.25), one report per story; its own story, ' +
      'copies of its headline and reports of its own event (as close within 3 days) are left ' +
      'out. Fewer or none rather than filler.',
    query: relatedArticlesQuery,
    responses: { 200: relatedArticlesResponse },
    errors: ['ARTICLE_NOT_FOUND'],
  },
  'GET /api/articles/getarticlebykeyword': {
    access: 'optional',
    summary: 'A category (id or label), newest first; anything else: ranked full-text search.',
    notes:
      'Search runs over title, keywords and description, the last word as a prefix. One card ' +
      'per story, its best match (a category: its newest); `collapse=false` lists every article.',
    query: articleByKeywordQuery,
    responses: { 200: articlesListResponse },
    errors: ['INVALID_CURSOR'],
  },
});
