import { MESSAGES, SEARCH_MAX_LENGTH } from '@lede/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles, type ArticleFixture } from '../../../test/fixtures.js';
import { contentWords } from '../../lib/text/index.js';
import { seedCorpusIfEmpty } from './seed.js';

/**
 * Search that reads questions, on the bundled corpus (a fresh start) and on articles
 * written here: every term counts, the rarest most; symbol words are words; the limit is said.
 */
let ctx: TestContext;
const at = (month: number, day: number) => new Date(Date.UTC(2022, month - 1, day, 12));

/** As ingestion stores an article: its content words with it (the fixtures leave them empty). */
const understood = (article: ArticleFixture & { title: string; description: string }) => ({
  ...article,
  words: [...new Set(contentWords(`${article.title} ${article.description}`))],
});

beforeAll(async () => {
  ctx = await createTestContext({ publicCacheSeconds: 0 });
  await seedCorpusIfEmpty(ctx.deps.db, ctx.deps.logger);
  await insertArticles(
    ctx.deps.db,
    [
      {
        title: 'Why C++ still runs the trading floors',
        description: 'Banks keep rewriting their C++ engines for speed.',
        pubDate: at(3, 1),
      },
      {
        title: 'Vitamin C and the common cold, again',
        description: 'A review of trials finds little effect of vitamin C.',
        pubDate: at(3, 2),
      },
      {
        title: 'Microsoft ships a new C# compiler',
        description: 'The C# language gains records for everyone writing .NET code.',
        pubDate: at(3, 3),
      },
      {
        title: 'Plan C for the Quixotic marmot reserve',
        description: 'Rangers of the Quixotic valley try a third plan to save the marmots.',
        pubDate: at(3, 4),
      },
      {
        title: 'Quixotic marmot reserve wins a prize',
        description: 'The valley rangers were honoured.',
        pubDate: at(3, 5),
      },
    ].map(understood),
  );
}, 180_000);
afterAll(async () => {
  await ctx.close();
});

type Found = { title: string; description: string };
const search = (keyword: string, query: Record<string, string | number> = {}) =>
  ctx
    .request()
    .get('/api/articles/getarticlebykeyword')
    .query({ keyword, limit: 100, ...query });
const found = async (keyword: string): Promise<Found[]> =>
  (await search(keyword).expect(200)).body.articles;
const titles = (articles: Found[]) => articles.map((a) => a.title);

describe('a plain question', () => {
  it('finds the articles matching most of it: climate, Europe, farming', async () => {
    const articles = await found(
      'climate change policy in europe and the effects on farming communities',
    );
    // Before: nothing (every word had to match).
    expect(articles.length).toBeGreaterThan(0);
    expect(articles.length).toBeLessThanOrEqual(20);
    expect(articles[0]!.title).toMatch(/europe/i);
    expect(articles[0]!.title).toMatch(/climate change/i);
    // Each result holds at least two of the question's words: none shares one common word only.
    const terms = ['climat', 'chang', 'polic', 'europe', 'effect', 'farm', 'communit'];
    for (const article of articles) {
      const text = `${article.title} ${article.description}`.toLowerCase();
      expect(terms.filter((t) => text.includes(t)).length, article.title).toBeGreaterThanOrEqual(2);
    }
  });

  it('finds a headline from five of its words among ordinary filler', async () => {
    const articles = await found(
      'i would like to read the story about farmers blockade highways in india and what happened',
    );
    expect(titles(articles)[0]).toBe(
      'Thousands Of Farmers In India Blockade Highways Protesting New Agricultural Laws',
    );
    // The others hold much of it too, or there are none: never every story with "story" in it.
    expect(articles.length).toBeLessThanOrEqual(5);
  });

  it('answers a question about inserted articles the same way', async () => {
    const articles = await found('what is happening with the quixotic marmot reserve these days?');
    // Both hold all three of its rare words ("happening" is in neither): both, in either order.
    expect(titles(articles).sort()).toEqual([
      'Plan C for the Quixotic marmot reserve',
      'Quixotic marmot reserve wins a prize',
    ]);
    // A word no article holds ("zeppelin") does not make the question unanswerable.
    expect(titles(await found('quixotic marmot zeppelin reserve')).length).toBe(2);
  });

  it('still needs both words of a two-word search', async () => {
    expect(titles(await found('marmot prize'))).toEqual(['Quixotic marmot reserve wins a prize']);
    expect(await found('marmot zeppelin')).toEqual([]);
  });
});

describe('words with symbols', () => {
  it('"C++" finds the article about C++, not every article with a "c"', async () => {
    expect(titles(await found('C++'))).toEqual(['Why C++ still runs the trading floors']);
    expect(titles(await found('c#'))).toEqual(['Microsoft ships a new C# compiler']);
    expect(titles(await found('C++ trading'))).toEqual(['Why C++ still runs the trading floors']);
    expect(titles(await found('marmot -c++'))).toHaveLength(2);
  });

  it('"AT&T" and "9/11" find the articles that name them', async () => {
    for (const [query, pattern] of [
      ['AT&T', /at&t/i],
      ['9/11', /9\/11/],
    ] as const) {
      const articles = await found(query);
      expect(articles.length, query).toBeGreaterThan(0);
      for (const article of articles)
        expect(`${article.title} ${article.description}`, query).toMatch(pattern);
    }
  });
});

describe('a search longer than the limit', () => {
  it('answers 400 saying so, and changes nothing else', async () => {
    const question = 'climate change policy in europe and the effects on farming communities';
    const before = (await search(question).expect(200)).body;
    for (const keyword of ['climate '.repeat(400), 'x'.repeat(SEARCH_MAX_LENGTH + 1)]) {
      const res = await search(keyword).expect(400);
      expect(res.body.message).toBe(MESSAGES.articles.searchTooLong);
      expect(res.body.message).toBe('Search text must be at most 200 characters.');
      expect(res.body).not.toHaveProperty('articles');
    }
    // At the limit (and with spaces around it, which are trimmed first) a search is answered.
    await search(` ${'x'.repeat(SEARCH_MAX_LENGTH)} `).expect(200);
    expect((await search(question).expect(200)).body).toEqual(before);
    // An empty search is still "keyword is required".
    expect((await search('   ').expect(400)).body.message).toBe('keyword is required');
  });
});
