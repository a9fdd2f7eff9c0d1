import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatCreators,
  formatDate,
  formatDateTime,
  formatRelativeTime,
} from './format';

describe('formatDate', () => {
  it("shows dates as 'DD Month YYYY'", () => {
    expect(formatDate('2024-03-05T10:00:00Z')).toBe('05 March 2024');
    expect(formatDate('2022-09-23 00:00:00')).toMatch(/^\d{2} September 2022$/);
    expect(formatDate(new Date(Date.UTC(1999, 11, 31)))).toBe('31 December 1999');
  });

  it('shows nothing for a missing or broken date', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it("shows the date as 'DD Month YYYY' and the time of day in UTC", () => {
    expect(formatDateTime('2024-03-05T09:07:00Z')).toBe('05 March 2024, 09:07 UTC');
    expect(formatDateTime(new Date(Date.UTC(1999, 11, 31, 23, 59)))).toBe(
      '31 December 1999, 23:59 UTC',
    );
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatCount', () => {
  it('counts with a singular or plural noun', () => {
    expect(formatCount(1, 'source')).toBe('1 source');
    expect(formatCount(3, 'article')).toBe('3 articles');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2024-06-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('counts seconds, then minutes, then hours, then days', () => {
    expect(formatRelativeTime(ago(5_000), now)).toBe('5 seconds ago');
    expect(formatRelativeTime(ago(59_000), now)).toBe('59 seconds ago');
    expect(formatRelativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(45 * 60_000), now)).toBe('45 minutes ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(24 * 3_600_000), now)).toBe('1 day ago');
    expect(formatRelativeTime(ago(40 * 86_400_000), now)).toBe('40 days ago');
  });

  it('never shows a future time', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 10_000), now)).toBe('0 seconds ago');
  });
});

describe('formatCreators', () => {
  it('joins authors in plain words', () => {
    expect(formatCreators([])).toBe('');
    expect(formatCreators(['Ada'])).toBe('Ada');
    expect(formatCreators(['Ada', 'Charles'])).toBe('Ada and Charles');
    expect(formatCreators(['A', 'B', 'C'])).toBe('A, B and C');
  });
});
