import { CATEGORY_IDS, type PublicUser } from '@lede/shared';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context.js';
import { insertArticles } from './fixtures.js';
import { PASSWORD, uniqueEmail } from './flows.js';

/**
 * A client written to product-spec.md section 7, as the spec's own web client behaves: it stores
 * every `AccessToken` it receives, reads `user` from every profile change, sends the bearer on
 * every call and logs out on any 401 or 403 (except a 403 with `needsPreferences`). Driven
 * through a whole reader's life, it must never be logged out.
 */
class SpecClient {
  token: string | undefined;
  user: PublicUser | undefined;
  loggedOutBy: string | undefined;
  private readonly browser: supertest.Agent;

  constructor(ctx: TestContext) {
    this.browser = ctx.request(); // keeps cookies, like a browser
  }

  async call(method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) {
    let req = this.browser[method](`/api${path}`);
    if (this.token) req = req.set('Authorization', `Bearer ${this.token}`);
    const res = body ? await req.send(body) : await req;
    if ((res.status === 401 || res.status === 403) && !res.body.needsPreferences) {
      this.loggedOutBy = `${method.toUpperCase()} ${path} → ${res.status} ${res.body.message}`;
      this.token = undefined;
      this.user = undefined;
    }
    if (res.status < 400 && 'AccessToken' in res.body) this.token = res.body.AccessToken;
    if (res.status < 400 && res.body.user) this.user = res.body.user;
    return res;
  }
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertArticles(
    ctx.database.db,
    CATEGORY_IDS.flatMap((category) =>
      Array.from({ length: 8 }, (_, i) => ({
        title: `${category} story ${i} about the climate election`,
        categories: [category],
        pubDate: new Date(Date.UTC(2022, 8, 20, i)),
      })),
    ),
  );
});
afterAll(async () => {
  await ctx.close();
});

describe("a client written to the spec's section 7", () => {
  it('goes through a whole reader life without ever being logged out', async () => {
    const client = new SpecClient(ctx);
    const email = uniqueEmail('spec');
    const ok = async (res: Promise<supertest.Response>, status = 200) => {
      const r = await res;
      expect(
        r.status,
        `${JSON.stringify(r.body).slice(0, 200)} (${client.loggedOutBy ?? ''})`,
      ).toBe(status);
      return r;
    };

    // Sign-up with a code.
    const sent = await ok(client.call('post', '/auth/send-otp', { email }));
    const code = await ctx.mail.lastCode(email);
    await ok(client.call('post', '/auth/verify-otp', { email, otp: code, hash: sent.body.hash }));
    const signup = await ok(
      client.call('post', '/auth/signup', { name: 'Grace Hopper', email, password: PASSWORD }),
      201,
    );
    client.user = signup.body.newUser;
    expect(client.token).toEqual(expect.any(String));

    // No interests yet: the feed is empty and refresh asks for preferences (not a logout).
    expect((await ok(client.call('get', '/recommendations/get'))).body.recommendations).toEqual([]);
    const needs = await client.call('post', '/recommendations/refresh');
    expect(needs.status).toBe(403);
    expect(needs.body.needsPreferences).toBe(true);

    // Preferences, then the feed.
    await ok(
      client.call('post', '/profile/setinterests', { interests: ['science', 'travel', 'food'] }),
    );
    expect(client.user!.interests).toEqual(['science', 'travel', 'food']);
    const feed = await ok(client.call('get', '/recommendations/get'));
    expect(feed.body.recommendations.length).toBeGreaterThan(0);
    const first = feed.body.recommendations[0].article_id._id as string;

    // Reading, reacting, saving, sharing, searching.
    await ok(client.call('post', '/articles/markviewed', { article_id: first }));
    await ok(client.call('post', '/recommendations/markasread', { articleId: first }));
    await ok(client.call('post', '/userinteractions/like', { article_id: first }));
    await ok(client.call('post', '/userinteractions/save', { article_id: first }));
    await ok(client.call('post', '/userinteractions/share', { article_id: first }));
    await ok(client.call('get', '/articles/getarticlebykeyword?keyword=climate'));
    await ok(client.call('get', '/articles/getlatesttrendingarticles'));
    await ok(client.call('get', `/articles/getarticlebyid?article_id=${first}`));
    expect((await ok(client.call('get', '/articles/getlikedarticleids'))).body).toMatchObject({
      likedArticleIds: [first],
    });
    await ok(client.call('get', '/articles/getdislikedarticleids'));
    await ok(client.call('get', '/articles/getsavedarticleids'));
    await ok(client.call('get', '/articles/getsavedarticles'));
    await ok(client.call('get', '/userinteractions/recentactivity'));
    await ok(client.call('get', '/profile/getstreak'));
    await ok(client.call('post', '/recommendations/refresh'));

    // The access token expires while the tab sleeps; the tab wakes up with three calls at once.
    ctx.clock.advance(16 * 60_000);
    const woke = await Promise.all([
      client.call('get', '/recommendations/get'),
      client.call('get', '/articles/getlikedarticleids'),
      client.call('get', '/profile/getstreak'),
    ]);
    expect(woke.map((r) => r.status)).toEqual([200, 200, 200]);

    // Every profile change answers with the user the client keeps.
    await ok(client.call('put', '/profile/editname', { name: 'Grace B. Hopper' }));
    expect(client.user!.name).toBe('Grace B. Hopper');
    await ok(client.call('put', '/profile/toggletheme', { theme: 'dark' }));
    expect(client.user!.theme).toBe('dark');
    await ok(client.call('put', '/profile/timezone', { timezone: 'Europe/Paris' }));
    expect(client.user!.timezone).toBe('Europe/Paris');
    await ok(
      client.call('put', '/profile/updateprofilepicture', {
        profile_url: '/media/default-avatar.svg',
      }),
    );
    await ok(client.call('put', '/profile/resetinterests'));
    expect(client.user!.interests).toEqual([]);
    await ok(
      client.call('post', '/profile/setinterests', { interests: ['health', 'world', 'sports'] }),
    );

    // The verified e-mail change: a code to the new address, then the change. The sign-in was
    // over 10 minutes ago (REAUTH_WINDOW_SECONDS), so the first step carries the password.
    const next = uniqueEmail('spec-moved');
    const pending = await ok(
      client.call('put', '/profile/changeemail', { email: next, password: PASSWORD }),
    );
    expect(client.user!.email).toBe(email);
    const newCode = await ctx.mail.lastCode(next);
    await ok(
      client.call('put', '/profile/changeemail', {
        email: next,
        otp: newCode,
        hash: pending.body.hash,
      }),
    );
    expect(client.user!.email).toBe(next);

    // Still signed in afterwards, with the token the last answer carried.
    await ok(client.call('get', '/recommendations/get'));
    await ok(client.call('post', '/userinteractions/dislike', { article_id: first }));
    expect(client.loggedOutBy).toBeUndefined();
  });
});
