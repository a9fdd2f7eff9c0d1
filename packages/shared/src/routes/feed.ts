import { defineRoutes } from './define.js';
import {
  feedProfileResponse,
  feedQuery,
  feedResponse,
  fewerLikeThisBody,
  fewerLikeThisResponse,
  forgetTopicBody,
  markAsReadBody,
  markAsReadResponse,
  readerControlChangeResponse,
  readerControlsResponse,
  refreshFeedResponse,
  sourceControlBody,
  steerResponse,
  steerBody,
  steeringPreviewResponse,
  steeringPreviewBody,
  undoFewerBody,
  unmuteTopicBody,
} from '../schemas/feed.js';

/** The signed-in reader's feed and its controls. */
export const FEED_ROUTES = defineRoutes({
  'GET /api/recommendations/get': {
    access: 'signedIn',
    summary: 'The feed, a page at a time, each article with why it was picked.',
    notes:
      'An empty list under 3 interests; a stale or thin feed is refreshed first. With `cursor` ' +
      "(a page's `nextCursor`), the next page: built from more articles when the stored feed " +
      'is worked through; `nextCursor` is null when nothing more is left. A cursor of a feed ' +
      'rebuilt since answers the new feed from its top.',
    query: feedQuery,
    responses: { 200: feedResponse },
    errors: ['INVALID_CURSOR'],
  },
  'POST /api/recommendations/refresh': {
    access: 'signedIn',
    summary: 'The feed, recomputed; 403 with `needsPreferences: true` under 3 interests.',
    responses: { 200: refreshFeedResponse },
    errors: ['NEEDS_PREFERENCES', 'TOO_MANY_WRITES'],
  },
  'POST /api/recommendations/markasread': {
    access: 'signedIn',
    summary: 'Marks a recommendation read; the reading counts for the streak.',
    body: markAsReadBody,
    responses: { 200: markAsReadResponse },
    errors: ['ARTICLE_NOT_FOUND', 'TOO_MANY_WRITES'],
  },
  'GET /api/recommendations/controls': {
    access: 'signedIn',
    summary: "The reader's hidden sources, muted topics and learned topics.",
    responses: { 200: readerControlsResponse },
  },
  'POST /api/recommendations/fewerlikethis': {
    access: 'signedIn',
    summary: 'Never shows the article again and turns its subject down.',
    notes:
      "The subject is made of the article's names and phrases, and only of words rare in the corpus; never one common word. The answer's `undo`, posted to `undofewer`, restores the state before.",
    body: fewerLikeThisBody,
    responses: { 200: fewerLikeThisResponse },
    errors: ['ARTICLE_NOT_FOUND', 'TOO_MANY_WRITES'],
  },
  'POST /api/recommendations/undofewer': {
    access: 'signedIn',
    summary: 'Undoes a "Fewer like this": the article back in the feed, the subject as it was.',
    notes:
      "Takes the `undo` of the reader's own `fewerlikethis`; 404 NOTHING_TO_UNDO when the reader did not ask fewer of the article. A subject steered again since keeps its new state.",
    body: undoFewerBody,
    responses: { 200: readerControlChangeResponse },
    errors: ['NOTHING_TO_UNDO', 'TOO_MANY_WRITES'],
  },
  'POST /api/recommendations/hidesource': {
    access: 'signedIn',
    summary: 'Hides a source from the feed.',
    notes:
      'Refused (409 LAST_SOURCE) when the other sources hold less than a page of stories: ' +
      'one click never leaves the feed empty.',
    body: sourceControlBody,
    responses: { 200: readerControlChangeResponse },
    errors: ['LAST_SOURCE', 'TOO_MANY_WRITES'],
  },
  'POST /api/recommendations/unhidesource': {
    access: 'signedIn',
    summary: 'Shows a hidden source again.',
    body: sourceControlBody,
    responses: { 200: readerControlChangeResponse },
    errors: ['TOO_MANY_WRITES'],
  },
  'POST /api/recommendations/unmutetopic': {
    access: 'signedIn',
    summary: 'Unmutes a topic (a category or a keyword).',
    body: unmuteTopicBody,
    responses: { 200: readerControlChangeResponse },
    errors: ['TOO_MANY_WRITES'],
  },
  'POST /api/recommendations/forgettopic': {
    access: 'signedIn',
    summary: 'Forgets what the feed learned about a category.',
    body: forgetTopicBody,
    responses: { 200: readerControlChangeResponse },
    errors: ['TOO_MANY_WRITES'],
  },
  'GET /api/recommendations/profile': {
    access: 'signedIn',
    summary:
      'What the feed has learned: subjects and categories, their weight, source and steering.',
    notes:
      'Subjects are story clusters of what the reader liked, saved, shared or read (labelled by their words and names, with the articles they came from); categories are the declared interests, learned topics and disliked ones. `steering` is `up`, `down`, `off` or `none`.',
    responses: { 200: feedProfileResponse },
  },
  'POST /api/recommendations/steer': {
    access: 'signedIn',
    summary: 'Turns subjects or categories up, down, off, or back to `none` (idempotent).',
    notes:
      'The changes apply together and from the next refresh: `up` raises a share of the page, `down` lowers it, `off` removes it. The answer holds the new profile and `undo`: the changes that restore the states before, to post back to this route.',
    body: steerBody,
    responses: { 200: steerResponse },
    errors: ['TOO_MANY_WRITES'],
  },
  'POST /api/recommendations/preview': {
    access: 'signedIn',
    summary: 'The next top 10 as they would be with the given steering changes; saves nothing.',
    notes:
      'Ranks the next refresh as if the changes were applied (`changes: []` for the next refresh as it stands); the feed, its read and shown state and the steering stay as they are. 403 with `needsPreferences: true` under 3 interests.',
    body: steeringPreviewBody,
    responses: { 200: steeringPreviewResponse },
    errors: ['NEEDS_PREFERENCES', 'TOO_MANY_WRITES'],
  },
});
