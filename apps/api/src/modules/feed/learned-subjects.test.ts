/**
 * Black box through the HTTP API: a learned subject is what the liked stories share.
 * After three likes on climate stories of three different stories, the profile lists one climate
 * subject, and every term it is shown by is carried by two or more of the liked stories (a word
 * inside one of their phrases counting: "climate" in "climate change").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createReader } from '../../../test/readers.js';
import { readerClient } from '../../../test/recommendations.js';
import { seedCorpusIfEmpty } from '../articles/index.js';
import { stem } from '../../lib/text/index.js';

let ctx: TestContext;
let client: ReturnType<typeof readerClient>;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedCorpusIfEmpty(ctx.database.db, ctx.deps.logger);
  client = readerClient(ctx.request);
});
afterAll(async () => {
  await ctx.close();
});

/** Lowercase words, possessives and punctuation dropped, plurals folded, space-delimited. */
const words = (text: string) =>
  ` ${text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(stem)
    .join(' ')} `;

interface Article {
  _id: string;
  title: string;
  description: string;
  keywords: string[];
  categories: string[];
}

describe('learned subjects, on the bundled corpus', () => {
  it('3 likes on climate stories: one climate subject, each shown term in ≥ 2 of them', async () => {
    const OTHER = ['sports', 'travel', 'food'];
    const reader = await createReader(ctx.deps);
    await client.setInterests(reader, OTHER);
    const found = await ctx
      .request()
      .get('/api/articles/getarticlebykeyword?keyword=climate&limit=20')
      .expect(200);
    const liked = (found.body.articles as Article[])
      .filter((a) => !a.categories.some((c) => OTHER.includes(c)))
      .slice(0, 3);
    expect(liked.length).toBe(3);
    for (const a of liked) await client.react(reader, 'like', a._id);

    const profile = await ctx
      .request()
      .get('/api/recommendations/profile')
      .set(reader.auth())
      .expect(200);
    const subjects = profile.body.subjects as Array<{
      key: string;
      label: string;
      terms: string[];
      sources: Array<{ article_id: string }>;
    }>;
    console.info(`learned: ${subjects.map((s) => `[${s.terms.join(' · ')}]`).join(' ')}`);
    // One subject, made of the liked stories, on climate: not a cluster of one story each.
    expect(subjects).toHaveLength(1);
    const [subject] = subjects;
    const ids = new Set(liked.map((a) => a._id));
    expect(subject!.sources.filter((s) => ids.has(s.article_id)).length).toBeGreaterThanOrEqual(2);
    expect(subject!.terms.map((t) => t.toLowerCase())).toContain('climate');
    // Every term it is shown by is in two or more of the liked stories' own terms (the stored
    // `keywords` hold their names and phrases), or at least their text.
    const texts = await Promise.all(
      liked.map(async (a) => {
        const res = await ctx
          .request()
          .get(`/api/articles/getarticlebyid?article_id=${a._id}`)
          .expect(200);
        const article = res.body.article as Article;
        return words(`${article.title} . ${article.description} . ${article.keywords.join(' . ')}`);
      }),
    );
    expect(subject!.terms.length).toBeGreaterThan(0);
    for (const term of subject!.terms) {
      const carriers = texts.filter((t) => t.includes(words(term))).length;
      expect([term, carriers >= 2]).toEqual([term, true]);
    }
  });
});
