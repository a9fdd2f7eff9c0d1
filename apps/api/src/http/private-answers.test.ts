import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { addVary, privateAnswers } from './private-answers.js';

/** A small app: the middleware, then answers that set their own caching headers. */
function app() {
  const a = express();
  a.use(
    privateAnswers(
      (headers) => headers.authorization !== undefined || !!headers.cookie?.includes('session='),
    ),
  );
  a.get('/public', (_req, res) => {
    res.vary('Origin');
    res.set('Cache-Control', 'public, max-age=60').json({ n: 1 });
  });
  a.get('/varies', (_req, res) => {
    res.setHeader('Vary', 'accept-encoding, AUTHORIZATION');
    res.json({ n: 2 });
  });
  a.get('/fails', () => {
    throw new Error('boom');
  });
  a.use(((_err, _req, res, _next) => {
    res.status(500).json({ message: 'failed' });
  }) as express.ErrorRequestHandler);
  return a;
}

const vary = (res: supertest.Response) => String(res.headers.vary);

describe('privateAnswers', () => {
  const t = supertest(app());

  it('leaves a visitor’s answer as its handler made it: caching, ETag, 304', async () => {
    const res = await t.get('/public').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(vary(res)).toBe('Origin');
    expect(res.headers.etag).toBeDefined();
    await t.get('/public').set('If-None-Match', res.headers.etag!).expect(304);
    // A cookie that is not the session's is no credential.
    const themed = await t.get('/public').set('Cookie', 'theme=dark').expect(200);
    expect(themed.headers['cache-control']).toBe('public, max-age=60');
  });

  it('makes an answer to a request with credentials private, whatever the handler said', async () => {
    const etag = (await t.get('/public')).headers.etag!;
    for (const credentials of [{ Authorization: 'Bearer x' }, { Cookie: 'a=1; session=2' }]) {
      const res = await t
        .get('/public')
        .set(credentials)
        .set('If-None-Match', etag)
        .set('If-Modified-Since', new Date().toUTCString())
        .expect(200);
      expect(res.body).toEqual({ n: 1 });
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(vary(res)).toBe('Origin, Authorization, Cookie');
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('names each Vary field once, and covers error answers', async () => {
    const varies = await t.get('/varies').set('Authorization', 'Bearer x').expect(200);
    expect(vary(varies)).toBe('accept-encoding, AUTHORIZATION, Cookie');
    const failed = await t.get('/fails').set('Authorization', 'Bearer x').expect(500);
    expect(failed.headers['cache-control']).toBe('private, no-store');
    expect(vary(failed)).toBe('Authorization, Cookie');
  });
});

describe('addVary', () => {
  const answer = (vary?: string | string[]) => {
    const headers = new Map<string, unknown>(vary === undefined ? [] : [['vary', vary]]);
    return {
      getHeader: (name: string) => headers.get(name.toLowerCase()) as string | undefined,
      setHeader(name: string, value: unknown) {
        headers.set(name.toLowerCase(), value);
        return this as never;
      },
      vary: () => headers.get('vary'),
    };
  };

  it('merges without repeating, whatever the case; `*` stays', () => {
    const cases: [string | string[] | undefined, string][] = [
      [undefined, 'Authorization, Cookie'],
      ['Accept-Encoding', 'Accept-Encoding, Authorization, Cookie'],
      ['Accept-Encoding, cookie', 'Accept-Encoding, cookie, Authorization'],
      [['Origin', 'Accept-Encoding'], 'Origin, Accept-Encoding, Authorization, Cookie'],
      ['*', '*'],
    ];
    for (const [before, after] of cases) {
      const res = answer(before);
      addVary(res, ['Authorization', 'Cookie']);
      expect(res.vary()).toBe(after);
    }
  });
});
