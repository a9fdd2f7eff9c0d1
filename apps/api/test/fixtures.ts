import crypto from 'node:crypto';
import type { Database } from '../src/db/client.js';
import { articles } from '../src/db/schema.js';
import { contentWords } from '../src/lib/text/index.js';
import type { ArticleRow } from '../src/modules/articles/articles.serializer.js';

export type ArticleFixture = Partial<typeof articles.$inferInsert>;

let n = 0;
/** Inserts articles with sensible defaults; pass only what the test cares about. */
export async function insertArticles(db: Database, items: ArticleFixture[]): Promise<ArticleRow[]> {
  if (items.length === 0) return [];
  const values = items.map((item) => {
    const i = ++n;
    const title = item.title ?? `Fixture article ${i} ${crypto.randomBytes(3).toString('hex')}`;
    const categories = item.categories ?? [];
    const description = item.description ?? `Description of ${title}`;
    return {
      title,
      description,
      // What a search matches, as every insert fills it (lib/text).
      words: [...new Set(contentWords(`${title} ${description}`))],
      creator: ['Staff Writer'],
      pubDate: new Date(Date.UTC(2022, 8, 1) + i * 60_000),
      link: `https://news.example/${i}-${crypto.randomBytes(4).toString('hex')}`,
      sourceName: 'Example News',
      sourceUrl: 'https://news.example',
      titleKey: title.toLowerCase(),
      ...item,
      categories,
      keywords: item.keywords ?? [...categories],
    };
  });
  return db.insert(articles).values(values).returning();
}

export const insertArticle = async (db: Database, item: ArticleFixture = {}) =>
  (await insertArticles(db, [item]))[0]!;
