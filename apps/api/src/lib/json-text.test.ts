import { describe, expect, it } from 'vitest';
import { JsonText } from './json-text.js';

describe('JsonText', () => {
  it('holds the UTF-8 of its pieces joined, whatever characters they carry', () => {
    const pieces = [
      '{"articles":[',
      '{"title":"Café – naïve résumé"}',
      ',',
      '',
      '{"title":"雨 🌧️ \\u2028 \\"quoted\\" مرحبا"}',
      '],"nextCursor":null}',
    ];
    const text = new JsonText<unknown>(pieces);
    expect(text.bytes.equals(Buffer.from(pieces.join('')))).toBe(true);
    expect(JSON.parse(text.bytes.toString('utf8'))).toEqual({
      articles: [{ title: 'Café – naïve résumé' }, { title: '雨 🌧️ \u2028 "quoted" مرحبا' }],
      nextCursor: null,
    });
  });

  it('is empty for no pieces', () => {
    expect(new JsonText<unknown>([]).bytes.length).toBe(0);
  });
});
