import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_IDS } from '@lede/shared';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { insertArticles } from '../../../test/fixtures.js';
import { signUp, uniqueEmail } from '../../../test/flows.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** A reader signed up through the real flow; requests then carry only the bearer token. */
async function signUpReader(context: TestContext) {
  const email = uniqueEmail('profile');
  const { token, user } = await signUp(context, context.request(), { email });
  return { id: user._id as string, email, auth: { Authorization: `Bearer ${token}` } };
}
type SignedUpReader = Awaited<ReturnType<typeof signUpReader>>;

/** The user's row as stored, in database column names. */
const userRow = async (context: TestContext, id: string) =>
  (await context.database.pool.query('select * from users where id = $1', [id])).rows[0];

const publicUser = (over: Record<string, unknown> = {}) => ({
  _id: expect.any(String),
  name: 'Ada Lovelace',
  email: expect.any(String),
  profile_url: '/media/default-avatar.svg',
  theme: 'light',
  theme_chosen: false,
  interests: [],
  timezone: 'UTC',
  createdAt: expect.any(String),
  ...over,
});

/** A request with only the bearer token, no refresh cookie. */
const asReader = (reader: SignedUpReader) => ({
  put: (path: string) => ctx.request().put(path).set(reader.auth),
  post: (path: string) => ctx.request().post(path).set(reader.auth),
  get: (path: string) => ctx.request().get(path).set(reader.auth),
});

describe('every profile call needs a signed-in reader', () => {
  const calls: [string, string][] = [
    ['put', '/api/profile/editname'],
    ['put', '/api/profile/changeemail'],
    ['put', '/api/profile/toggletheme'],
    ['put', '/api/profile/resetinterests'],
    ['post', '/api/profile/setinterests'],
    ['put', '/api/profile/timezone'],
    ['put', '/api/profile/updateprofilepicture'],
    ['post', '/api/profile/uploadpicture'],
    ['delete', '/api/profile/deleteaccount'],
    ['get', '/api/profile/getstreak'],
  ];
  it.each(calls)('%s %s without a token is 401 JSON', async (method, path) => {
    const agent = ctx.request();
    const res = await (
      method === 'put'
        ? agent.put(path)
        : method === 'post'
          ? agent.post(path)
          : method === 'delete'
            ? agent.delete(path)
            : agent.get(path)
    ).send({});
    expect(res.status).toBe(401);
    expect(res.type).toBe('application/json');
    expect(res.body).toEqual({ message: 'Authentication required', code: 'UNAUTHENTICATED' });
  });

  it('a forged token is 401', async () => {
    const res = await ctx
      .request()
      .get('/api/profile/getstreak')
      .set('Authorization', 'Bearer not.a.token');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Invalid or expired token', code: 'INVALID_TOKEN' });
  });
});

