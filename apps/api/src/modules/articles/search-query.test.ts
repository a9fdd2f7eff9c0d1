import { describe, expect, it } from 'vitest';
import { buildPrefixTsQuery, parseSearch } from './search-query.js';

describe('buildPrefixTsQuery', () => {
  it('ANDs the terms and prefixes the last one', () => {
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

  it('leaves excluded words out: the ranking reads them (parseSearch)', () => {
    expect(buildPrefixTsQuery('apple -fruit')).toBe("'apple':*");
    expect(buildPrefixTsQuery('-fruit apple')).toBe("'apple':*");
  });

  it('splits on punctuation and keeps letters of any script', () => {
    expect(buildPrefixTsQuery('covid-19')).toBe("('covid' <-> '19')");
    expect(buildPrefixTsQuery('Café Zürich')).toBe("'café' & 'zürich':*");
  });

  it('drops stopwords unless the search is made of nothing else', () => {
    expect(buildPrefixTsQuery('the effects on farming')).toBe("'effects' & 'farming':*");
    expect(buildPrefixTsQuery('the who')).toBe("'the' & 'who':*");
  });

  it("reads a symbol word by its letters, the search vector's view of it", () => {
    expect(buildPrefixTsQuery('C++')).toBe("'c'");
    expect(buildPrefixTsQuery('AT&T 9/11')).toBe("('at' <-> 't') & ('9' <-> '11')");
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

describe('parseSearch', () => {
  it('makes every content word a term of its own, and pairs the adjacent ones', () => {
    const search = parseSearch('climate change policy in europe and the effects on farming')!;
    expect(search.terms.map((t) => t.alternatives.map((a) => a.tsQuery))).toEqual([
      ["'climate'"],
      ["'change'"],
      ["'policy'"],
      ["'europe'"],
      ["'effects'"],
      ["'farming':*"],
    ]);
    expect(search.terms.at(-1)!.alternatives[0]!.headQuery).toBe("'farming':*AB");
    expect(search.pairs).toEqual([
      { first: 0, second: 1, tsQuery: "('climate' <-> 'change')" },
      { first: 1, second: 2, tsQuery: "('change' <-> 'policy')" },
    ]);
  });

  it("keeps words with symbols whole, for the articles' words", () => {
    expect(parseSearch('C++')!.terms).toEqual([
      { alternatives: [{ tsQuery: null, headQuery: null, symbols: ['c++'] }], key: 'c++' },
    ]);
    expect(parseSearch('"C++ developers"')!.terms[0]!.alternatives).toEqual([
      {
        tsQuery: "('c' <-> 'developers')",
        headQuery: "('c':AB <-> 'developers':AB)",
        symbols: ['c++'],
      },
    ]);
    const excluding = parseSearch('marmot -c++ -"plan c"')!;
    expect(excluding.excludedSymbols).toEqual(['c++']);
    expect(excluding.excludedTsQuery).toBe("('plan' <-> 'c')");
  });

  it('counts a repeated word once and keeps alternatives together', () => {
    const search = parseSearch('farm farms tesla or ford')!;
    expect(search.terms.map((t) => t.key)).toEqual(['farm', 'tesla | ford']);
  });
});
