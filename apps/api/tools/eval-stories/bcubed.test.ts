import { describe, expect, it } from 'vitest';
import { bcubed } from './bcubed.js';

describe('BCubed', () => {
  it('scores a hand-made clustering', () => {
    // Labels A A A B B; clusters {0,1} {2,3,4}.
    // Precision per item: 1, 1, 1/3, 2/3, 2/3; recall: 2/3, 2/3, 1/3, 1, 1.
    const b = bcubed(['1', '1', '2', '2', '2'], ['A', 'A', 'A', 'B', 'B']);
    expect(b.precision).toBeCloseTo(11 / 15, 10);
    expect(b.recall).toBeCloseTo(11 / 15, 10);
    expect(b.f1).toBeCloseTo(11 / 15, 10);
  });

  it('gives singletons full precision and one cluster full recall', () => {
    const gold = ['A', 'A', 'B', 'C'];
    expect(bcubed(['1', '2', '3', '4'], gold)).toEqual({
      precision: 1,
      recall: (1 / 2 + 1 / 2 + 1 + 1) / 4,
      f1: (2 * 0.75) / 1.75,
    });
    const one = bcubed(['x', 'x', 'x', 'x'], gold);
    expect(one.recall).toBe(1);
    expect(one.precision).toBeCloseTo((2 / 4 + 2 / 4 + 1 / 4 + 1 / 4) / 4, 10);
  });

  it('does not depend on the names of clusters or labels', () => {
    const a = bcubed(['1', '1', '2'], ['A', 'B', 'B']);
    expect(bcubed(['q', 'q', 'p'], ['Z', 'Y', 'Y'])).toEqual(a);
  });
});
