import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PreparedBody } from './prepared-body.js';

describe('a prepared body in brotli', () => {
  const WORDS =
    'the council voted on a new budget for schools roads and parks after months of debate'.split(
      ' ',
    );
  const page = {
    articles: Array.from({ length: 50 }, (_, i) => ({
      _id: `article-${i}`,
      title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} story number ${i}`,
      description: Array.from(
        { length: 40 },
        (_, j) => WORDS[(i * 13 + j * 5) % WORDS.length],
      ).join(' '),
    })),
  };

  it('answers quickly the first time, smaller once asked for again, always the same JSON', async () => {
    const body = new PreparedBody(page, 0, { allCounts: true }, Number.POSITIVE_INFINITY);
    const first = body.br();
    expect(zlib.brotliDecompressSync(first)).toEqual(body.bytes);
    // Asked for again: the quick form still answers while the harder one is made.
    expect(body.br()).toBe(first);
    let later = body.br();
    for (let i = 0; i < 400 && later === first; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      later = body.br();
    }
    expect(later.length).toBeLessThan(first.length);
    expect(zlib.brotliDecompressSync(later)).toEqual(body.bytes);
  });
});
