import { describe, expect, it } from 'vitest';
import { queryTerms } from './query-terms.js';

const texts = (input: string) => queryTerms(input).groups.map((g) => g.map((t) => t.text));

describe('queryTerms', () => {
  it('keeps the content words of a question, each a term', () => {
    expect(texts('What are the effects of climate change on farming communities?')).toEqual([
      ['effects'],
      ['climate'],
      ['change'],
      ['farming'],
      ['communities?'],
    ]);
  });

  it('keeps stopwords only when nothing else was typed, and inside quotes', () => {
    expect(texts('the who')).toEqual([['the'], ['who']]);
    expect(texts('"the who" at the concert')).toEqual([['the who'], ['concert']]);
  });

  it('keeps words with symbols whole', () => {
    const [[cpp], [att], [nine]] = queryTerms('C++ AT&T 9/11').groups as [[any], [any], [any]];
    expect([cpp.symbols, att.symbols, nine.symbols]).toEqual([['c++'], ['at&t'], ['9/11']]);
    expect(cpp.prefix || nine.prefix).toBe(false);
  });

  it('reads quotes, or and minus; the last bare word is a prefix', () => {
    const { groups, excluded } = queryTerms('"climate change" tesla or ford -fruit electri');
    expect(groups.map((g) => g.map((t) => [t.text, t.phrase, t.prefix]))).toEqual([
      [['climate change', true, false]],
      [
        ['tesla', false, false],
        ['ford', false, false],
      ],
      [['electri', false, true]],
    ]);
    expect(excluded.map((t) => t.text)).toEqual(['fruit']);
  });

  it('counts a word typed twice (or in its plural) once', () => {
    expect(texts('farm farms Farm')).toEqual([['farm']]);
  });

  it('finds nothing in punctuation alone', () => {
    for (const input of ['', '  ', '"', '🙂', '&|!', '-only', 'or']) {
      expect(queryTerms(input).groups, input).toEqual([]);
    }
  });
});
