import { describe, expect, it } from 'vitest';
import { newsDataDate, newsDataRequestUrl, parseNewsData } from './newsdata-source.js';

describe('newsDataRequestUrl', () => {
  it('adds the key and language=en, keeping a language already set', () => {
    expect(newsDataRequestUrl('https://newsdata.io/api/1/latest', 'k')).toBe(
      'https://newsdata.io/api/1/latest?apikey=k&language=en',
    );
    expect(newsDataRequestUrl('https://newsdata.io/api/1/latest?language=fr', 'k')).toBe(
      'https://newsdata.io/api/1/latest?language=fr&apikey=k',
    );
  });
});

describe('newsDataDate', () => {
  it('reads "YYYY-MM-DD HH:MM:SS" as UTC', () => {
    expect(newsDataDate('2026-03-01 08:30:00')).toBe('2026-03-01T08:30:00Z');
    expect(newsDataDate('2026-03-01T08:30:00+02:00')).toBe('2026-03-01T08:30:00+02:00');
    expect(newsDataDate(null)).toBeUndefined();
  });
});

describe('parseNewsData', () => {
  it('rejects non-JSON and error responses with a readable message', () => {
    expect(() => parseNewsData('<html>')).toThrow('response is not JSON');
    expect(() => parseNewsData('{"status":"error","results":{"message":"Rate limit"}}')).toThrow(
      'status error: Rate limit',
    );
    expect(() => parseNewsData('[]')).toThrow('unexpected response shape');
  });

  it('turns a malformed result into an item without title instead of failing the page', () => {
    const items = parseNewsData(
      JSON.stringify({
        status: 'success',
        results: [42, { title: 'T', link: 'https://x/1', creator: 'not a list' }],
      }),
    );
    expect(items[0]!.title).toBeUndefined();
    expect(items[1]).toMatchObject({ title: 'T', link: 'https://x/1', creators: [] });
  });
});
