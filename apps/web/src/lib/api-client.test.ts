import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@lede/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { api, ApiError, setApiOrigin, type RequestOptions } from './api-client';
import { forgetEarlyRequests, requestEarly } from './early-requests';
import { setNavigator } from './navigation';
import {
  AUTH_LOGOUT_EVENT,
  endSession,
  getToken,
  getUser,
  startSession,
  STORAGE_KEYS,
} from './storage';
import * as toastModule from './toast';

/** A real HTTP server on loopback; each test says how the next request is answered. */
let server: Server;
let answer: (req: IncomingMessage, res: ServerResponse) => void;
const seen: { method?: string; url?: string; auth?: string; body: string }[] = [];

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

const reader = {
  _id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  profile_url: '/media/default-avatar.svg',
  theme: 'dark' as const,
  theme_chosen: true,
  interests: [],
  timezone: 'UTC',
  createdAt: '2024-01-01T00:00:00.000Z',
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiOrigin(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  setApiOrigin('');
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let navigate: ReturnType<typeof vi.fn<(to: string, options?: unknown) => void>>;
let errorToast: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  seen.length = 0;
  navigate = vi.fn<(to: string, options?: unknown) => void>();
  setNavigator(navigate);
  errorToast = vi.spyOn(toastModule.toast, 'error').mockImplementation(() => 'id');
});

