import { describe, expect, it } from 'vitest';
import { absoluteHttpUrl, canonicalLink, redactSecret } from './links.js';

describe('canonicalLink', () => {
  it('drops utm_* and click ids and the fragment, keeping other parameters as written', () => {
    expect(
      canonicalLink('https://Example.com/a?utm_source=rss&id=7&UTM_Medium=x&fbclid=abc#top'),
    ).toBe('https://example.com/a?id=7');
    expect(canonicalLink('https://example.com/a?q=a+b%20c')).toBe(
      'https://example.com/a?q=a+b%20c',
    );
    expect(canonicalLink('https://example.com/a?utm_source=x')).toBe('https://example.com/a');
  });

  it('resolves relative links and refuses anything but http(s)', () => {
    expect(canonicalLink('/story', 'https://example.com/news/')).toBe('https://example.com/story');
    expect(canonicalLink('javascript:alert(1)')).toBeUndefined();
    expect(canonicalLink('mailto:a@b.c')).toBeUndefined();
    expect(canonicalLink('not a url')).toBeUndefined();
    expect(canonicalLink('')).toBeUndefined();
  });
});

describe('absoluteHttpUrl', () => {
  it('ignores a base that is not http(s)', () => {
    expect(absoluteHttpUrl('/x', 'ftp://example.com/')).toBeUndefined();
    expect(absoluteHttpUrl('https://cdn.example.com/i.jpg', 'nonsense')).toBe(
      'https://cdn.example.com/i.jpg',
    );
  });
});

describe('redactSecret', () => {
  it('replaces every occurrence of the secret', () => {
    expect(redactSecret('a?apikey=k1&b=k1', 'k1')).toBe('a?apikey=[redacted]&b=[redacted]');
    expect(redactSecret('unchanged', undefined)).toBe('unchanged');
  });
});
