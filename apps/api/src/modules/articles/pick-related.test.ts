import { describe, expect, it } from 'vitest';
import {
  pickRelated,
  relatedness,
  SAME_EVENT_SCORE,
  SAME_EVENT_WINDOW_MS,
  sameEvent,
  type RelatedArticle,
} from './related.js';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse('2022-09-19T12:00:00Z');

function report(
  id: string,
  storyId: string,
  days: number,
  terms: Array<[string, number]>,
): RelatedArticle & { id: string } {
  return {
    id,
    titleKey: id,
    storyId,
    terms: terms.map(([t]) => t),
    termWeights: terms.map(([, w]) => w),
    categories: ['environment'],
    pubDate: new Date(T0 + days * DAY),
  };
}

// Two reports of Fiona's landfall the clusterer put in two stories, a report of that split story
// past the window, and a related other event: Puerto Rico's grid a month on.
const landfall = report('landfall', 'story-a', 0, [
  ['hurricane fiona', 9],
  ['puerto rico', 7],
  ['landfall', 5],
  ['power', 3],
]);
const blackout = report('blackout', 'story-b', 1, [
  ['hurricane fiona', 8],
  ['puerto rico', 7],
  ['blackout', 6],
  ['power', 3],
]);
const blackoutLater = report('blackout-later', 'story-b', 4, [
  ['power', 6],
  ['puerto rico', 4],
  ['generators', 5],
  ['hospitals', 5],
]);
const gridMonthOn = report('grid', 'story-c', 30, [
  ['puerto rico', 8],
  ['power grid', 7],
  ['power', 4],
  ['luma energy', 6],
]);
const candidates = [landfall, blackout, blackoutLater, gridMonthOn];
const ids = (article: RelatedArticle, options?: { sameEventScore?: number }) =>
  pickRelated(article, candidates, 6, options).map((m) => m.article.id);

describe('pickRelated: "More like this" leaves out the own event', () => {
  it('two reports of one event in different stories are not each other\'s "More like this"', () => {
    // Evidently one event: within a story's window, with an overlap at the same-event level.
    expect(Math.abs(blackout.pubDate!.getTime() - landfall.pubDate!.getTime())).toBeLessThan(
      SAME_EVENT_WINDOW_MS,
    );
    expect(relatedness(landfall, blackout)!.score).toBeGreaterThanOrEqual(SAME_EVENT_SCORE);
    expect(sameEvent(landfall, blackout)).toBe(true);
    expect(sameEvent(blackout, landfall)).toBe(true);
    expect(ids(landfall)).not.toContain('blackout');
    expect(ids(blackout)).not.toContain('landfall');
    // The rest of the story holding such a report is of the same event too, even past the window.
    expect(blackoutLater.pubDate!.getTime() - landfall.pubDate!.getTime()).toBeGreaterThan(
      SAME_EVENT_WINDOW_MS,
    );
    expect(relatedness(landfall, blackoutLater)).toBeDefined();
    expect(ids(landfall)).not.toContain('blackout-later');
    // Without the rule, the clusterer's split would show them.
    expect(ids(landfall, { sameEventScore: Number.POSITIVE_INFINITY })).toContain('blackout');
  });

  it('a related other event still is', () => {
    expect(relatedness(landfall, gridMonthOn)).toBeDefined();
    expect(sameEvent(landfall, gridMonthOn)).toBe(false);
    expect(ids(landfall)).toEqual(['grid']);
    expect(ids(blackout)).toEqual(['grid']);
    expect(ids(gridMonthOn)).toContain('landfall');
  });
});
