import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import type { AppConfig } from '../src/deps.js';
import type { Logger } from '../src/lib/logger.js';
import { REFRESH_COOKIE } from '../src/modules/auth/tokens.service.js';
import { createTestContext, type TestContext } from './context.js';
import { contractAgent } from './contract.js';
import { signUp, uniqueEmail } from './flows.js';
import { memoryLogger } from './memory-logger.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const HTTPS_ORIGIN = 'https://news.example.org';

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-web-dist-'));
  await fs.writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  // Production, on the default origin: a server opened as http://<host>:3000.
  ctx = await createTestContext({ env: 'production', webDist });
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

/** The app as an operator configured it, on the test database and mail server. */
function browserOf(config: Partial<AppConfig> = {}, logger: Logger = ctx.deps.logger) {
  return contractAgent(
    createApp({ ...ctx.deps, config: { ...ctx.deps.config, ...config }, logger }),
  );
}

function refreshCookieOf(res: supertest.Response): string {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = cookies.find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  if (!cookie) throw new Error(`no ${REFRESH_COOKIE} cookie in ${JSON.stringify(cookies)}`);
  return cookie;
}

const isSecure = (cookie: string) => /;\s*Secure(;|$)/i.test(cookie);

async function signedUpCookie(browser: supertest.Agent): Promise<string> {
  const { res } = await signUp(ctx, browser, { email: uniqueEmail() });
  return refreshCookieOf(res);
}

/** The Content-Security-Policy header, directive by directive. */
function policyOf(res: supertest.Response): Record<string, string> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources.join(' ')];
    }),
  );
}

/**
 * Exactly the origins the web client uses, nothing more: it calls only its own origin (the API
 * uploads profile pictures to Cloudinary itself), shows images from news sites' https hosts and
 * data: previews, and loads no font or stylesheet from elsewhere.
 */
const PAGE_POLICY = {
  'default-src': "'self'",
  'base-uri': "'self'",
  'connect-src': "'self'",
  'font-src': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'self'",
  'img-src': "'self' data: https:",
  'object-src': "'none'",
  'script-src': "'self'",
  'script-src-attr': "'none'",
  'style-src': "'self' 'unsafe-inline'",
};

function expectPlainHttpHeaders(res: supertest.Response): void {
  expect(res.headers['strict-transport-security']).toBeUndefined();
  expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
}

function expectHttpsHeaders(res: supertest.Response): void {
  expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
}

