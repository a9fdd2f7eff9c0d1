import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles } from '../../../test/fixtures.js';
import { listenRaw } from '../../../test/raw-http.js';
import { createReader, type TestReader } from '../../../test/readers.js';
import { LIST_STALE_MS } from '../../changes/index.js';

let ctx: TestContext;
let raw: Awaited<ReturnType<typeof listenRaw>>;
let reader: TestReader;
let articleId: string;
const TTL_SECONDS = 60;

const LATEST = '/api/articles/getlatestarticles';
const TRENDING = '/api/articles/getlatesttrendingarticles';
const SEARCH = '/api/articles/getarticlebykeyword?keyword=harbour';
const article = () => `/api/articles/getarticlebyid?article_id=${articleId}`;

beforeAll(async () => {
  ctx = await createTestContext({ publicCacheSeconds: TTL_SECONDS });
  const rows = await insertArticles(
    ctx.deps.db,
    Array.from({ length: 30 }, (_, i) => ({
      title: `Harbour report number ${i}`,
      pubDate: new Date(Date.UTC(2022, 8, 1) + i * 3_600_000),
    })),
  );
  articleId = rows[0]!.id;
  reader = await createReader(ctx.deps);
  raw = await listenRaw(ctx.app);
});
afterAll(async () => {
  await raw?.close();
  await ctx.close();
});

const likesOf = (body: Record<string, unknown>) => (body.article as { likes: number }).likes;

/**
 * Lists follow counter changes within LIST_STALE_MS (the previous body meanwhile): asks again
 * until `check` holds, for at most a few times that bound.
 */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let attempt = 0; attempt < 30; attempt++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, LIST_STALE_MS / 5));
  }
  return false;
}

const trendingEtagChangesFrom = (etag: string) =>
  eventually(async () => (await raw.get(TRENDING)).headers.etag !== etag);

