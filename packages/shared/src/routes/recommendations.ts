import { markAsReadBody } from '../schemas/articles.js';
import {
  fewerLikeThisBody,
  forgetTopicBody,
  sourceControlBody,
  unmuteTopicBody,
} from '../schemas/recommendations.js';
import {
  feedResponse,
  markAsReadResponse,
  readerControlChangeAnswer,
  readerControlsAnswer,
  refreshFeedResponse,
} from '../schemas/responses.js';
import { defineRoutes } from './define.js';

/** The signed-in reader's feed and its controls. */
export const RECOMMENDATION_ROUTES = defineRoutes({
  'GET /api/recommendations/get': {
    access: 'signedIn',
    summary: 'The feed, each article with why it was picked.',
    notes: 'An empty list under 3 interests; a stale or thin feed is refreshed first.',
    responses: { 200: feedResponse },
  },
  'POST /api/recommendations/refresh': {
    access: 'signedIn',
    summary: 'The feed, recomputed; 403 with `needsPreferences: true` under 3 interests.',
    responses: { 200: refreshFeedResponse },
    errors: ['NEEDS_PREFERENCES'],
  },
  'POST /api/recommendations/markasread': {
    access: 'signedIn',
    summary: 'Marks a recommendation read; the reading counts for the streak.',
    body: markAsReadBody,
    responses: { 200: markAsReadResponse },
    errors: ['ARTICLE_NOT_FOUND'],
  },
  'GET /api/recommendations/controls': {
    access: 'signedIn',
    summary: "The reader's hidden sources, muted topics and learned topics.",
    responses: { 200: readerControlsAnswer },
  },
  'POST /api/recommendations/fewerlikethis': {
    access: 'signedIn',
    summary: "Pushes the article's topics further back in the feed.",
    body: fewerLikeThisBody,
    responses: { 200: readerControlChangeAnswer },
    errors: ['ARTICLE_NOT_FOUND'],
  },
  'POST /api/recommendations/hidesource': {
    access: 'signedIn',
    summary: 'Hides a source from the feed.',
    body: sourceControlBody,
    responses: { 200: readerControlChangeAnswer },
  },
  'POST /api/recommendations/unhidesource': {
    access: 'signedIn',
    summary: 'Shows a hidden source again.',
    body: sourceControlBody,
    responses: { 200: readerControlChangeAnswer },
  },
  'POST /api/recommendations/unmutetopic': {
    access: 'signedIn',
    summary: 'Unmutes a topic (a category or a keyword).',
    body: unmuteTopicBody,
    responses: { 200: readerControlChangeAnswer },
  },
  'POST /api/recommendations/forgettopic': {
    access: 'signedIn',
    summary: 'Forgets what the feed learned about a category.',
    body: forgetTopicBody,
    responses: { 200: readerControlChangeAnswer },
  },
});