describe('api client', () => {
  it('sends JSON with the stored bearer token and stores the AccessToken it receives', async () => {
    startSession(reader, 'old-token');
    answer = (_req, res) => json(res, 200, { streak: 3, AccessToken: 'new-token' });
    const res = await api('GET /api/profile/getstreak');
    expect(res.streak).toBe(3);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/profile/getstreak' });
    expect(seen[0]!.auth).toBe('Bearer old-token');
    expect(getToken()).toBe('new-token');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
  });

  it('sends no Authorization header for a visitor, and the query string', async () => {
    answer = (_req, res) => json(res, 200, { articles: [], nextCursor: null });
    await api('GET /api/articles/getarticlebykeyword', { query: { keyword: 'climate news' } });
    expect(seen[0]!.auth).toBeUndefined();
    expect(seen[0]!.url).toBe('/api/articles/getarticlebykeyword?keyword=climate+news');
  });

  it('on 401 clears storage, fires auth-logout, says why and goes to /login', async () => {
    startSession(reader, 'token');
    const logout = vi.fn();
    window.addEventListener(AUTH_LOGOUT_EVENT, logout);
    answer = (_req, res) => json(res, 401, { message: 'Invalid or expired token' });
    await expect(api('GET /api/profile/getstreak')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
    expect(logout).toHaveBeenCalledTimes(1);
    expect(errorToast).toHaveBeenCalledWith('Authentication failed. Please log in again.');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    window.removeEventListener(AUTH_LOGOUT_EVENT, logout);
  });

  it('on 403 does the same with the session-expired text', async () => {
    startSession(reader, 'token');
    answer = (_req, res) => json(res, 403, { message: 'Forbidden' });
    await expect(
      api('POST /api/userinteractions/like', { body: { article_id: 'x' } }),
    ).rejects.toThrow('Forbidden');
    expect(getToken()).toBeNull();
    expect(errorToast).toHaveBeenCalledWith('Session expired. Please log in again.');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(seen[0]!.body).toBe('{"article_id":"x"}');
  });

  it('on 403 with needsPreferences keeps the session and goes to /preferences', async () => {
    startSession(reader, 'token');
    answer = (_req, res) =>
      json(res, 403, { message: 'Pick interests first', needsPreferences: true });
    const err = await api('POST /api/recommendations/refresh').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).needsPreferences).toBe(true);
    expect(getToken()).toBe('token');
    expect(navigate).toHaveBeenCalledWith('/preferences', { state: { fromReset: true } });
    expect(errorToast).toHaveBeenCalledWith(
      'Please set your interests to get personalized recommendations',
    );
  });

  it('on 403 REAUTH_REQUIRED keeps the session and lets the caller ask for the password', async () => {
    startSession(reader, 'token');
    answer = (_req, res) =>
      json(res, 403, { message: MESSAGES.auth.reauthRequired, code: 'REAUTH_REQUIRED' });
    const err = await api('DELETE /api/profile/deleteaccount').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).reauthRequired).toBe(true);
    expect(getToken()).toBe('token');
    expect(getUser()).toEqual(reader);
    expect(navigate).not.toHaveBeenCalled();
    expect(errorToast).not.toHaveBeenCalled();
  });

  it("shows the server's message, or the spec's fallback when there is none", async () => {
    answer = (_req, res) =>
      json(res, 400, { message: 'Invalid code', code: 'OTP_INVALID', attemptsLeft: 4 });
    const err = (await api('POST /api/auth/verify-otp', {
      body: { email: 'a@b.co', otp: '111111', hash: 'h' },
      fallback: 'OTP verification failed',
    }).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('Invalid code');
    expect(err.code).toBe('OTP_INVALID');
    expect(err.attemptsLeft).toBe(4);

    answer = (_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    };
    await expect(
      api('POST /api/auth/send-otp', { body: { email: 'a@b.co' }, fallback: 'Failed to send OTP' }),
    ).rejects.toThrow('Failed to send OTP');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('turns a network failure into the fallback text', async () => {
    setApiOrigin('http://127.0.0.1:1');
    try {
      await expect(
        api('GET /api/articles/getlatestarticles', { fallback: 'Latest articles fetch failed' }),
      ).rejects.toMatchObject({
        status: 0,
        code: undefined,
        message: 'Latest articles fetch failed',
      });
    } finally {
      setApiOrigin(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
  });

  it('is typed from the route table: the body, query and result of the route called', async () => {
    startSession(reader, 'token');
    answer = (_req, res) =>
      json(res, 200, { message: 'ok', liked: true, disliked: false, likes: 6, dislikes: 0 });
    const res = await api('POST /api/userinteractions/like', { body: { article_id: 'a1' } });
    expectTypeOf(res.liked).toEqualTypeOf<boolean>();
    expectTypeOf(res.likes).toEqualTypeOf<number>();
    expect(res).toMatchObject({ liked: true, likes: 6 });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/userinteractions/like' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ article_id: 'a1' });

    // The options of each route come from its row of ROUTES.
    expectTypeOf<RequestOptions<'POST /api/auth/send-otp'>['body']>().toEqualTypeOf<{
      email: string;
    }>();
    expectTypeOf<RequestOptions<'GET /api/articles/getarticlebyid'>['query']>().toEqualTypeOf<{
      article_id: string;
    }>();
    expectTypeOf<
      RequestOptions<'POST /api/profile/uploadpicture'>['body']
    >().toEqualTypeOf<FormData>();
    expectTypeOf<RequestOptions<'GET /api/profile/getstreak'>['body']>().toEqualTypeOf<undefined>();

    // What the type check refuses (checked by `tsc`, never sent).
    const refused = [
      // @ts-expect-error a path that is not in the route table
      () => api('GET /api/articles/nope'),
      // @ts-expect-error a body the route does not read
      () => api('POST /api/userinteractions/like', { body: { id: 'a1' } }),
      // @ts-expect-error the route needs a body
      () => api('POST /api/auth/send-otp'),
      // @ts-expect-error a route that reads no body takes none
      () => api('GET /api/profile/getstreak', { body: { streak: 1 } }),
      // @ts-expect-error a query the route does not read
      () => api('GET /api/articles/getarticlebyid', { query: { id: 'a1' } }),
    ];
    expect(refused).toHaveLength(5);
  });
});

describe('requests asked for at start-up', () => {
  const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  it('answer the first GET of their URL, once, with the session headers', async () => {
    startSession(reader, 'early-token');
    let answered = 0;
    answer = (_req, res) => json(res, 200, { streak: ++answered });
    requestEarly([`${base()}/api/profile/getstreak`]);

    expect(await api('GET /api/profile/getstreak')).toMatchObject({ streak: 1 });
    expect(await api('GET /api/profile/getstreak')).toMatchObject({ streak: 2 });
    expect(seen.map((r) => [r.url, r.auth])).toEqual([
      ['/api/profile/getstreak', 'Bearer early-token'],
      ['/api/profile/getstreak', 'Bearer early-token'],
    ]);
  });

  it('are not used once the session changed, nor for another URL', async () => {
    startSession(reader, 'early-token');
    answer = (req, res) => json(res, 200, { streak: req.headers.authorization ? 5 : 0 });
    requestEarly([`${base()}/api/profile/getstreak`]);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    endSession();

    expect(await api('GET /api/profile/getstreak')).toMatchObject({ streak: 0 });
    expect(seen.map((r) => r.auth)).toEqual(['Bearer early-token', undefined]);
    forgetEarlyRequests();
  });
});
