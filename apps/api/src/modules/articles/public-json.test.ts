import { DEFAULT_ARTICLE_IMAGE_PATH } from '@lede/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles } from '../../../test/fixtures.js';
import { articleJsonBothWays } from '../../../test/public-json.js';
import { articles } from '../../db/schema.js';
import { publicJsonSelect } from './articles.repository.js';
import { publicArticleJson, type PublicArticleJsonSource } from './articles.serializer.js';

/** Every character JSON must escape, and some it must not. */
const ODD = 'quote " backslash \\ slash / tab \t newline \n cr \r \b \f \u0001 \u001f \u007f';
const WIDE = 'emoji 🛰️ accents é ñ RTL עברית line sep \u2028 para \u2029 zero-width \u200b';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ publicCacheSeconds: 0 });
});
afterAll(async () => {
  await ctx.close();
});

describe("an article's stored public JSON", () => {
  it('is what the serialiser writes, for any text, nulls and empty lists', async () => {
    const rows = await insertArticles(ctx.deps.db, [
      {
        title: `Title ${ODD}`,
        description: `Description ${WIDE}`,
        creator: [ODD, WIDE, ''],
        keywords: ['covid-19', 'new york', WIDE],
        categories: ['science'],
        sourceName: WIDE,
        sourceUrl: null,
        sourceIcon: null,
        imageUrl: null,
        pubDate: new Date('2022-06-03T12:00:00.291Z'),
      },
      {
        title: 'Plain',
        creator: [],
        keywords: [],
        description: '',
        sourceIcon: 'https://news.example/icon.png',
        imageUrl: 'https://cdn.example/a "picture".jpg',
        likes: 12,
      },
    ]);
    // Microseconds PostgreSQL keeps and a JS date drops.
    await ctx.database.pool.query(
      `update articles set pub_date = pub_date + interval '999 microseconds' where id = $1`,
      [rows[0]!.id],
    );
    const ids = rows.map((row) => row.id);
    const { stored, serialised } = await articleJsonBothWays(ctx.deps.db, ids);
    expect(stored).toEqual(serialised);
    expect(JSON.parse(stored[0]!)).toMatchObject({
      title: `Title ${ODD}`,
      creator: [ODD, WIDE, ''],
      pubDate: '2022-06-03T12:00:00.291Z',
      source_url: null,
      image_url: DEFAULT_ARTICLE_IMAGE_PATH,
      likes: 0,
    });
    expect(JSON.parse(stored[1]!)).toMatchObject({
      creator: [],
      image_url: 'https://cdn.example/a "picture".jpg',
      likes: 12,
    });
  });

  it('follows a corrected title, date or keyword list, and likes as they change', async () => {
    const [row] = await insertArticles(ctx.deps.db, [{ title: 'Before the correction' }]);
    await ctx.database.pool.query(
      `update articles set title = 'After the correction', keywords = '{mars}',
         pub_date = '2023-01-02T03:04:05.678Z', likes = 5, image_url = '/p.jpg' where id = $1`,
      [row!.id],
    );
    const both = await articleJsonBothWays(ctx.deps.db, [row!.id]);
    const [stored] = both.stored;
    expect(JSON.parse(stored!)).toMatchObject({
      title: 'After the correction',
      keywords: ['mars'],
      pubDate: '2023-01-02T03:04:05.678Z',
      image_url: '/p.jpg',
      likes: 5,
    });
    expect(both.stored).toEqual(both.serialised);
  });

  it('cannot be written directly', async () => {
    const [row] = await insertArticles(ctx.deps.db, [{ title: 'Untouchable' }]);
    await expect(
      ctx.deps.db.execute(
        sql`update ${articles} set public_json = '{}' where ${articles.id} = ${row!.id}`,
      ),
    ).rejects.toThrow();
    const { rows } = await ctx.deps.db.execute<PublicArticleJsonSource>(
      sql`select ${publicJsonSelect} from ${articles} where ${articles.id} = ${row!.id}`,
    );
    expect(JSON.parse(publicArticleJson(rows[0]!)).title).toBe('Untouchable');
  });
});
