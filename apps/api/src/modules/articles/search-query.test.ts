import { describe, expect, it } from 'vitest';
import { buildPrefixTsQuery } from './search-query.js';

describe('buildPrefixTsQuery', () => {
  it('ANDs the words and prefixes the last one', () => {
    expect(buildPrefixTsQuery('covid vaccine')).toBe("'covid' & 'vaccine':*");
    expect(buildPrefixTsQuery('  Technol ')).toBe("'technol':*");
  });

  it('keeps quoted phrases together and never prefixes them', () => {
    expect(buildPrefixTsQuery('"climate change" policy')).toBe(
      "('climate' <-> 'change') & 'policy':*",
    );
    expect(buildPrefixTsQuery('policy "climate change"')).toBe(
      "'policy' & ('climate' <-> 'change')",
    );
  });

  it('treats "or" as an alternative that binds tighter than AND', () => {
    expect(buildPrefixTsQuery('electric tesla or ford')).toBe("'electric' & ('tesla' | 'ford':*)");
    expect(buildPrefixTsQuery('or tesla or')).toBe("'tesla':*");
  });

  it('excludes words with a leading minus', () => {
    expect(buildPrefixTsQuery('apple -fruit')).toBe("'apple' & !'fruit'");
    expect(buildPrefixTsQuery('-fruit apple')).toBe("!'fruit' & 'apple':*");
  });

  it('splits on punctuation and keeps letters of any script', () => {
    expect(buildPrefixTsQuery('covid-19')).toBe("('covid' <-> '19':*)");
    expect(buildPrefixTsQuery('Café Zürich')).toBe("'café' & 'zürich':*");
  });

  it('gives null when nothing searchable is left', () => {
    for (const input of ['', '   ', '"', '&|!', '(', ':*', '🙂🙂', '-only', '""', 'or']) {
      expect(buildPrefixTsQuery(input)).toBeNull();
    }
  });

  it('never lets tsquery syntax through', () => {
    const output = buildPrefixTsQuery("a'b & c|d !e (f) g:* h\\i <-> j") ?? '';
    const outsideQuotes = output.replace(/'[^']*'/g, '');
    expect(outsideQuotes).toMatch(/^[\s&|!()<\->:*]*$/);
    expect(output.match(/'[^']*'/g)?.every((lexeme) => /^'[\p{L}\p{N}]+'$/u.test(lexeme))).toBe(
      true,
    );
  });
});