describe('public article answers for a visitor', () => {
  it.each([LATEST, TRENDING, SEARCH])(
    '%s is public, cacheable briefly, with an ETag',
    async (path) => {
      const res = await raw.get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      const maxAge = Number(/max-age=(\d+)/.exec(res.headers['cache-control']!)![1]);
      expect(maxAge).toBeLessThanOrEqual(TTL_SECONDS);
      expect(res.headers.etag).toMatch(/^W\/".+"$/);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.headers.vary).toMatch(/Authorization/);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect((res.json().articles as unknown[]).length).toBeGreaterThan(0);
      expect(res.json()).not.toHaveProperty('AccessToken');
    },
  );

  it('answers 304 with no body to a matching If-None-Match, 200 to another', async () => {
    const first = await raw.get(article());
    const etag = first.headers.etag!;
    const again = await raw.get(article(), { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const listed = await raw.get(article(), { 'If-None-Match': `"other", ${etag}` });
    expect(listed.status).toBe(304);
    const other = await raw.get(article(), { 'If-None-Match': 'W/"something-else"' });
    expect(other.status).toBe(200);
    expect(other.json()).toEqual(first.json());
  });

  it('sends gzip or brotli when asked, decoding to the same JSON', async () => {
    const plain = await raw.get(LATEST);
    const gzip = await raw.get(LATEST, { 'Accept-Encoding': 'gzip' });
    const br = await raw.get(LATEST, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.gunzipSync(gzip.body)).toEqual(plain.body);
    expect(zlib.brotliDecompressSync(br.body)).toEqual(plain.body);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 2);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(br.headers.etag).toBe(plain.headers.etag);
    // Refused or unknown encodings: the plain body.
    const refused = await raw.get(LATEST, { 'Accept-Encoding': 'br;q=0, gzip;q=0, zstd' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toEqual(plain.body);
    const gzipPreferred = await raw.get(LATEST, { 'Accept-Encoding': 'br;q=0.5, gzip' });
    expect(gzipPreferred.headers['content-encoding']).toBe('gzip');
  });

  it('shows a new like count at once on the article after a like (its prepared answer is dropped)', async () => {
    const before = await raw.get(article());
    expect(likesOf(before.json())).toBe(0);
    // Written behind the app's back (as another instance would): the prepared answer stays.
    await ctx.database.pool.query('update articles set title = $2 where id = $1', [
      articleId,
      'Changed elsewhere',
    ]);
    expect((await raw.get(article())).body).toEqual(before.body);

    await ctx
      .request()
      .post('/api/userinteractions/like')
      .set(reader.auth())
      .send({ article_id: articleId })
      .expect(200);
    const after = await raw.get(article());
    expect(likesOf(after.json())).toBe(1);
    expect((after.json().article as { title: string }).title).toBe('Changed elsewhere');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // The old ETag no longer matches.
    const revalidated = await raw.get(article(), { 'If-None-Match': before.headers.etag! });
    expect(revalidated.status).toBe(200);

    const listed = (await raw.get(`${LATEST}?limit=100`)).json().articles as {
      _id: string;
      likes: number;
    }[];
    expect(listed.find((a) => a._id === articleId)?.likes).toBe(1);
  });

  it('keeps answers that do not show the liked article, and reorders trending', async () => {
    const [lighthouse] = await insertArticles(ctx.deps.db, [
      { title: 'Lighthouse keeper retires', pubDate: new Date(Date.UTC(2022, 7, 1)) },
    ]);
    const lighthouseSearch = '/api/articles/getarticlebykeyword?keyword=lighthouse';
    const titleOf = async () =>
      ((await raw.get(lighthouseSearch)).json().articles as { title: string; likes: number }[])[0]!;
    expect((await titleOf()).title).toBe('Lighthouse keeper retires');
    await ctx.database.pool.query('update articles set title = $2 where id = $1', [
      lighthouse!.id,
      'Lighthouse keeper stays',
    ]);
    const trendingBefore = await raw.get(TRENDING);

    // A like on another article: this search does not show it, trending depends on it.
    await ctx
      .request()
      .post('/api/userinteractions/like')
      .set(reader.auth())
      .send({ article_id: articleId })
      .expect(200);
    expect((await titleOf()).title).toBe('Lighthouse keeper retires');
    expect(await trendingEtagChangesFrom(trendingBefore.headers.etag!)).toBe(true);

    // A like on the article it shows: rebuilt, within LIST_STALE_MS.
    await ctx
      .request()
      .post('/api/userinteractions/like')
      .set(reader.auth())
      .send({ article_id: lighthouse!.id })
      .expect(200);
    expect(await eventually(async () => (await titleOf()).likes === 1)).toBe(true);
    expect(await titleOf()).toMatchObject({ title: 'Lighthouse keeper stays', likes: 1 });
  });

  it('keeps a search’s order through likes (only its rows are read again) and ranks again when articles change', async () => {
    const [dolphin, whale] = await insertArticles(ctx.deps.db, [
      { title: 'Dolphin pod seen offshore', pubDate: new Date(Date.UTC(2022, 6, 2)) },
      { title: 'Whale watchers count a dolphin', pubDate: new Date(Date.UTC(2022, 6, 1)) },
    ]);
    const dolphinSearch = '/api/articles/getarticlebykeyword?keyword=dolphin';
    const shown = async () =>
      ((await raw.get(dolphinSearch)).json().articles as { _id: string; likes: number }[]).map(
        (a) => `${a._id === dolphin!.id ? 'dolphin' : 'whale'}:${a.likes}`,
      );
    expect(await shown()).toEqual(['dolphin:0', 'whale:0']);
    // Behind the app's back, the second becomes the better match (its title says it thrice).
    await ctx.database.pool.query('update articles set title = $2 where id = $1', [
      whale!.id,
      'Dolphin, dolphin, dolphin: whale watchers count them',
    ]);

    await ctx
      .request()
      .post('/api/userinteractions/like')
      .set(reader.auth())
      .send({ article_id: whale!.id })
      .expect(200);
    // The new count shows, in the order ranked before: a like never ranks a search again.
    expect(await eventually(async () => (await shown()).includes('whale:1'))).toBe(true);
    expect(await shown()).toEqual(['dolphin:0', 'whale:1']);

    // Articles added or removed (ingestion, seeding): ranked again.
    ctx.deps.changes.articlesChanged();
    expect(await shown()).toEqual(['whale:1', 'dolphin:0']);
  });

  it('drops prepared answers after a save too, and lists new likes in trending', async () => {
    const before = await raw.get(TRENDING);
    await ctx
      .request()
      .post('/api/userinteractions/save')
      .set(reader.auth())
      .send({ article_id: articleId })
      .expect(200);
    expect(await trendingEtagChangesFrom(before.headers.etag!)).toBe(true);
  });

  it('serves the previous trending answer for a moment after a like, never cacheable', async () => {
    // Earlier likes may still be settling: start from a fresh, cacheable body.
    const fresh = async () =>
      /^public, max-age=[1-9]/.test((await raw.get(TRENDING)).headers['cache-control'] ?? '');
    expect(await eventually(fresh)).toBe(true);
    const before = await raw.get(TRENDING);
    expect(before.headers['cache-control']).toMatch(/^public, max-age=[1-9]/);
    await ctx
      .request()
      .post('/api/userinteractions/like')
      .set(reader.auth())
      .send({ article_id: articleId })
      .expect(200);
    const next = await raw.get(TRENDING);
    // Either already rebuilt, or the previous body, which no browser may keep.
    if (next.headers.etag === before.headers.etag)
      expect(next.headers['cache-control']).toBe('public, max-age=0');
    expect(await trendingEtagChangesFrom(before.headers.etag!)).toBe(true);
  });
});

describe('public article answers for a signed-in reader', () => {
  it.each([LATEST, TRENDING, SEARCH])(
    '%s carries AccessToken, is private and never stored',
    async (path) => {
      const visitor = (await raw.get(path)).json();
      const res = await raw.get(path, reader.auth());
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
      const body = res.json();
      expect(body.AccessToken).toEqual(expect.any(String));
      const { AccessToken: _token, ...rest } = body;
      expect(rest).toEqual(visitor);
    },
  );

  it('sends the token inside a valid gzip body, and brotli when gzip is refused', async () => {
    const plain = await raw.get(article(), reader.auth());
    const gzip = await raw.get(article(), { ...reader.auth(), 'Accept-Encoding': 'gzip, br' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const gunzipped = JSON.parse(zlib.gunzipSync(gzip.body).toString('utf8'));
    expect(gunzipped.AccessToken).toEqual(expect.any(String));
    expect(gunzipped.article).toEqual(plain.json().article);
    const brOnly = await raw.get(article(), { ...reader.auth(), 'Accept-Encoding': 'br' });
    expect(brOnly.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(brOnly.body).toString('utf8'))).toMatchObject({
      article: plain.json().article,
      AccessToken: expect.any(String),
    });
  });

  it('answers a forged token a visitor’s body, but privately (a request with credentials)', async () => {
    const res = await raw.get(LATEST, { Authorization: 'Bearer not.a.token' });
    expect(res.status).toBe(200);
    expect(res.json()).not.toHaveProperty('AccessToken');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('other JSON answers', () => {
  it('are compressed when large enough and the client accepts it', async () => {
    await insertArticles(
      ctx.deps.db,
      Array.from({ length: 5 }, () => ({ title: 'x'.repeat(400) })),
    );
    const ids = (await raw.get(`${LATEST}?limit=100`)).json().articles as { _id: string }[];
    for (const { _id } of ids.slice(0, 10)) {
      await ctx
        .request()
        .post('/api/userinteractions/save')
        .set(reader.auth())
        .send({ article_id: _id });
    }
    const res = await raw.get('/api/articles/getsavedarticles', {
      ...reader.auth(),
      'Accept-Encoding': 'gzip',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.json().savedArticles).toEqual(expect.any(Array));
  });
});
