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
import {
  articleActionBody,
  dislikedIdsResponse,
  likedIdsResponse,
  reactionResponse,
  recentActivityQuery,
  recentActivityResponse,
  savedArticlesQuery,
  savedArticlesResponse,
  savedIdsResponse,
  saveResponse,
  shareResponse,
  streakResponse,
} from '../schemas/reader.js';

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

/** The reader's own lists, reactions and reading. */
export const READER_ROUTES = defineRoutes({
  'GET /api/articles/getlikedarticleids': {
    access: 'signedIn',
    summary: 'Ids of the articles the reader liked.',
    responses: { 200: likedIdsResponse },
  },
  'GET /api/articles/getdislikedarticleids': {
    access: 'signedIn',
    summary: 'Ids of the articles the reader disliked.',
    responses: { 200: dislikedIdsResponse },
  },
  'GET /api/articles/getsavedarticleids': {
    access: 'signedIn',
    summary: 'Ids of the articles the reader saved.',
    responses: { 200: savedIdsResponse },
  },
  'GET /api/articles/getsavedarticles': {
    access: 'signedIn',
    summary: 'The saved articles, newest saved first, a page at a time.',
    notes: "Without `limit`, up to 200 at once; `cursor` is a page's `nextCursor`.",
    query: savedArticlesQuery,
    responses: { 200: savedArticlesResponse },
    errors: ['INVALID_CURSOR'],
  },
  'POST /api/articles/markviewed': {
    access: 'signedIn',
    summary: 'Records that the reader opened the article; answers the reading streak.',
    body: articleActionBody,
    responses: { 200: streakResponse },
    errors: ['ARTICLE_NOT_FOUND', 'TOO_MANY_WRITES'],
  },
  'POST /api/userinteractions/like': {
    access: 'signedIn',
    summary: 'Toggles a like; liking removes a dislike.',
    body: articleActionBody,
    responses: { 200: reactionResponse },
    errors: ['ARTICLE_NOT_FOUND', 'TOO_MANY_WRITES'],
  },
  'POST /api/userinteractions/dislike': {
    access: 'signedIn',
    summary: 'Toggles a dislike; disliking removes a like.',
    body: articleActionBody,
    responses: { 200: reactionResponse },
    errors: ['ARTICLE_NOT_FOUND', 'TOO_MANY_WRITES'],
  },
  'POST /api/userinteractions/save': {
    access: 'signedIn',
    summary: 'Toggles a save.',
    body: articleActionBody,
    responses: { 200: saveResponse },
    errors: ['ARTICLE_NOT_FOUND', 'TOO_MANY_WRITES'],
  },
  'POST /api/userinteractions/share': {
    access: 'signedIn',
    summary: "Records a share; the article's `shares` counts each reader once.",
    body: articleActionBody,
    responses: { 200: shareResponse },
    errors: ['ARTICLE_NOT_FOUND', 'TOO_MANY_WRITES'],
  },
  'GET /api/userinteractions/recentactivity': {
    access: 'signedIn',
    summary: "The reader's likes, dislikes, saves and shares, newest first.",
    query: recentActivityQuery,
    responses: { 200: recentActivityResponse },
  },
});
