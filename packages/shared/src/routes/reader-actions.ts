import { defineRoutes } from './define.js';
import {
  articleActionBody,
  dislikeBody,
  dislikedIdsResponse,
  likeBody,
  likedIdsResponse,
  reactionResponse,
  recentActivityQuery,
  recentActivityResponse,
  savedArticlesQuery,
  savedArticlesResponse,
  saveBody,
  savedIdsResponse,
  saveResponse,
  shareResponse,
  streakResponse,
} from '../schemas/reader-actions.js';

/** The reader's own lists, reactions and reading. */
export const READER_ACTION_ROUTES = defineRoutes({
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
    summary: 'Toggles a like, or sets it with `liked`; liking removes a dislike.',
    notes: 'With `liked`, sending it again changes nothing (no count, no activity).',
    body: likeBody,
    responses: { 200: reactionResponse },
    errors: ['ARTICLE_NOT_FOUND', 'TOO_MANY_WRITES'],
  },
  'POST /api/userinteractions/dislike': {
    access: 'signedIn',
    summary: 'Toggles a dislike, or sets it with `disliked`; disliking removes a like.',
    notes: 'With `disliked`, sending it again changes nothing (no count, no activity).',
    body: dislikeBody,
    responses: { 200: reactionResponse },
    errors: ['ARTICLE_NOT_FOUND', 'TOO_MANY_WRITES'],
  },
  'POST /api/userinteractions/save': {
    access: 'signedIn',
    summary: 'Toggles a save, or sets it with `saved`.',
    notes: 'With `saved`, sending it again changes nothing (no count, no activity).',
    body: saveBody,
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