describe('served over plain HTTP (the default origin), in production', () => {
  it('sends no HSTS and does not upgrade the page’s requests to HTTPS', async () => {
    const browser = browserOf();
    for (const url of ['/', '/api/health', '/media/default-avatar.svg']) {
      const res = await browser.get(url);
      expect(res.status, url).toBe(200);
      expectPlainHttpHeaders(res);
      // The rest of the policy is unchanged.
      expect(policyOf(res)).toEqual(PAGE_POLICY);
      expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sets the refresh cookie without Secure, so the browser keeps it', async () => {
    const cookie = await signedUpCookie(browserOf());
    expect(cookie).toMatch(/HttpOnly/i);
    expect(isSecure(cookie)).toBe(false);
  });
});

describe('with an HTTPS public origin', () => {
  it('sends HSTS and upgrade-insecure-requests', async () => {
    const browser = browserOf({ appOrigin: HTTPS_ORIGIN });
    for (const url of ['/', '/api/health']) {
      const res = await browser.get(url);
      expectHttpsHeaders(res);
      expect(policyOf(res)).toEqual({ ...PAGE_POLICY, 'upgrade-insecure-requests': '' });
    }
  });

  it('sets the refresh cookie Secure, and clears it with the same attributes', async () => {
    const browser = browserOf({ appOrigin: HTTPS_ORIGIN });
    const cookie = await signedUpCookie(browser);
    expect(isSecure(cookie)).toBe(true);

    const out = await browser
      .post('/api/auth/logout')
      .set('Cookie', cookie.split(';')[0]!)
      .expect(200);
    const cleared = refreshCookieOf(out);
    expect(cleared).toMatch(
      new RegExp(`^${REFRESH_COOKIE}=;.*Path=/api;.*Expires=Thu, 01 Jan 1970`),
    );
    expect(cleared).toMatch(/HttpOnly/i);
    expect(isSecure(cleared)).toBe(true);
  });
});

describe('behind a proxy that terminates TLS', () => {
  it('trusts X-Forwarded-Proto: https when TRUST_PROXY is on: HSTS and a Secure cookie', async () => {
    const proxied = browserOf({ trustProxy: true }).set('X-Forwarded-Proto', 'https');
    expectHttpsHeaders(await proxied.get('/api/health'));
    expect(isSecure(await signedUpCookie(proxied))).toBe(true);

    // The same server asked directly over HTTP answers as plain HTTP.
    expectPlainHttpHeaders(await browserOf({ trustProxy: true }).get('/api/health'));
  });

  it('trusts the headers of a listed proxy only (TRUST_PROXY=loopback, or a range)', async () => {
    // supertest connects from 127.0.0.1: a listed loopback proxy is believed...
    const listed = browserOf({ trustProxy: ['loopback'] })
      .set('X-Forwarded-Proto', 'https')
      .set('X-Request-Id', 'proxy-id-42');
    const res = await listed.get('/api/health');
    expectHttpsHeaders(res);
    expect(res.headers['x-request-id']).toBe('proxy-id-42');
    // ...a peer outside the listed range is not.
    const unlisted = browserOf({ trustProxy: ['10.0.0.0/8'] })
      .set('X-Forwarded-Proto', 'https')
      .set('X-Request-Id', 'proxy-id-42');
    const refused = await unlisted.get('/api/health');
    expectPlainHttpHeaders(refused);
    expect(refused.headers['x-request-id']).toMatch(UUID);
  });

  it('ignores X-Forwarded-Proto when TRUST_PROXY is off', async () => {
    const spoofed = browserOf({ trustProxy: false }).set('X-Forwarded-Proto', 'https');
    expectPlainHttpHeaders(await spoofed.get('/api/health'));
    expect(isSecure(await signedUpCookie(spoofed))).toBe(false);
  });
});

describe('request ids', () => {
  it('gives every answer its own id: API answers, errors and static files', async () => {
    const browser = browserOf();
    const answers = [
      await browser.get('/api/health').expect(200),
      await browser.get('/api/nope').expect(404),
      await browser
        .post('/api/auth/send-otp')
        .set('Content-Type', 'application/json')
        .send('{"email": ')
        .expect(400),
      await browser.get('/').expect(200),
      await browser.get('/media/default-avatar.svg').expect(200),
      await browser.get('/media/missing.png').expect(404),
    ];
    const ids = answers.map((res) => res.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the id a trusted proxy sent, and writes it in the request’s log line', async () => {
    const { logger, lines } = memoryLogger();
    const proxied = browserOf({ trustProxy: true }, logger);
    const res = await proxied
      .get('/api/articles/getlatestarticles')
      .set('X-Request-Id', 'edge-7f3a.2:9')
      .expect(200);
    expect(res.headers['x-request-id']).toBe('edge-7f3a.2:9');

    const logged = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'request completed');
    expect(logged.map((entry) => entry.reqId)).toEqual(['edge-7f3a.2:9']);
  });

  it('replaces the id of a proxy that is not trusted', async () => {
    const res = await browserOf({ trustProxy: false })
      .get('/api/health')
      .set('X-Request-Id', 'chosen-by-anyone');
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('replaces an id that is empty, too long or holds characters a log should not', async () => {
    const proxied = browserOf({ trustProxy: true });
    const longest = 'a'.repeat(128);
    expect(
      (await proxied.get('/api/health').set('X-Request-Id', longest)).headers['x-request-id'],
    ).toBe(longest);
    for (const bad of [
      '',
      'a'.repeat(129),
      'x'.repeat(300),
      'two words',
      'tab\there',
      '"}{"admin',
    ]) {
      const res = await proxied.get('/api/health').set('X-Request-Id', bad);
      expect(res.headers['x-request-id'], JSON.stringify(bad)).toMatch(UUID);
    }
  });

  it('names the request in the error log when it fails on the server', async () => {
    const { logger, lines } = memoryLogger();
    const dead = openDatabase('postgres://postgres:postgres@127.0.0.1:1/none', 1);
    try {
      const app = createApp({ ...ctx.deps, db: dead.db, pool: dead.pool, logger });
      const res = await contractAgent(app)
        .post('/api/auth/send-otp')
        .send({ email: uniqueEmail() })
        .expect(503);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const failed = entries.filter((entry) => entry.msg === 'request failed');
      const completed = entries.filter((entry) => entry.msg === 'request completed');
      expect(failed.map((entry) => entry.reqId)).toEqual([id]);
      expect(completed.map((entry) => entry.reqId)).toEqual([id]);
    } finally {
      await dead.close();
    }
  });
});
