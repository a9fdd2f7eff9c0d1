import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { editionSettingsBody, unsubscribeQuery } from './schemas/edition.js';

const e = MESSAGES.edition;
const daily = { frequency: 'daily', time: '07:30', timezone: 'Europe/Paris' };

/** The message a form shows first for `body`, or undefined when it is accepted. */
const problem = (body: object) => {
  const parsed = editionSettingsBody.safeParse(body);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe('the edition settings', () => {
  it('take a time of day on the 24-hour clock, from 00:00 to 23:59', () => {
    for (const time of ['00:00', '07:30', '23:59'])
      expect(problem({ ...daily, time })).toBe(undefined);
    for (const time of ['24:00', '7:30', '07:60', '07:30:00', '', ' 07:30']) {
      expect(problem({ ...daily, time }), time).toBe(e.invalidTime);
    }
  });

  it('need a day for a weekly edition, and only then', () => {
    expect(problem({ ...daily, frequency: 'weekly' })).toBe(e.weekdayRequired);
    expect(problem({ ...daily, frequency: 'weekly', weekday: 'friday' })).toBe(undefined);
    expect(problem({ ...daily, frequency: 'weekly', weekday: 'funday' })).toBe(e.invalidWeekday);
    expect(problem({ ...daily, weekday: null })).toBe(undefined);
    expect(problem({ ...daily, frequency: 'off' })).toBe(undefined);
    expect(problem({ ...daily, frequency: 'hourly' })).toBe(e.invalidFrequency);
  });

  it('take IANA time zones only', () => {
    expect(problem({ ...daily, timezone: 'Asia/Tokyo' })).toBe(undefined);
    expect(problem({ ...daily, timezone: 'Mars/Olympus' })).toBe(
      MESSAGES.validation.invalidTimezone,
    );
  });
});

describe('the unsubscribe link', () => {
  it('takes two base64url parts joined by a dot, and nothing else', () => {
    expect(unsubscribeQuery.safeParse({ token: 'YWJj.ZGVm_-' }).success).toBe(true);
    for (const token of [
      '',
      'abc',
      'a.b.c',
      'a b.c',
      'a+b.c',
      `${'a'.repeat(600)}.b`,
      'a\u0000.b',
    ]) {
      expect(unsubscribeQuery.safeParse({ token }).success, token).toBe(false);
    }
  });
});
