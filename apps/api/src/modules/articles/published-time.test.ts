import { describe, expect, it } from 'vitest';
import { dateTextHasTime } from './published-time.js';

describe('dateTextHasTime', () => {
  it('finds the time of day an RSS, Atom, ISO or NewsData date gives', () => {
    for (const text of [
      'Tue, 03 Mar 2026 08:00:00 GMT',
      'Tue, 3 Mar 2026 8:05 +0100',
      '2026-03-03T08:00:00Z',
      '2026-03-03T08:00:00.000+02:00',
      '2026-03-03 08:00:00',
    ])
      expect([text, dateTextHasTime(text)]).toEqual([text, true]);
  });

  it('says no for a day alone, and for no date at all', () => {
    for (const text of [
      '2026-03-03',
      '03 Mar 2026',
      'Tue, 03 Mar 2026',
      '2026',
      '',
      undefined,
      null,
    ])
      expect([text, dateTextHasTime(text)]).toEqual([text, false]);
  });
});
