/**
 * Test support for the recommendation endpoints (test-only, outside src/ so it never ships): a
 * small labelled corpus and the calls a reader's client makes, reader controls included.
 */
import type supertest from 'supertest';
import type { articles } from '../src/db/schema.js';
import type { PublicRecommendation } from '../src/modules/feed/index.js';

type ArticleValues = Partial<typeof articles.$inferInsert>;

const HOUR_MS = 3_600_000;
/** The fixture corpus ends here; the test clock (2030) is far later, as in production. */
export const CORPUS_END = Date.UTC(2022, 8, 20, 12);

/** Distinct, topic-free words for fixture titles that must not be near-duplicates. */
export const FIRST_WORDS = [
  'harbor',
  'summit',
  'ledger',
  'meadow',
  'canyon',
  'orchard',
  'beacon',
  'quarry',
  'tundra',
  'lagoon',
];
const SECOND_WORDS = [
  'plan',
  'vote',
  'deal',
  'study',
  'trial',
  'fund',
  'rally',
  'probe',
  'merger',
  'forecast',
];

/**
 * `perCategory` articles for each category, newest first from CORPUS_END, one every `spacingHours`
 * across categories. Titles share at most the category and one word, so no two are near-duplicates;
 * engagement varies deterministically.
 */
export function labelledCorpus(
  categories: readonly string[],
  perCategory: number,
  { spacingHours = 1, source = 'Example News' } = {},
): ArticleValues[] {
  const items: ArticleValues[] = [];
  for (let i = 0; i < perCategory; i++) {
    categories.forEach((category, c) => {
      const k = items.length;
      const first = FIRST_WORDS[i % FIRST_WORDS.length]!;
      const second = SECOND_WORDS[Math.floor(i / FIRST_WORDS.length) % SECOND_WORDS.length]!;
      const title = `${category} ${first} ${second} ${category.slice(0, 3)}${i}x${c}`;
      items.push({
        title,
        titleKey: title.toLowerCase(),
        description: `A ${category} story about the ${first} ${second}.`,
        categories: [category],
        keywords: [category, first, second],
        pubDate: new Date(CORPUS_END - k * spacingHours * HOUR_MS),
        sourceName: source,
        likes: (k * 37) % 23,
        views: (k * 53) % 101,
      });
    });
  }
  return items;
}

export interface SignedInReader {
  auth(): { Authorization: string };
}

type FeedBody = { recommendations: PublicRecommendation[]; interestCount: number };

/** The recommendation calls of the spec's client (plus the interactions the tests need). */
export function readerClient(request: () => supertest.Agent) {
  const ok = <T>(res: supertest.Response): T => {
    if (res.status !== 200)
      throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  return {
    async setInterests(reader: SignedInReader, interests: string[]): Promise<void> {
      ok(await request().post('/api/profile/setinterests').set(reader.auth()).send({ interests }));
    },
    async feed(reader: SignedInReader): Promise<FeedBody> {
      return ok(await request().get('/api/recommendations/get').set(reader.auth()));
    },
    async refresh(reader: SignedInReader): Promise<FeedBody & { message: string }> {
      return ok(await request().post('/api/recommendations/refresh').set(reader.auth()));
    },
    markAsRead: (reader: SignedInReader, articleId: string) =>
      request().post('/api/recommendations/markasread').set(reader.auth()).send({ articleId }),
    /** A reader control (POST /api/recommendations/<control>); answers the raw response. */
    control: (reader: SignedInReader, control: string, body: object) =>
      request().post(`/api/recommendations/${control}`).set(reader.auth()).send(body),
    controls: (reader: SignedInReader) =>
      request().get('/api/recommendations/controls').set(reader.auth()),
    async react(
      reader: SignedInReader,
      kind: 'like' | 'dislike' | 'save' | 'share',
      articleId: string,
    ): Promise<void> {
      ok(
        await request()
          .post(`/api/userinteractions/${kind}`)
          .set(reader.auth())
          .send({ article_id: articleId }),
      );
    },
  };
}

export const articleIds = (body: FeedBody) => body.recommendations.map((r) => r.article_id._id);
