import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { listenRaw } from '../../test/raw-http.js';
import { isNavigation } from './static-web.js';

let ctx: TestContext;
let raw: Awaited<ReturnType<typeof listenRaw>>;
let webDist: string;

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-4f3a9c.js"></script></head><body><div id="root"></div></body></html>';
/** The web build's page for /article/...: index.html that also preloads the screen's code. */
const ARTICLE_PAGE = INDEX.replace(
  '</head>',
  '<link rel="modulepreload" crossorigin href="/assets/article-9d1e2f.js" /></head>',
);
/** The web build's service worker and web app manifest, at its root. */
const SERVICE_WORKER = 'self.addEventListener("fetch", () => {});\n';
const WEB_MANIFEST = JSON.stringify({ name: 'Lede', start_url: '/', display: 'standalone' });
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(300))};\n`;

beforeAll(async () => {
  // A built client as the web build leaves it: hashed assets with .br/.gz beside them.
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-web-dist-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
  await fs.mkdir(path.join(webDist, 'pages'));
  await fs.writeFile(path.join(webDist, 'pages', 'article.html'), ARTICLE_PAGE);
  await fs.writeFile(
    path.join(webDist, 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  await fs.writeFile(path.join(webDist, 'sw.js'), SERVICE_WORKER);
  await fs.writeFile(path.join(webDist, 'manifest.webmanifest'), WEB_MANIFEST);
  const script = path.join(webDist, 'assets', 'index-4f3a9c.js');
  await fs.writeFile(script, SCRIPT);
  await fs.writeFile(`${script}.gz`, zlib.gzipSync(SCRIPT));
  await fs.writeFile(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  ctx = await createTestContext({ webDist });
  raw = await listenRaw(ctx.app);
});
afterAll(async () => {
  await raw?.close();
  await ctx?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('the built web client', () => {
  it('serves hashed assets for a year, immutable, pre-compressed as accepted', async () => {
    const asset = '/assets/index-4f3a9c.js';
    const plain = await raw.get(asset);
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toMatch(/^text\/javascript/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);

    const br = await raw.get(asset, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.decoded().toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 4);

    const gzip = await raw.get(asset, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.decoded().toString()).toBe(SCRIPT);
  });

  it('answers 404 for an unknown asset, never index.html', async () => {
    for (const missing of ['/assets/index-000000.js', '/assets/nested/x.css', '/assets/']) {
      const res = await raw.get(missing, { Accept: 'text/html' });
      expect(res.status, missing).toBe(404);
      expect(res.body.toString()).not.toContain('<div id="root">');
    }
    expect((await raw.get('/robots.txt')).status).toBe(404);
  });

  it('serves index.html for client routes, always revalidated', async () => {
    for (const route of ['/', '/profile', '/Explore/', '/search']) {
      const res = await raw.get(route, { Accept: 'text/html' });
      expect(res.status, route).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.decoded().toString()).toBe(INDEX);
    }
    const first = await raw.get('/profile');
    expect(first.headers.etag).toEqual(expect.any(String));
    const again = await raw.get('/profile', { 'If-None-Match': first.headers.etag! });
    expect(again.status).toBe(304);
  });

  it("serves a screen's own page, which preloads its code, for its path and below", async () => {
    const res = await raw.get('/article/1b4e28ba-2fa1-11d2-883f-0016d3cca427', {
      Accept: 'text/html',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.decoded().toString()).toBe(ARTICLE_PAGE);
  });

  it('answers 404 with index.html (the client shows its not-found page) for an address of no page', async () => {
    for (const route of [
      '/not/a/screen',
      '/pages',
      '/pages/article',
      '/article',
      '/articles/x',
      '/story/1/2',
    ]) {
      const res = await raw.get(route, { Accept: 'text/html' });
      expect(res.status, route).toBe(404);
      expect(res.headers['content-type'], route).toMatch(/^text\/html/);
      expect(res.decoded().toString(), route).toBe(INDEX);
    }
    // A 404 page is never answered 304 for an earlier copy.
    const first = await raw.get('/not/a/screen');
    const again = await raw.get('/not/a/screen', { 'If-None-Match': first.headers.etag ?? '*' });
    expect(again.status).toBe(404);
    // The API keeps its own answers.
    const api = await raw.get('/api/no-such-route');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });

  it('serves other built files (favicon), revalidated since their names never change', async () => {
    const res = await raw.get('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const again = await raw.get('/favicon.svg', { 'If-None-Match': res.headers.etag! });
    expect(again.status).toBe(304);
  });
});

describe('the service worker and the web app manifest', () => {
  it('serves /sw.js as a script, always revalidated, never cached for good', async () => {
    const res = await raw.get('/sw.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.decoded().toString()).toBe(SERVICE_WORKER);
    // At the root its scope is the whole app: no Service-Worker-Allowed needed.
    expect(res.headers['service-worker-allowed']).toBeUndefined();
    // Its own policy: it may fetch the pictures of saved articles from news sites over https.
    expect(res.headers['content-security-policy']).toContain("connect-src 'self' https:");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // The pages keep theirs: connect-src 'self' alone.
    const page = await raw.get('/');
    expect(page.headers['content-security-policy']).toMatch(/connect-src 'self'(;|$)/);
    const again = await raw.get('/sw.js', { 'If-None-Match': res.headers.etag! });
    expect(again.status).toBe(304);
  });

  it('serves /manifest.webmanifest as application/manifest+json, always revalidated', async () => {
    const res = await raw.get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ name: 'Lede', start_url: '/' });
  });

  it('answers a missing worker script 404, never with index.html', async () => {
    const res = await raw.get('/sw-old.js', { Accept: '*/*' });
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain('<div id="root">');
  });
});

describe('/media', () => {
  it('serves the bundled images and answers 404 for a missing file', async () => {
    const image = await raw.get('/media/default-article.svg');
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    for (const missing of ['/media/missing.png', '/media/avatars/missing.webp', '/media/']) {
      const res = await raw.get(missing, { Accept: 'text/html' });
      expect(res.status, missing).toBe(404);
      expect(res.body.toString()).not.toContain('<div id="root">');
    }
  });
});

describe('/api', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await raw.get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.json()).toHaveProperty('message');
  });
});

describe('isNavigation', () => {
  it('is true only for client routes', () => {
    expect(isNavigation('/')).toBe(true);
    expect(isNavigation('/search')).toBe(true);
    expect(isNavigation('/article/abc')).toBe(true);
    expect(isNavigation('/favicon.ico')).toBe(false);
    expect(isNavigation('/assets/app')).toBe(false);
    expect(isNavigation('/media/x')).toBe(false);
    expect(isNavigation('/api/articles')).toBe(false);
    expect(isNavigation('/api')).toBe(false);
  });
});