describe('PUT /api/profile/editname', () => {
  it('renames the reader and returns the user with a fresh access token', async () => {
    const reader = await signUpReader(ctx);
    const res = await asReader(reader)
      .put('/api/profile/editname')
      .send({ name: '  Grace Hopper ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Name updated successfully',
      user: publicUser({ _id: reader.id, name: 'Grace Hopper', email: reader.email }),
      AccessToken: expect.any(String),
    });
    expect((await userRow(ctx, reader.id))!.name).toBe('Grace Hopper');
    await ctx
      .request()
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${res.body.AccessToken}`)
      .expect(200);
  });

  it.each([
    ['an operator object', { name: { $gt: '' } }],
    ['a blank name', { name: '   ' }],
    ['no name', {}],
    ['a name over 100 characters', { name: 'x'.repeat(101) }],
  ])('refuses %s with 400 and keeps the old name', async (_case, body) => {
    const reader = await signUpReader(ctx);
    const res = await asReader(reader).put('/api/profile/editname').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: expect.any(String),
      errors: [expect.objectContaining({ path: 'name' })],
    });
    expect((await userRow(ctx, reader.id))!.name).toBe('Ada Lovelace');
  });

  it('refuses malformed JSON with 400', async () => {
    const reader = await signUpReader(ctx);
    const res = await asReader(reader)
      .put('/api/profile/editname')
      .set('Content-Type', 'application/json')
      .send('{"name":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body', code: 'MALFORMED_JSON' });
  });
});

describe('PUT /api/profile/toggletheme', () => {
  it('stores the theme, which the next sign-in sees', async () => {
    const reader = await signUpReader(ctx);
    const res = await asReader(reader).put('/api/profile/toggletheme').send({ theme: 'dark' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      AccessToken: expect.any(String),
      message: 'Theme updated successfully',
      user: publicUser({ _id: reader.id, email: reader.email, theme: 'dark', theme_chosen: true }),
    });
    expect((await userRow(ctx, reader.id))!.theme).toBe('dark');
    const me = await asReader(reader).get('/api/auth/me');
    expect(me.body.user.theme).toBe('dark');

    await asReader(reader).put('/api/profile/toggletheme').send({ theme: 'light' }).expect(200);
    expect((await userRow(ctx, reader.id))!).toMatchObject({ theme: 'light', theme_chosen: true });
  });

  it('says a new account has no theme picked, so its pages follow the device', async () => {
    const reader = await signUpReader(ctx);
    const me = await asReader(reader).get('/api/auth/me');
    expect(me.body.user).toMatchObject({ theme: 'light', theme_chosen: false });
  });

  it.each([[{ theme: 'blue' }], [{ theme: ['dark'] }], [{}]])(
    'refuses %j with 400',
    async (body) => {
      const reader = await signUpReader(ctx);
      const res = await asReader(reader).put('/api/profile/toggletheme').send(body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe('theme');
      expect((await userRow(ctx, reader.id))!).toMatchObject({
        theme: 'light',
        theme_chosen: false,
      });
    },
  );
});

describe('interests', () => {
  it('POST setinterests stores 3 to 15 distinct categories', async () => {
    const reader = await signUpReader(ctx);
    const three = ['technology', 'world', 'food'];
    const res = await asReader(reader).post('/api/profile/setinterests').send({ interests: three });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      AccessToken: expect.any(String),
      message: 'Interests saved successfully',
      user: publicUser({ _id: reader.id, email: reader.email, interests: three }),
    });
    expect((await userRow(ctx, reader.id))!.interests).toEqual(three);

    const all = [...CATEGORY_IDS];
    await asReader(reader).post('/api/profile/setinterests').send({ interests: all }).expect(200);
    expect((await userRow(ctx, reader.id))!.interests).toEqual(all);
  });

  it.each([
    ['2 items', { interests: ['technology', 'world'] }],
    [
      '16 items',
      {
        interests: [
          ...Array(15)
            .fill(0)
            .map((_, i) => `c${i}`),
          'technology',
        ],
      },
    ],
    [
      '16 known items with repeats',
      {
        interests: [...CATEGORY_IDS, 'technology'],
      },
    ],
    ['duplicates', { interests: ['technology', 'technology', 'world'] }],
    ['an unknown id', { interests: ['technology', 'world', 'astrology'] }],
    ['a non-array', { interests: 'technology,world,food' }],
    ['an operator object', { interests: { $in: ['technology'] } }],
    ['nothing', {}],
  ])('refuses %s with 400 and keeps the old interests', async (_case, body) => {
    const reader = await signUpReader(ctx);
    await asReader(reader)
      .post('/api/profile/setinterests')
      .send({ interests: ['health', 'sports', 'travel'] })
      .expect(200);
    const res = await asReader(reader).post('/api/profile/setinterests').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: expect.any(String), errors: expect.any(Array) });
    expect((await userRow(ctx, reader.id))!.interests).toEqual(['health', 'sports', 'travel']);
  });

  it('PUT resetinterests empties them', async () => {
    const reader = await signUpReader(ctx);
    await asReader(reader)
      .post('/api/profile/setinterests')
      .send({ interests: ['health', 'sports', 'travel'] })
      .expect(200);
    const res = await asReader(reader).put('/api/profile/resetinterests');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      AccessToken: expect.any(String),
      message: 'Interests reset successfully',
      user: publicUser({ _id: reader.id, email: reader.email }),
    });
    expect((await userRow(ctx, reader.id))!.interests).toEqual([]);
  });
});

describe('PUT /api/profile/timezone', () => {
  it('stores an IANA zone', async () => {
    const reader = await signUpReader(ctx);
    const res = await asReader(reader)
      .put('/api/profile/timezone')
      .send({ timezone: 'Asia/Kolkata' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      AccessToken: expect.any(String),
      message: 'Time zone updated successfully',
      user: publicUser({ _id: reader.id, email: reader.email, timezone: 'Asia/Kolkata' }),
    });
    expect((await userRow(ctx, reader.id))!.timezone).toBe('Asia/Kolkata');
  });

  it.each([
    [{ timezone: 'Mars/Olympus_Mons' }],
    [{ timezone: "UTC'; drop table users; --" }],
    [{ timezone: 5 }],
    [{}],
  ])('refuses %j with 400', async (body) => {
    const reader = await signUpReader(ctx);
    const res = await asReader(reader).put('/api/profile/timezone').send(body);
    expect(res.status).toBe(400);
    expect((await userRow(ctx, reader.id))!.timezone).toBe('UTC');
  });
});

describe('GET /api/profile/getstreak', () => {
  async function readOn(readerId: string, days: string[]) {
    const articles = await insertArticles(
      ctx.database.db,
      days.map(() => ({})),
    );
    for (const [i, day] of days.entries()) {
      await ctx.database.pool.query(
        `insert into article_views (user_id, article_id, viewed_at, local_day) values ($1, $2, $3::date + time '12:00', $3)`,
        [readerId, articles[i]!.id, day],
      );
    }
  }

  it('is 0 for a reader who has read nothing', async () => {
    const reader = await signUpReader(ctx);
    const res = await asReader(reader).get('/api/profile/getstreak');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ AccessToken: expect.any(String), streak: 0 });
  });

  it("counts consecutive reading days in the reader's own time zone, at the clock's now", async () => {
    ctx.clock.set('2030-03-10T11:00:00Z');
    const reader = await signUpReader(ctx);
    await readOn(reader.id, ['2030-03-07', '2030-03-08', '2030-03-09']);
    // In UTC it is the 10th: the run ended yesterday and still counts.
    expect((await asReader(reader).get('/api/profile/getstreak')).body).toEqual({
      AccessToken: expect.any(String),
      streak: 3,
    });
    // On Kiritimati (UTC+14) it is already the 11th: a day was missed.
    await asReader(reader)
      .put('/api/profile/timezone')
      .send({ timezone: 'Pacific/Kiritimati' })
      .expect(200);
    expect((await asReader(reader).get('/api/profile/getstreak')).body).toEqual({
      AccessToken: expect.any(String),
      streak: 0,
    });
  });
});
